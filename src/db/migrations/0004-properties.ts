// Property keys (with choices) and lookup values: frequently changing numbers named by a key and sub key
// over a time range, stored for millions of rows per key, with statistics maintained on write.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { identityColumn } from './schema-helpers.ts';

export const properties = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('property_keys')
      .addColumn('key_name', 'text', (c) => c.primaryKey())
      .addColumn('sub_key_name', 'text')
      .addColumn('display_name', 'text')
      .addColumn('family', 'text')
      .addColumn('keyspace', 'text')
      .addColumn('description', 'text')
      .addColumn('data_type', 'text', (c) => c.notNull())
      .addColumn('quantity_unit', 'text')
      .addColumn('formula_detail', 'text')
      .addColumn('lookback_interval_quantity', 'integer')
      .addColumn('lookback_quantity', 'integer')
      .addColumn('lookback_period', 'text')
      .addColumn('lookback_tou_id', 'integer')
      .addColumn('lookback_season_id', 'integer')
      .addColumn('entity_id', 'integer')
      .addColumn('entity_type', 'text')
      .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('PUBLIC'))
      .addColumn('source', 'text')
      .execute();
    await db.schema
      .createIndex('property_keys_entity_idx')
      .on('property_keys')
      .columns(['entity_type', 'entity_id'])
      .execute();
    await db.schema
      .createTable('property_key_choices')
      .addColumn('key_name', 'text', (c) => c.notNull().references('property_keys.key_name').onDelete('cascade'))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('display_value', 'text')
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('data_value', 'text')
      .addColumn('likelihood', 'double precision')
      .addPrimaryKeyConstraint('property_key_choices_pk', ['key_name', 'sequence'])
      .execute();

    await identityColumn(db.schema.createTable('property_lookups'), 'lookup_id', dialect)
      .addColumn('key_name', 'text', (c) => c.notNull())
      // '' stands for "no sub key", so that the key can be part of an index and compared with =.
      .addColumn('sub_key_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('from_time', 'bigint', (c) => c.notNull())
      .addColumn('to_time', 'bigint', (c) => c.notNull())
      .addColumn('best_value', 'double precision')
      .addColumn('best_accuracy', 'double precision')
      .addColumn('actual_value', 'double precision')
      .addColumn('lse_forecast_value', 'double precision')
      .addColumn('lse_forecast_accuracy', 'double precision')
      .addColumn('forecast_value', 'double precision')
      .addColumn('forecast_accuracy', 'double precision')
      .execute();
    await db.schema
      .createIndex('property_lookups_key_sub_from_idx')
      .on('property_lookups')
      .columns(['key_name', 'sub_key_name', 'from_time'])
      .execute();
    await db.schema
      .createIndex('property_lookups_key_from_idx')
      .on('property_lookups')
      .columns(['key_name', 'from_time'])
      .execute();

    await db.schema
      .createTable('property_lookup_stats')
      .addColumn('key_name', 'text', (c) => c.notNull())
      .addColumn('sub_key_name', 'text', (c) => c.notNull())
      .addColumn('lookup_count', 'bigint', (c) => c.notNull())
      .addColumn('min_from_time', 'bigint')
      .addColumn('max_to_time', 'bigint')
      .addColumn('total_duration', 'bigint', (c) => c.notNull())
      .addColumn('max_duration', 'bigint', (c) => c.notNull())
      .addColumn('value_sum', 'double precision', (c) => c.notNull())
      .addColumn('value_count', 'bigint', (c) => c.notNull())
      .addColumn('last_updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('property_lookup_stats_pk', ['key_name', 'sub_key_name'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const t of ['property_lookup_stats', 'property_lookups', 'property_key_choices', 'property_keys'])
      await db.schema.dropTable(t).execute();
  },
});
