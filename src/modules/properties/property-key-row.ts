// One place that spells out a property_keys row, so the seeders and importers that create keys name only the
// columns they know (every other one null, the key public).
import type { Insertable } from 'kysely';
import type { PropertyKeysTable } from '../../db/database.ts';

export type PropertyKeyInsert = Insertable<PropertyKeysTable>;

export const propertyKeyRow = (k: Pick<PropertyKeyInsert, 'key_name' | 'data_type'> & Partial<PropertyKeyInsert>): PropertyKeyInsert => ({
  sub_key_name: null, display_name: null, family: null, keyspace: null, description: null, quantity_unit: null, formula_detail: null,
  lookback_interval_quantity: null, lookback_quantity: null, lookback_period: null, lookback_tou_id: null, lookback_season_id: null,
  entity_id: null, entity_type: null, privacy: 'PUBLIC', source: null, ...k,
});
