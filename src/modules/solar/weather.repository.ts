// Weather stations in SQL. The station list is small (one row per typical-year file) and a weather year is 8,760
// rows of six numbers: both are read once per process and kept, as they change only when the seed runs again.
import type { Db } from '../../db/database.ts';
import { decodeWeather } from '../../data/weather/weather-json.ts';
import type { V8Weather } from '../../engine/solar/v8/pvwatts-v8.ts';

export interface WeatherStation {
  stationId: string;
  dataset: string;
  name: string;
  state: string | null;
  latitude: number;
  longitude: number;
  utcOffset: number;
  elevation: number | null;
  climateZone: string | null;
  fileName: string;
  source: string;
}

export class WeatherRepository {
  private list: Promise<WeatherStation[]> | null = null;
  private readonly years = new Map<string, Promise<V8Weather>>();

  constructor(private readonly db: Db) {}

  stations(): Promise<WeatherStation[]> {
    this.list ??= this.db.kysely
      .selectFrom('weather_stations')
      .select([
        'station_id',
        'dataset',
        'station_name',
        'state',
        'latitude',
        'longitude',
        'utc_offset',
        'elevation',
        'climate_zone',
        'file_name',
        'source',
      ])
      .orderBy('station_id')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          stationId: r.station_id,
          dataset: r.dataset,
          name: r.station_name,
          state: r.state,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          utcOffset: Number(r.utc_offset),
          elevation: r.elevation === null ? null : Number(r.elevation),
          climateZone: r.climate_zone,
          fileName: r.file_name,
          source: r.source,
        })),
      )
      .catch((e: unknown) => {
        this.list = null;
        throw e;
      });
    return this.list;
  }

  weather(station: WeatherStation): Promise<V8Weather> {
    let year = this.years.get(station.stationId);
    if (!year) {
      year = this.db.kysely
        .selectFrom('weather_stations')
        .select('weather')
        .where('station_id', '=', station.stationId)
        .executeTakeFirstOrThrow()
        .then((r) =>
          decodeWeather(
            r.weather,
            { latitude: station.latitude, longitude: station.longitude, timeZone: station.utcOffset },
            station.elevation ?? 0,
          ),
        );
      year.catch(() => this.years.delete(station.stationId));
      this.years.set(station.stationId, year);
    }
    return year;
  }
}
