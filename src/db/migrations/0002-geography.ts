// ZIP codes, load serving entities, territories (with items and LSEs) and utility taxes.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { identityColumn } from './schema-helpers.ts';

export const geography = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('zipcodes')
      .addColumn('zipcode', 'text', (c) => c.primaryKey())
      .addColumn('city', 'text')
      .addColumn('city_mixed_case', 'text')
      .addColumn('county', 'text')
      .addColumn('state', 'text')
      .addColumn('state_ansi', 'integer')
      .addColumn('county_ansi', 'integer')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('time_zone', 'integer')
      .addColumn('day_light_saving', 'boolean')
      .addColumn('time_zone_id', 'text')
      // Fields of the spec that the bundled GeoNames data does not have; null until a source provides them.
      .addColumn('area_code', 'text')
      .addColumn('city_type', 'text')
      .addColumn('city_alias_abbreviation', 'text')
      .addColumn('city_alias_mixed_case', 'text')
      .addColumn('elevation', 'integer')
      .addColumn('classification_code', 'text')
      .execute();
    await db.schema.createIndex('zipcodes_state_city_idx').on('zipcodes').columns(['state', 'city']).execute();
    await db.schema.createIndex('zipcodes_latitude_idx').on('zipcodes').column('latitude').execute();

    let lses = db.schema
      .createTable('lses')
      .addColumn('lse_id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('website_home', 'text')
      .addColumn('offering_type', 'text')
      .addColumn('ownership', 'text')
      .addColumn('service_types', 'text')
      .addColumn('total_revenues', 'bigint')
      .addColumn('total_sales', 'bigint')
      .addColumn('total_customers', 'bigint');
    for (const cls of ['residential', 'commercial', 'industrial', 'transportation']) {
      lses = lses
        .addColumn(`${cls}_service_types`, 'text')
        .addColumn(`${cls}_revenues`, 'bigint')
        .addColumn(`${cls}_sales`, 'bigint')
        .addColumn(`${cls}_customers`, 'bigint');
    }
    await lses
      .addColumn('bpr_from_date_offset', 'integer')
      .addColumn('bpr_to_date_offset', 'integer')
      .addColumn('bpr_style', 'text')
      .addColumn('time_zone_id', 'text')
      .addColumn('source', 'text')
      .execute();
    await db.schema.createIndex('lses_code_idx').on('lses').column('code').execute();

    await db.schema
      .createTable('territories')
      .addColumn('territory_id', 'integer', (c) => c.primaryKey())
      .addColumn('territory_name', 'text', (c) => c.notNull())
      .addColumn('lse_id', 'integer', (c) => c.notNull().references('lses.lse_id').onDelete('cascade'))
      .addColumn('parent_territory_id', 'integer')
      .addColumn('usage_type', 'text', (c) => c.notNull())
      .addColumn('item_types', 'text')
      .addColumn('dereg_res', 'boolean')
      .addColumn('dereg_candi', 'boolean')
      .addColumn('center_latitude', 'double precision')
      .addColumn('center_longitude', 'double precision')
      .addColumn('source', 'text')
      .execute();
    await db.schema.createIndex('territories_lse_idx').on('territories').columns(['lse_id', 'usage_type']).execute();

    await identityColumn(db.schema.createTable('territory_items'), 'territory_item_id', dialect)
      .addColumn('territory_id', 'integer', (c) =>
        c.notNull().references('territories.territory_id').onDelete('cascade'),
      )
      .addColumn('territory_type', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      // The state a COUNTY or CITY item lies in; names repeat across states (Orange County, CA and FL).
      .addColumn('state', 'text')
      .addColumn('exclude', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('partial', 'boolean', (c) => c.notNull().defaultTo(false))
      // Normalized key a ZIP code's own keys are compared with: Z:94110, S:CA, C:CA:san francisco, T:CA:oakland.
      .addColumn('match_key', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('territory_items_match_idx')
      .on('territory_items')
      .columns(['match_key', 'territory_id'])
      .execute();
    await db.schema.createIndex('territory_items_territory_idx').on('territory_items').column('territory_id').execute();

    await db.schema
      .createTable('territory_lses')
      .addColumn('territory_id', 'integer', (c) =>
        c.notNull().references('territories.territory_id').onDelete('cascade'),
      )
      .addColumn('lse_id', 'integer', (c) => c.notNull().references('lses.lse_id').onDelete('cascade'))
      .addColumn('distribution', 'boolean')
      .addColumn('supplier_residential', 'boolean')
      .addColumn('supplier_general', 'boolean')
      .addColumn('residential_coverage', 'double precision')
      .addColumn('general_coverage', 'double precision')
      .addPrimaryKeyConstraint('territory_lses_pk', ['territory_id', 'lse_id'])
      .execute();

    await db.schema
      .createTable('utility_taxes')
      .addColumn('utility_tax_id', 'integer', (c) => c.primaryKey())
      .addColumn('rate_name', 'text', (c) => c.notNull())
      .addColumn('from_date', 'text')
      .addColumn('to_date', 'text')
      .addColumn('rate_amount_electricity', 'double precision')
      .addColumn('rate_amount_gas', 'double precision')
      .addColumn('territory_id', 'integer', (c) =>
        c.notNull().references('territories.territory_id').onDelete('cascade'),
      )
      .addColumn('customer_classes', 'text', (c) => c.notNull())
      .addColumn('source', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const t of ['utility_taxes', 'territory_lses', 'territory_items', 'territories', 'lses', 'zipcodes'])
      await db.schema.dropTable(t).execute();
  },
});
