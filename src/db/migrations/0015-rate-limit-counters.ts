// Rate-limit counters shared by every API process on one PostgreSQL: one row per application, its current window's
// start (epoch ms) and count. Unlogged: a crash may lose a minute's counts, and in exchange the upsert each claimed
// block of requests makes writes no WAL. SQLite counts per process in memory and needs no table.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const rateLimitCounters = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect !== 'postgres') return;
    await sql`create unlogged table rate_limit_counters (app_id text primary key, window_start bigint not null, count integer not null)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialect !== 'postgres') return;
    await db.schema.dropTable('rate_limit_counters').execute();
  },
});
