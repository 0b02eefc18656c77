// The organization that wrote a tariff version over the API (POST /rest/beta/tariffs): its owner, the only
// organization that sees or bills it. Null for every tariff of the starter data and of imports (reference data).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const tariffOwner = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('tariffs')
      .addColumn('owner_org_id', 'integer', (c) => c.references('organizations.org_id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('tariffs_owner_idx')
      .on('tariffs')
      .columns(['owner_org_id', 'master_tariff_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('tariffs_owner_idx').execute();
    await db.schema.alterTable('tariffs').dropColumn('owner_org_id').execute();
  },
});
