// Organizations, their applications (credentials) and the record of applied seed data.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { identityColumn } from './schema-helpers.ts';

export const foundation = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await identityColumn(db.schema.createTable('organizations'), 'org_id', dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('applications')
      .addColumn('app_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.org_id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_salt', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull())
      .addColumn('tiers', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('key_rotated_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('applications_org_idx').on('applications').column('org_id').execute();
    await db.schema
      .createTable('seed_runs')
      .addColumn('seed_name', 'text', (c) => c.primaryKey())
      .addColumn('seed_version', 'integer', (c) => c.notNull())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('seed_runs').execute();
    await db.schema.dropTable('applications').execute();
    await db.schema.dropTable('organizations').execute();
  },
});
