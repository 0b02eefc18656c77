// Loads the typical load profiles and every ZIP code's IECC climate zone from the reference folder (read in place:
// ../shared/reference by default, REFERENCE_DATA_DIR to move it). Without that folder the seeder is skipped, not
// recorded as run, so a later start with the folder present loads it. Runs after the ZIP codes (it sets their
// climate_zone; a re-seed of the ZIP codes must be followed by this one, so raise both versions together).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { readStationZones, zipPlacesFromRows, zonesForZips } from './climate/climate-zones.ts';
import { insertInChunks } from './insert-chunks.ts';
import { readCrbProfiles, readOpenEiHomes } from './loads/reference-loads.ts';
import type { Seeder } from './seed.ts';

const STATIONS = ['climate', 'openstudio-hpxml_weather_stations.csv'];
const LOADS = ['loads'];
/** ZIP codes per UPDATE ... WHERE zipcode IN (...): one statement per zone and chunk, not one per ZIP code. */
const ZIPS_PER_UPDATE = 1000;

async function setClimateZones(trx: Transaction<Database>, stationsCsv: string): Promise<number> {
  const stations = readStationZones(stationsCsv);
  const rows = await trx.selectFrom('zipcodes').select(['zipcode', 'state', 'state_ansi', 'county_ansi', 'latitude', 'longitude']).execute();
  const byZone = new Map<string, string[]>();
  for (const [zip, z] of zonesForZips(stations, zipPlacesFromRows(rows))) {
    const list = byZone.get(z.zone) ?? [];
    list.push(zip);
    byZone.set(z.zone, list);
  }
  await trx.updateTable('zipcodes').set({ climate_zone: null }).execute();
  let count = 0;
  for (const [zone, zips] of byZone) {
    for (let i = 0; i < zips.length; i += ZIPS_PER_UPDATE) {
      await trx.updateTable('zipcodes').set({ climate_zone: zone }).where('zipcode', 'in', zips.slice(i, i + ZIPS_PER_UPDATE)).execute();
    }
    count += zips.length;
  }
  return count;
}

export function typicalLoadsSeeder(referenceDir: string): Seeder {
  const stationsCsv = join(referenceDir, ...STATIONS);
  const loadsDir = join(referenceDir, ...LOADS);
  return {
    name: 'typical-loads',
    version: 1,
    available: () => existsSync(stationsCsv) && existsSync(loadsDir),
    async run(trx) {
      const profiles = [...readCrbProfiles(loadsDir), ...readOpenEiHomes(loadsDir, readStationZones(stationsCsv))];
      await trx.deleteFrom('load_profiles').execute();
      // Each row carries 8760 numbers as text: a few rows per statement keep statements small.
      for (let i = 0; i < profiles.length; i += 8) await insertInChunks(trx, 'load_profiles', profiles.slice(i, i + 8));
      return profiles.length + (await setClimateZones(trx, stationsCsv));
    },
  };
}
