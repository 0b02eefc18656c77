// One place that spells out a property_keys row, so the seeders and importers that create keys name only the
// columns they know (every other one null, the key public), or give a key's whole definition.
import type { Insertable, Transaction } from 'kysely';
import type { Database, PropertyKeysTable } from '../../db/database.ts';

export type PropertyKeyInsert = Insertable<PropertyKeysTable>;

export const propertyKeyRow = (
  k: Pick<PropertyKeyInsert, 'key_name' | 'data_type'> & Partial<PropertyKeyInsert>,
): PropertyKeyInsert => ({
  sub_key_name: null,
  display_name: null,
  family: null,
  keyspace: null,
  description: null,
  quantity_unit: null,
  formula_detail: null,
  lookback_interval_quantity: null,
  lookback_quantity: null,
  lookback_period: null,
  lookback_tou_id: null,
  lookback_season_id: null,
  entity_id: null,
  entity_type: null,
  privacy: 'PUBLIC',
  source: null,
  ...k,
});

/** A property key as Ratebook's own code and bundled data define it (the starter keys, the importers' keys). */
export interface KeyDefinition {
  keyName: string;
  displayName: string;
  family: string;
  keyspace: string;
  description: string;
  dataType: string;
  quantityUnit?: string;
  formulaDetail?: string;
  entityId?: number;
  choices?: string[];
  source: string;
}

/** The stored row of a defined key (its choices are rows of property_key_choices, stored apart). */
export const keyDefinitionRow = (k: KeyDefinition): PropertyKeyInsert =>
  propertyKeyRow({
    key_name: k.keyName,
    display_name: k.displayName,
    family: k.family,
    keyspace: k.keyspace,
    description: k.description,
    data_type: k.dataType,
    quantity_unit: k.quantityUnit ?? null,
    formula_detail: k.formulaDetail ?? null,
    entity_id: k.entityId ?? null,
    entity_type: k.entityId === undefined ? null : 'LSE',
    source: k.source,
  });

/** Stores the key unless one of its name is stored (an importer never overwrites a key); whether it stored it. */
export async function insertKeyIfMissing(trx: Transaction<Database>, row: PropertyKeyInsert): Promise<boolean> {
  if (await trx.selectFrom('property_keys').select('key_name').where('key_name', '=', row.key_name).executeTakeFirst())
    return false;
  await trx.insertInto('property_keys').values(row).execute();
  return true;
}
