// A portfolio job counts the runs of its chunks that reached their end. A job is complete when every account has a
// result; counting the results at the end of every chunk (as before) read all of the job's results each time, a cost
// that grew with the job: ~5 ms a chunk at 20,000 accounts, ~20 ms at 100,000 (1,000 chunks of 100), as psql timed the
// count on a results table of that size. The results are now counted only once as many chunk runs have ended as the
// job has chunks (a chunk run twice counts twice, so the exact count still decides: the counter says when to ask).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const jobChunksEnded = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('portfolio_jobs')
      .addColumn('chunks_ended', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('portfolio_jobs').dropColumn('chunks_ended').execute();
  },
});
