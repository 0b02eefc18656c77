// The starter dataset's seeders, in dependency order (geography before tariffs before lookups).
import type { Seeder } from './seed.ts';

export const seeders: readonly Seeder[] = [];
