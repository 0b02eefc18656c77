// The starter dataset's seeders, in dependency order (geography before tariffs before lookups).
import type { Seeder } from './seeder.ts';
import { geographySeeder } from './geography.seeder.ts';
import { incentivesSeeder } from './incentives.seeder.ts';
import { propertiesSeeder } from './properties.seeder.ts';
import { tariffsSeeder } from './tariffs.seeder.ts';
import { documentsSeeder } from './documents.seeder.ts';
import { timeSeeder } from './time.seeder.ts';
import { typicalLoadsSeeder } from './typical-loads.seeder.ts';
import { weatherStationsSeeder } from './weather-stations.seeder.ts';
import { zipcodesSeeder } from './zipcodes.seeder.ts';

export const seeders: readonly Seeder[] = [
  zipcodesSeeder,
  geographySeeder,
  timeSeeder,
  propertiesSeeder,
  tariffsSeeder,
  documentsSeeder,
  incentivesSeeder,
];

/**
 * Every seeder, with those that read the shared reference folder last: typical load profiles and climate zones, then
 * the weather stations (whose zones come from the ZIP codes').
 */
export const allSeeders = (referenceDataDir: string): readonly Seeder[] => [
  ...seeders,
  typicalLoadsSeeder(referenceDataDir),
  weatherStationsSeeder(referenceDataDir),
];
