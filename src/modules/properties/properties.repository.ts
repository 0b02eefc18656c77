// Property keys and their choices in SQL, mapped to the API's field names in one place.
import type { Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { Db, PropertyKeysTable } from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import type { PropertyKeySchema } from './properties.schemas.ts';

export type PropertyKey = Static<typeof PropertyKeySchema>;
export type KeyRow = Selectable<PropertyKeysTable>;
type Choice = NonNullable<PropertyKey['choices']>[number];

export const KEY_COLUMNS = {
  keyName: 'key_name',
  displayName: 'display_name',
  description: 'description',
  family: 'family',
  keyspace: 'keyspace',
  dataType: 'data_type',
};

export interface KeyFilters {
  dataType?: string;
  family?: string;
  keyspace?: string;
  entity?: { type: string; id: number };
  excludeGlobal?: boolean;
}

/** Fields the original omits, rather than sends null, when a key has none (its recorded property keys). */
const OMITTED_WHEN_NULL = ['subKeyName', 'formulaDetail', 'entityId', 'entityType', 'choices'] as const;

export function toPropertyKey(r: KeyRow, choices: Choice[] | null, ext: boolean): PropertyKey {
  const key: PropertyKey = {
    keyName: r.key_name,
    subKeyName: r.sub_key_name,
    displayName: r.display_name,
    family: r.family,
    keyspace: r.keyspace,
    description: r.description,
    dataType: r.data_type,
    formulaDetail: r.formula_detail,
    entityId: r.entity_id,
    entityType: r.entity_type,
    choices,
  };
  for (const k of OMITTED_WHEN_NULL) if (key[k] === null) delete key[k];
  if (!ext) return key;
  return {
    ...key,
    quantityUnit: r.quantity_unit,
    lookbackIntervalQuantity: r.lookback_interval_quantity,
    lookbackQuantity: r.lookback_quantity,
    lookbackPeriod: r.lookback_period,
    lookbackTimeOfUseId: r.lookback_tou_id,
    lookbackSeasonId: r.lookback_season_id,
    privacy: r.privacy,
  };
}

export class PropertiesRepository {
  constructor(private readonly db: Db) {}

  find(keyName: string): Promise<KeyRow | undefined> {
    return this.db.kysely.selectFrom('property_keys').selectAll().where('key_name', '=', keyName).executeTakeFirst();
  }

  /** Those of the names that are property keys. */
  async existing(keyNames: readonly string[]): Promise<Set<string>> {
    if (!keyNames.length) return new Set();
    const rows = await this.db.kysely
      .selectFrom('property_keys')
      .select('key_name')
      .where('key_name', 'in', [...new Set(keyNames)])
      .execute();
    return new Set(rows.map((r) => r.key_name));
  }

  list(filters: KeyFilters, options: ListOptions) {
    let q = this.db.kysely.selectFrom('property_keys');
    if (filters.dataType) q = q.where('data_type', '=', filters.dataType);
    if (filters.family) q = q.where('family', '=', filters.family);
    if (filters.keyspace) q = q.where('keyspace', '=', filters.keyspace);
    if (filters.entity) q = q.where('entity_type', '=', filters.entity.type).where('entity_id', '=', filters.entity.id);
    if (filters.excludeGlobal) q = q.where('entity_id', 'is not', null);
    return runPagedQuery<KeyRow>(this.db.dialect, q, (qb) => qb.selectAll(), options, KEY_COLUMNS, 'key_name');
  }

  async choicesOf(keyNames: string[]): Promise<Map<string, Choice[]>> {
    const out = new Map<string, Choice[]>();
    if (!keyNames.length) return out;
    const rows = await this.db.kysely
      .selectFrom('property_key_choices')
      .selectAll()
      .where('key_name', 'in', keyNames)
      .orderBy('key_name')
      .orderBy('sequence')
      .execute();
    for (const r of rows) {
      const list = out.get(r.key_name) ?? [];
      list.push({ displayValue: r.display_value, value: r.value, dataValue: r.data_value, likelihood: r.likelihood });
      out.set(r.key_name, list);
    }
    return out;
  }
}
