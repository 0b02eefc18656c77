// How a tariff version treats energy a customer sends to the grid: its export arrangement (net metering with kWh
// rollover, net billing, net billing with dollar carryover, buy all / sell all; null: as its rates say) and the
// true-up's month, year-end sell rate and whether leftover dollar credit is paid.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const exportRules = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tariffs').addColumn('export_arrangement', 'text').execute();
    await db.schema.alterTable('tariffs').addColumn('true_up_month', 'integer').execute();
    await db.schema.alterTable('tariffs').addColumn('year_end_sell_rate', 'double precision').execute();
    await db.schema.alterTable('tariffs').addColumn('year_end_credit_paid', 'boolean').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const c of ['export_arrangement', 'true_up_month', 'year_end_sell_rate', 'year_end_credit_paid'])
      await db.schema.alterTable('tariffs').dropColumn(c).execute();
  },
});
