// Every starter tariff data file, gathered: the seeders read the tariffs and the seasons, TOU groups, property
// keys and lookup values they bring.
import { CALIFORNIA_TARIFFS } from './california.data.ts';
import { GEORGIA_POWER_TARIFFS, GEORGIA_POWER_TOU_REO } from './georgia-power.data.ts';
import type { StarterTariffSet } from './starter-tariff.ts';
import { URDB_RECORD_TARIFFS } from './urdb-records.data.ts';
import { WEST_TEXAS_HAWAII_TARIFFS } from './west-texas-hawaii.data.ts';
import { PGE_NET_BILLING_TARIFFS } from './pge-net-billing.data.ts';

export const STARTER_TARIFF_SETS: readonly StarterTariffSet[] = [
  CALIFORNIA_TARIFFS,
  PGE_NET_BILLING_TARIFFS,
  { tariffs: [...GEORGIA_POWER_TARIFFS, ...GEORGIA_POWER_TOU_REO] },
  WEST_TEXAS_HAWAII_TARIFFS,
  URDB_RECORD_TARIFFS,
];

export const STARTER_TARIFFS = STARTER_TARIFF_SETS.flatMap((s) => s.tariffs);
export const TARIFF_SEASONS = STARTER_TARIFF_SETS.flatMap((s) => s.seasons ?? []);
export const TARIFF_TOU_GROUPS = STARTER_TARIFF_SETS.flatMap((s) => s.touGroups ?? []);
export const TARIFF_KEYS = STARTER_TARIFF_SETS.flatMap((s) => s.keys ?? []);
export const TARIFF_LOOKUPS = STARTER_TARIFF_SETS.flatMap((s) => s.lookups ?? []);
