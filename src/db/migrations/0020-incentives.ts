// Incentives (GET /rest/beta/incentives): rebates and tax credits for solar, storage, heat pumps, EVs and chargers,
// each with the questions a customer answers for it to apply (incentive_applicabilities). Public reference data,
// written by the starter seeder; no foreign key to lses, so an incentive keeps its lse_name when an LSE is removed.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const incentives = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('incentives')
      .addColumn('incentive_id', 'integer', (c) => c.primaryKey())
      .addColumn('master_incentive_id', 'integer', (c) => c.notNull())
      .addColumn('incentive_name', 'text', (c) => c.notNull())
      // taxCredit, rebate.
      .addColumn('incentive_type', 'text', (c) => c.notNull())
      // solarPv, storage, heatPump, electricVehicle, evCharger.
      .addColumn('project_type', 'text', (c) => c.notNull())
      .addColumn('customer_class', 'text', (c) => c.notNull())
      // FEDERAL, STATE, UTILITY.
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('lse_id', 'integer')
      .addColumn('lse_name', 'text')
      // Local dates, YYYY-MM-DD; end_date exclusive; null when unknown (start) or open (end).
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .addColumn('end_reason', 'text')
      // 0 or 1; null when the sources do not say.
      .addColumn('is_exhausted', 'integer')
      .addColumn('rate', 'double precision', (c) => c.notNull())
      .addColumn('rate_unit', 'text', (c) => c.notNull())
      // JSON {keyName, displayName, quantityUnit}: what a COST_PER_UNIT rate is paid per; null when per project.
      .addColumn('quantity_key', 'text')
      .addColumn('payment_cap', 'double precision')
      .addColumn('percent_cost_cap', 'double precision')
      .addColumn('incentive_paid_to', 'text')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('requirements', 'text', (c) => c.notNull())
      // JSON [{url, title, dateRead}].
      .addColumn('sources', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('incentives_master_idx').on('incentives').column('master_incentive_id').execute();
    await db.schema.createIndex('incentives_lse_idx').on('incentives').column('lse_id').execute();
    await db.schema
      .createTable('incentive_applicabilities')
      .addColumn('incentive_id', 'integer', (c) =>
        c.notNull().references('incentives.incentive_id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('applicability_key', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('required_value', 'text')
      // '=' or 'IN' (required_value a comma list); null for a number bounded by min/max, or a quantity.
      .addColumn('operator', 'text')
      .addColumn('min_value', 'double precision')
      .addColumn('max_value', 'double precision')
      .addColumn('quantity_unit', 'text')
      // JSON [{displayValue, dataValue}]; null for a number.
      .addColumn('choices', 'text')
      .addPrimaryKeyConstraint('incentive_applicabilities_pk', ['incentive_id', 'position'])
      .execute();
    await db.schema
      .createIndex('incentive_applicabilities_key_idx')
      .on('incentive_applicabilities')
      .column('applicability_key')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('incentive_applicabilities').execute();
    await db.schema.dropTable('incentives').execute();
  },
});
