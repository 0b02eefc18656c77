// Reading chunks are only ever read by profile (one account's months, or a job chunk's 50 accounts': ~650 rows by the
// primary key), never scanned whole, so PostgreSQL is told not to plan parallel scans of them. Until the table is
// analyzed after a bulk load (autovacuum gets to it a minute or more later), the planner guessed ~170,000 rows for a
// 50-profile read and gathered two parallel workers for it: starting them took ~50 ms of a ~55 ms read, where the
// plain scan takes ~4 ms (bench/README, 2026-11-28 sixth session). SQLite has no parallel plans: nothing to do there.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

export const serialReadingReads = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect === 'postgres') await sql`alter table reading_chunks set (parallel_workers = 0)`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialect === 'postgres') await sql`alter table reading_chunks reset (parallel_workers)`.execute(db);
  },
});
