// The portfolio jobs' rows: the job, its accounts by position, and one result per (job, position), always read within
// one organization. Results are upserted, so a chunk worked twice (retried after its worker was lost) leaves each
// account once; progress is counted from the results, never kept as a counter a retry could count twice.
import { sql, type Selectable } from 'kysely';
import type { Db, PortfolioJobAccountsTable, PortfolioJobResultsTable, PortfolioJobsTable } from '../../db/database.ts';
import { insertInChunks } from '../../db/insert-chunks.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { chunkCount } from './queue/job-queue.ts';

export type JobRow = Selectable<PortfolioJobsTable>;
export type JobAccountRow = Selectable<PortfolioJobAccountsTable>;
export type JobResultRow = Selectable<PortfolioJobResultsTable>;
export interface JobCounts {
  succeeded: number;
  failed: number;
}

/** States in which a job holds a place in its organization's limit. */
export const OPEN_STATES = ['QUEUED', 'RUNNING'] as const;

export class JobsRepository {
  constructor(private readonly db: Db) {}

  async create(job: JobRow, accounts: JobAccountRow[]): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      await trx.insertInto('portfolio_jobs').values(job).execute();
      await insertInChunks(trx, 'portfolio_job_accounts', accounts);
    });
  }

  find(orgId: number | null, jobId: string): Promise<JobRow | undefined> {
    let q = this.db.kysely.selectFrom('portfolio_jobs').selectAll().where('job_id', '=', jobId);
    if (orgId !== null) q = q.where('org_id', '=', orgId);
    return q.executeTakeFirst();
  }

  async openCount(orgId: number): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('portfolio_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .where('state', 'in', [...OPEN_STATES])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(orgId: number, state: string | undefined, pageStart: number, pageCount: number) {
    let q = this.db.kysely.selectFrom('portfolio_jobs').where('org_id', '=', orgId);
    if (state) q = q.where('state', '=', state);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('job_id')
      .offset(pageStart)
      .limit(pageCount)
      .execute();
    return { rows, total: Number(total.n) };
  }

  /** Jobs still to finish, of every organization (a SQLite server resumes them at start). */
  openJobs(): Promise<JobRow[]> {
    return this.db.kysely
      .selectFrom('portfolio_jobs')
      .selectAll()
      .where('state', 'in', [...OPEN_STATES])
      .orderBy('created_at')
      .execute();
  }

  async counts(jobIds: string[]): Promise<Map<string, JobCounts>> {
    const out = new Map<string, JobCounts>(jobIds.map((id) => [id, { succeeded: 0, failed: 0 }]));
    if (!jobIds.length) return out;
    const rows = await this.db.kysely
      .selectFrom('portfolio_job_results')
      .select(['job_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', 'in', jobIds)
      .groupBy(['job_id', 'status'])
      .execute();
    for (const r of rows) {
      const c = out.get(r.job_id)!;
      if (r.status === 'SUCCESS') c.succeeded += Number(r.n);
      else c.failed += Number(r.n);
    }
    return out;
  }

  accountsIn(jobId: string, from: number, to: number): Promise<JobAccountRow[]> {
    return this.db.kysely
      .selectFrom('portfolio_job_accounts')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('position', '>=', from)
      .where('position', '<', to)
      .orderBy('position')
      .execute();
  }

  async donePositions(jobId: string, from: number, to: number): Promise<Set<number>> {
    const rows = await this.db.kysely
      .selectFrom('portfolio_job_results')
      .select('position')
      .where('job_id', '=', jobId)
      .where('position', '>=', from)
      .where('position', '<', to)
      .execute();
    return new Set(rows.map((r) => r.position));
  }

  /** Accounts' results in one statement (a result already there, from a chunk run before, is replaced). */
  async saveResults(rows: readonly JobResultRow[]): Promise<void> {
    if (!rows.length) return;
    await this.db.kysely
      .insertInto('portfolio_job_results')
      .values([...rows])
      .onConflict((oc) =>
        oc.columns(['job_id', 'position']).doUpdateSet({
          status: (eb) => eb.ref('excluded.status'),
          result: (eb) => eb.ref('excluded.result'),
          finished_at: (eb) => eb.ref('excluded.finished_at'),
        }),
      )
      .execute();
  }

  results(jobId: string, status: string | undefined, pageStart: number, pageCount: number) {
    let q = this.db.kysely.selectFrom('portfolio_job_results').where('job_id', '=', jobId);
    if (status) q = q.where('status', '=', status);
    return q.selectAll().orderBy('position').offset(pageStart).limit(pageCount).execute();
  }

  async resultCount(jobId: string, status: string | undefined): Promise<number> {
    let q = this.db.kysely.selectFrom('portfolio_job_results').where('job_id', '=', jobId);
    if (status) q = q.where('status', '=', status);
    const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** QUEUED -> RUNNING when its first chunk starts. */
  async markStarted(jobId: string, at: string): Promise<void> {
    await this.db.kysely
      .updateTable('portfolio_jobs')
      .set({ state: 'RUNNING', started_at: at })
      .where('job_id', '=', jobId)
      .where('state', '=', 'QUEUED')
      .execute();
  }

  /**
   * A run of one of the job's chunks reached its end: counted; once as many runs have ended as the job has chunks, the
   * job is COMPLETED if every account has a result (whichever worker finishes last says so). Every chunk's end used
   * to count the job's results, all of them each time (migration 0025 says what that cost).
   */
  async chunkEnded(jobId: string, at: string): Promise<boolean> {
    const job = await this.db.kysely
      .updateTable('portfolio_jobs')
      .set((eb) => ({ chunks_ended: eb('chunks_ended', '+', 1) }))
      .where('job_id', '=', jobId)
      .returning(['chunks_ended', 'account_count', 'chunk_size'])
      .executeTakeFirst();
    if (!job || job.chunks_ended < chunkCount(job.account_count, job.chunk_size)) return false;
    return this.completeIfDone(jobId, at);
  }

  /** An open job whose every account has a result is COMPLETED. */
  async completeIfDone(jobId: string, at: string): Promise<boolean> {
    const done = this.db.kysely
      .selectFrom('portfolio_job_results')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('job_id', '=', jobId);
    const r = await this.db.kysely
      .updateTable('portfolio_jobs')
      .set({ state: 'COMPLETED', finished_at: at })
      .where('job_id', '=', jobId)
      .where('state', 'in', [...OPEN_STATES])
      .where(sql<boolean>`(${done}) >= account_count`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** An open job is CANCELLED; false when it had finished already. */
  async cancel(orgId: number, jobId: string, at: string): Promise<boolean> {
    const r = await this.db.kysely
      .updateTable('portfolio_jobs')
      .set({ state: 'CANCELLED', finished_at: at })
      .where('job_id', '=', jobId)
      .where('org_id', '=', orgId)
      .where('state', 'in', [...OPEN_STATES])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async stateOf(jobId: string): Promise<string | undefined> {
    const row = await this.db.kysely
      .selectFrom('portfolio_jobs')
      .select('state')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return row?.state;
  }
}
