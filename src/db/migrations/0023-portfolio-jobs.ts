// Portfolio jobs (POST /rest/v1/jobs): a calculation or savings analysis over many accounts of one organization, run
// in chunks by workers. The job row holds the request; the accounts are fixed when the job is made (a filter is
// resolved then), each at a position; a result is keyed by (job, position), so a chunk run twice (a worker killed
// mid-chunk, its chunk retried by another) writes each account's result once. The queue itself is pg-boss's own
// tables on PostgreSQL and memory on SQLite: these tables are the record, not the queue.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const portfolioJobs = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('portfolio_jobs')
      .addColumn('job_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.org_id'))
      // CALCULATION, SAVINGS_ANALYSIS (jobs/kinds/).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      // QUEUED, RUNNING, COMPLETED, CANCELLED.
      .addColumn('state', 'text', (c) => c.notNull())
      // JSON: the kind's body and the scenarios, as validated.
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('account_count', 'integer', (c) => c.notNull())
      .addColumn('chunk_size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('portfolio_jobs_org_idx')
      .on('portfolio_jobs')
      .columns(['org_id', 'created_at'])
      .execute();
    await db.schema.createIndex('portfolio_jobs_state_idx').on('portfolio_jobs').columns(['state']).execute();

    await db.schema
      .createTable('portfolio_job_accounts')
      .addColumn('job_id', 'text', (c) => c.notNull().references('portfolio_jobs.job_id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      // As the request named it: one of the two (a filter gives account_id and provider_account_id).
      .addColumn('account_id', 'text')
      .addColumn('provider_account_id', 'text')
      .addPrimaryKeyConstraint('portfolio_job_accounts_pk', ['job_id', 'position'])
      .execute();

    await db.schema
      .createTable('portfolio_job_results')
      .addColumn('job_id', 'text', (c) => c.notNull().references('portfolio_jobs.job_id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text')
      .addColumn('provider_account_id', 'text')
      // SUCCESS, FAILED.
      .addColumn('status', 'text', (c) => c.notNull())
      // JSON: the scenarios' figures and, for a failure, its error.
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('portfolio_job_results_pk', ['job_id', 'position'])
      .execute();
  },
});
