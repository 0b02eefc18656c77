// Tariffs: one row per version (tariffId) grouped by masterTariffId, with rates, rate bands and the
// properties (applicability and rate criteria) of each version.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const tariffs = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tariffs')
      .addColumn('tariff_id', 'integer', (c) => c.primaryKey())
      .addColumn('master_tariff_id', 'integer', (c) => c.notNull())
      .addColumn('tariff_code', 'text')
      .addColumn('tariff_book_name', 'text')
      .addColumn('tariff_name', 'text', (c) => c.notNull())
      .addColumn('lse_id', 'integer', (c) => c.notNull().references('lses.lse_id').onDelete('cascade'))
      .addColumn('service_type', 'text', (c) => c.notNull().defaultTo('ELECTRICITY'))
      .addColumn('prior_tariff_id', 'integer')
      .addColumn('distribution_lse_id', 'integer')
      .addColumn('tariff_type', 'text', (c) => c.notNull())
      .addColumn('customer_class', 'text', (c) => c.notNull())
      .addColumn('customer_count', 'bigint')
      .addColumn('customer_likelihood', 'double precision')
      .addColumn('customer_count_source', 'text')
      .addColumn('territory_id', 'integer')
      .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('PUBLIC'))
      // Local dates, YYYY-MM-DD; end_date is exclusive (the first day of the next version), null when open.
      .addColumn('effective_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('closed_date', 'text')
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('effective_on_rule', 'text')
      .addColumn('billing_period', 'text')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('charge_types', 'text')
      .addColumn('charge_period', 'text')
      .addColumn('min_monthly_consumption', 'double precision')
      .addColumn('max_monthly_consumption', 'double precision')
      .addColumn('min_monthly_demand', 'double precision')
      .addColumn('max_monthly_demand', 'double precision')
      .addColumn('has_time_of_use_rates', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_tiered_rates', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_contracted_rates', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_tariff_applicability', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_rate_applicability', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_net_metering', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_updated', 'text')
      .addColumn('source', 'text')
      .execute();
    await db.schema
      .createIndex('tariffs_master_idx')
      .on('tariffs')
      .columns(['master_tariff_id', 'effective_date'])
      .execute();
    await db.schema.createIndex('tariffs_lse_idx').on('tariffs').columns(['lse_id', 'customer_class']).execute();

    await db.schema
      .createTable('tariff_rates')
      .addColumn('tariff_rate_id', 'integer', (c) => c.primaryKey())
      .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.tariff_id').onDelete('cascade'))
      .addColumn('master_tariff_rate_id', 'integer')
      .addColumn('rider_tariff_id', 'integer')
      .addColumn('rider_id', 'integer')
      .addColumn('tariff_sequence_number', 'integer')
      .addColumn('rate_group_name', 'text')
      .addColumn('rate_name', 'text')
      .addColumn('from_date_time', 'text')
      .addColumn('to_date_time', 'text')
      .addColumn('charge_type', 'text')
      .addColumn('charge_class', 'text')
      .addColumn('charge_period', 'text')
      .addColumn('transaction_type', 'text')
      .addColumn('quantity_key', 'text')
      .addColumn('applicability_key', 'text')
      .addColumn('variable_limit_key', 'text')
      .addColumn('variable_rate_key', 'text')
      .addColumn('variable_rate_sub_key', 'text')
      .addColumn('variable_factor_key', 'text')
      .addColumn('edge_predominance', 'text')
      .addColumn('territory_id', 'integer')
      .addColumn('season_id', 'integer')
      .addColumn('tou_id', 'integer')
      .addColumn('proration_rules', 'text')
      .execute();
    await db.schema.createIndex('tariff_rates_tariff_idx').on('tariff_rates').column('tariff_id').execute();

    await db.schema
      .createTable('tariff_rate_bands')
      .addColumn('tariff_rate_band_id', 'integer', (c) => c.primaryKey())
      .addColumn('tariff_rate_id', 'integer', (c) =>
        c.notNull().references('tariff_rates.tariff_rate_id').onDelete('cascade'),
      )
      .addColumn('rate_sequence_number', 'integer', (c) => c.notNull())
      .addColumn('has_consumption_limit', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('consumption_upper_limit', 'double precision')
      .addColumn('has_demand_limit', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('demand_upper_limit', 'double precision')
      .addColumn('has_property_limit', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('property_upper_limit', 'double precision')
      .addColumn('applicability_value', 'text')
      .addColumn('calculation_factor', 'double precision')
      .addColumn('rate_amount', 'double precision')
      .addColumn('rate_unit', 'text')
      .addColumn('is_credit', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('prev_upper_limit', 'double precision')
      .execute();
    await db.schema
      .createIndex('tariff_rate_bands_rate_idx')
      .on('tariff_rate_bands')
      .column('tariff_rate_id')
      .execute();

    await db.schema
      .createTable('tariff_properties')
      .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.tariff_id').onDelete('cascade'))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('key_name', 'text', (c) => c.notNull())
      .addColumn('property_types', 'text')
      .addColumn('operator', 'text')
      .addColumn('property_value', 'text')
      .addColumn('min_value', 'text')
      .addColumn('max_value', 'text')
      .addColumn('period', 'text')
      .addColumn('quantity_key', 'text')
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('tariff_properties_pk', ['tariff_id', 'sequence'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const t of ['tariff_properties', 'tariff_rate_bands', 'tariff_rates', 'tariffs'])
      await db.schema.dropTable(t).execute();
  },
});
