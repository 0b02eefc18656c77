// The starter seasons, TOU groups and property keys: those of the base data files plus those the starter tariff
// files bring. Seeders and data tests read these lists, so nothing is loaded that is not checked.
import { STARTER_KEYS as BASE_KEYS } from './properties.data.ts';
import { EXPORT_PRICE_KEYS } from './export-prices/export-price-keys.ts';
import { TARIFF_KEYS, TARIFF_SEASONS, TARIFF_TOU_GROUPS } from './tariffs/index.ts';
import { STARTER_SEASONS as BASE_SEASONS, STARTER_TOU_GROUPS as BASE_TOU_GROUPS } from './time.data.ts';

export const ALL_STARTER_SEASONS = [...BASE_SEASONS, ...TARIFF_SEASONS];
export const ALL_STARTER_TOU_GROUPS = [...BASE_TOU_GROUPS, ...TARIFF_TOU_GROUPS];
// The export price keys are defined with the others (rates name them); their values load apart (exportPricesSeeder).
export const ALL_STARTER_KEYS = [...BASE_KEYS, ...TARIFF_KEYS, ...EXPORT_PRICE_KEYS];
