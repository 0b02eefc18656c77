// The log of key changes (rotations, revocations, admin key resets): one row per change, written in the transaction
// that changes the key. Every server on SQLite reads the rows past the last one it saw, several times a second, and
// forgets what it cached about those applications (modules/keys/key-change-log.ts): SQLite has no NOTIFY, and a
// revocation made by the CLI or by another server must be refused within a second. PostgreSQL keeps the log too.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { identityColumn } from './schema-helpers.ts';

export const keyChanges = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await identityColumn(db.schema.createTable('key_changes'), 'seq', dialect)
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('key_changes').execute();
  },
});
