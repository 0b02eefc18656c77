// From when a tariff version's export arrangement is what a new solar customer gets: the local date from which an
// interconnection application is billed by it (PG&E's Net Billing Tariff: applications from 2023-04-15). Null: the
// version does not say.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const exportArrangementFrom = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tariffs').addColumn('export_arrangement_from', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tariffs').dropColumn('export_arrangement_from').execute();
  },
});
