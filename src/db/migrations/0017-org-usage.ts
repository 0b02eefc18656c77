// Calls per organization, operation and day (GET /rest/v1/orgs/usage). Each process counts in memory as it answers
// and adds its counts here every few seconds (modules/usage-counts), so serving a request writes nothing.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const orgUsage = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('org_usage')
      // No foreign key: counting must never wait on (or fail for) the organizations table.
      .addColumn('org_id', 'integer', (c) => c.notNull())
      // UTC date of the calls, YYYY-MM-DD.
      .addColumn('day', 'text', (c) => c.notNull())
      // The route as registered, with its method: `GET /rest/public/tariffs/:masterTariffId`.
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('calls', 'integer', (c) => c.notNull())
      // Calls answered with a 4xx or 5xx status.
      .addColumn('errors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('org_usage_pk', ['org_id', 'day', 'operation'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('org_usage').execute();
  },
});
