// Loads the typical load profiles, every ZIP code's IECC climate zone and the zones as CLIMATE_ZONE territories from the reference folder (read in place:
// ../shared/reference by default, REFERENCE_DATA_DIR to move it). Without that folder the seeder is skipped, not
// recorded as run, so a later start with the folder present loads it. Runs after the ZIP codes (it sets their
// climate_zone; a re-seed of the ZIP codes must be followed by this one, so raise both versions together).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  CLIMATE_SOURCE,
  readStationZones,
  zipPlacesFromRows,
  zonesForZips,
  type StationZone,
} from './climate/climate-zones.ts';
import { itemMatchKey } from '../domain/geography/place-keys.ts';
import { centroid } from '../domain/geography/centroid.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { readCrbProfiles, readOpenEiHomes, type ProfileRow } from './loads/reference-loads.ts';
import type { Seeder } from './seeder.ts';

const STATIONS = ['climate', 'openstudio-hpxml_weather_stations.csv'];
const LOADS = ['loads'];
/** ZIP codes per UPDATE ... WHERE zipcode IN (...): one statement per zone and chunk, not one per ZIP code. */
const ZIPS_PER_UPDATE = 1000;

type ZipRow = { zipcode: string; state: string | null; latitude: number | null; longitude: number | null };

/** The territory id of an IECC zone: 1900000 + 10 x its number + its letter (A 1, B 2, C 3; none 0). Stable by zone. */
export function climateZoneTerritoryId(zone: string): number {
  const letter = zone.length > 1 ? 'ABC'.indexOf(zone[1]!) + 1 : 0;
  return 1_900_000 + 10 * Number(zone[0]) + letter;
}

/** Every ZIP code's zone (zipcodes.climate_zone), and each zone as a CLIMATE_ZONE territory of no LSE with its ZIP codes. */
async function writeClimateZones(
  trx: Transaction<Database>,
  stations: ReadonlyMap<string, StationZone>,
): Promise<{ zips: number; byZone: Map<string, ZipRow[]> }> {
  const rows = await trx
    .selectFrom('zipcodes')
    .select(['zipcode', 'state', 'state_ansi', 'county_ansi', 'latitude', 'longitude'])
    .execute();
  const rowOf = new Map(rows.map((r) => [r.zipcode, r]));
  const byZone = new Map<string, ZipRow[]>();
  for (const [zip, z] of zonesForZips(stations, zipPlacesFromRows(rows))) {
    const list = byZone.get(z.zone) ?? [];
    list.push(rowOf.get(zip)!);
    byZone.set(z.zone, list);
  }
  await trx.updateTable('zipcodes').set({ climate_zone: null }).execute();
  const ids = [...byZone.keys()].map(climateZoneTerritoryId);
  await trx.deleteFrom('territory_items').where('territory_id', 'in', ids).execute();
  await trx.deleteFrom('territories').where('usage_type', '=', 'CLIMATE_ZONE').where('lse_id', 'is', null).execute();
  let count = 0;
  for (const [zone, zips] of [...byZone].sort(([a], [b]) => a.localeCompare(b))) {
    const codes = zips.map((z) => z.zipcode);
    for (let i = 0; i < codes.length; i += ZIPS_PER_UPDATE) {
      await trx
        .updateTable('zipcodes')
        .set({ climate_zone: zone })
        .where('zipcode', 'in', codes.slice(i, i + ZIPS_PER_UPDATE))
        .execute();
    }
    const id = climateZoneTerritoryId(zone);
    const center = centroid(zips);
    await trx
      .insertInto('territories')
      .values({
        territory_id: id,
        territory_name: `IECC climate zone ${zone}`,
        lse_id: null,
        parent_territory_id: null,
        usage_type: 'CLIMATE_ZONE',
        item_types: 'ZIPCODE',
        dereg_res: null,
        dereg_candi: null,
        center_latitude: center?.latitude ?? null,
        center_longitude: center?.longitude ?? null,
        source: CLIMATE_SOURCE,
      })
      .execute();
    await insertInChunks(
      trx,
      'territory_items',
      zips.map((z) => ({
        territory_id: id,
        territory_type: 'ZIPCODE',
        value: z.zipcode,
        state: z.state,
        exclude: false,
        partial: false,
        match_key: itemMatchKey('ZIPCODE', z.zipcode, z.state),
      })),
    );
    count += zips.length;
  }
  return { zips: count, byZone };
}

/** A home's place: the centre of the ZIP codes its weather station serves (the table names no coordinates). */
function placeHomes(
  homes: ProfileRow[],
  stations: ReadonlyMap<string, StationZone>,
  zips: ReadonlyMap<string, ZipRow>,
): void {
  for (const home of homes) {
    const wmo = /\.(\d{6})$/.exec(home.place)![1];
    const served = [...stations]
      .filter(([, s]) => s.wmo === wmo)
      .map(([zip]) => zips.get(zip))
      .filter((z): z is ZipRow => !!z);
    const center = centroid(served);
    home.latitude = center?.latitude ?? null;
    home.longitude = center?.longitude ?? null;
  }
}

export function typicalLoadsSeeder(referenceDir: string): Seeder {
  const stationsCsv = join(referenceDir, ...STATIONS);
  const loadsDir = join(referenceDir, ...LOADS);
  return {
    name: 'typical-loads',
    version: 1,
    available: () => existsSync(stationsCsv) && existsSync(loadsDir),
    async run(trx) {
      const stations = readStationZones(stationsCsv);
      const { zips, byZone } = await writeClimateZones(trx, stations);
      const homes = readOpenEiHomes(loadsDir, stations);
      placeHomes(homes, stations, new Map([...byZone.values()].flat().map((z) => [z.zipcode, z])));
      const profiles = [...readCrbProfiles(loadsDir), ...homes];
      await trx.deleteFrom('load_profiles').execute();
      // Each row carries 8760 numbers as text: a few rows per statement keep statements small.
      for (let i = 0; i < profiles.length; i += 8) await insertInChunks(trx, 'load_profiles', profiles.slice(i, i + 8));
      return profiles.length + zips;
    },
  };
}
