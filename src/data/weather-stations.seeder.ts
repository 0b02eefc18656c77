// Loads the typical-year weather files of the reference folder (read in place, never copied) as weather stations,
// each with its IECC climate zone: a TMY3 station's from the stations table (by WMO number), any other's (NSRDB
// locations, TMY2 stations, and TMY3 Los Angeles, which the table lacks) the zone of the nearest ZIP code. Runs after
// the typical loads, which give the ZIP codes their zones.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { greatCircleKm, readStationZones } from './climate/climate-zones.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import type { Seeder } from './seeder.ts';
import { readReferenceWeather } from './weather/reference-weather.ts';
import { v8WeatherOf } from './weather/v8-weather.ts';
import { encodeWeather } from './weather/weather-json.ts';

type Zip = {
  city: string | null;
  city_mixed_case: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  climate_zone?: string | null;
};

function nearest(zips: readonly Zip[], lat: number, lng: number): Zip | null {
  let best: Zip | null = null;
  let km = Infinity;
  for (const z of zips) {
    if (z.latitude === null || z.longitude === null || !z.climate_zone) continue;
    const d = greatCircleKm(lat, lng, z.latitude, z.longitude);
    if (d < km) [best, km] = [z, d];
  }
  return best;
}

export function weatherStationsSeeder(referenceDir: string): Seeder {
  const stationsCsv = join(referenceDir, 'climate', 'openstudio-hpxml_weather_stations.csv');
  return {
    name: 'weather-stations',
    // 2: the weather as PVWatts v8 reads it (v8-weather.ts: minute stamps, time convention, albedo by file type).
    // 3: with the air pressure (the sun's refraction by SPA).
    version: 3,
    available: () => existsSync(join(referenceDir, 'weather')) || existsSync(join(referenceDir, 'solar')),
    async run(trx) {
      const zoneOfWmo = new Map<string, string>();
      if (existsSync(stationsCsv)) for (const s of readStationZones(stationsCsv).values()) zoneOfWmo.set(s.wmo, s.zone);
      const zips = await trx
        .selectFrom('zipcodes')
        .select(['city', 'city_mixed_case', 'state', 'latitude', 'longitude', 'climate_zone'])
        .execute();
      const rows = readReferenceWeather(referenceDir).map(({ file, weather, dataset, source }) => {
        const { latitude, longitude, timeZone } = weather.place;
        const near = nearest(zips, latitude, longitude);
        const named = weather.station.city ?? (near ? `${near.city_mixed_case ?? near.city}, ${near.state}` : file);
        return {
          station_id: `${dataset}-${weather.station.id}`,
          dataset,
          station_name: weather.station.city ? named : `${named} (${dataset} location ${weather.station.id})`,
          state: weather.station.state ?? near?.state ?? null,
          latitude,
          longitude,
          utc_offset: timeZone,
          elevation: weather.station.elevation,
          climate_zone:
            (dataset === 'TMY3' ? zoneOfWmo.get(weather.station.id) : undefined) ?? near?.climate_zone ?? null,
          file_name: file,
          source,
          weather: encodeWeather(v8WeatherOf(weather)),
        };
      });
      await trx.deleteFrom('weather_stations').execute();
      // A row carries about 250 kB of JSON: a few per statement.
      for (let i = 0; i < rows.length; i += 4) await insertInChunks(trx, 'weather_stations', rows.slice(i, i + 4));
      return rows.length;
    },
  };
}
