// Portfolio jobs: made (checked, accounts fixed, chunks queued) and answered at once; read with their progress;
// results paged or as CSV; cancelled. The work itself is the queue's and the runner's (job-runner.ts). Private to the
// organization that made the job: another organization's is a 404.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { JobsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, ErrorCode, invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import { resolveAccounts } from './job-accounts.ts';
import { JobRunner, type RunnerLog } from './job-runner.ts';
import type { AccountResult, StoredRequest } from './job-types.ts';
import type { JobKind, ScenarioSpec } from './kinds/job-kind.ts';
import { type JobCounts, type JobRow, JobsRepository } from './jobs.repository.ts';
import type { JobBody, JobResultSchema, JobSchema } from './jobs.schemas.ts';
import { resultsCsv } from './jobs-csv.ts';
import { InProcessQueue } from './queue/in-process-queue.ts';
import { chunksOf, type JobQueue } from './queue/job-queue.ts';
import { PgBossQueue, type QueueLog } from './queue/pg-boss-queue.ts';

type Job = Static<typeof JobSchema>;
type JobResult = Static<typeof JobResultSchema>;
const STATES = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED'];

export class JobsService {
  readonly repo: JobsRepository;
  private readonly queue: JobQueue;
  private readonly runner: JobRunner;
  private working = false;

  constructor(
    private readonly db: Db,
    private readonly config: JobsConfig,
    private readonly kinds: Map<string, JobKind>,
    log: RunnerLog & QueueLog,
    private readonly now: () => Date,
  ) {
    this.repo = new JobsRepository(db);
    this.queue = db.dialect === 'postgres' ? new PgBossQueue(db, config, log) : new InProcessQueue();
    this.runner = new JobRunner(this.repo, kinds, log, now, config);
  }

  async create(body: Static<typeof JobBody>, orgId: number): Promise<Job> {
    const kind = this.kinds.get(body.kind.trim().toUpperCase());
    if (!kind) throw invalidArgument('kind', body.kind, `kind must be one of ${[...this.kinds.keys()].join(', ')}`);
    const given = (body as Record<string, unknown>)[kind.field];
    if (given === undefined && !kind.bodyOptional)
      throw missingArgument(kind.field, `kind ${kind.name} needs ${kind.field}`);
    for (const other of this.kinds.values())
      if (other !== kind && (body as Record<string, unknown>)[other.field] !== undefined)
        throw invalidArgument(other.field, null, `${other.field} belongs to kind ${other.name}, not ${kind.name}`);
    const kindBody = (given ?? {}) as Record<string, unknown>;
    const scenarios = scenariosOf(body.scenarios);
    kind.check(kindBody, scenarios);
    if ((await this.repo.openCount(orgId)) >= this.config.maxConcurrentPerOrg)
      throw new ApiError(429, {
        code: ErrorCode.RateLimited,
        message: `The organization has ${this.config.maxConcurrentPerOrg} jobs queued or running (JOBS_MAX_CONCURRENT_PER_ORG): wait for one to finish, or cancel one`,
      });
    const accounts = await resolveAccounts(this.db, orgId, body, this.config.maxAccountsPerJob);
    const request: StoredRequest = { body: kindBody, scenarios };
    const row: JobRow = {
      job_id: randomUUID(),
      org_id: orgId,
      kind: kind.name,
      name: body.name ?? null,
      state: 'QUEUED',
      request: JSON.stringify(request),
      account_count: accounts.length,
      chunk_size: this.config.chunkSize,
      chunks_ended: 0,
      created_at: this.now().toISOString(),
      started_at: null,
      finished_at: null,
    };
    await this.repo.create(
      row,
      accounts.map((a, position) => ({
        job_id: row.job_id,
        position,
        account_id: a.accountId,
        provider_account_id: a.providerAccountId,
      })),
    );
    await this.queue.send(chunksOf(row.job_id, accounts.length, row.chunk_size));
    return wireJob(row, { succeeded: 0, failed: 0 });
  }

  async get(jobId: string, orgId: number): Promise<Job> {
    const row = await this.own(jobId, orgId);
    return wireJob(row, (await this.repo.counts([row.job_id])).get(row.job_id)!);
  }

  async list(orgId: number, state: string | undefined, pageStart: number, pageCount: number) {
    // An empty value is no filter, as elsewhere in the API.
    const wanted = state?.trim().toUpperCase() || undefined;
    if (wanted !== undefined && !STATES.includes(wanted))
      throw invalidArgument('state', state, `state must be one of ${STATES.join(', ')}`);
    const { rows, total } = await this.repo.list(orgId, wanted, pageStart, pageCount);
    const counts = await this.repo.counts(rows.map((r) => r.job_id));
    return { jobs: rows.map((r) => wireJob(r, counts.get(r.job_id)!)), total };
  }

  async results(jobId: string, orgId: number, status: string | undefined, pageStart: number, pageCount: number) {
    const row = await this.own(jobId, orgId);
    const wanted = resultStatus(status);
    const rows = await this.repo.results(row.job_id, wanted, pageStart, pageCount);
    const total = await this.repo.resultCount(row.job_id, wanted);
    return {
      total,
      results: rows.map((r): JobResult => {
        const result = JSON.parse(r.result) as AccountResult;
        return {
          position: r.position,
          accountId: r.account_id,
          providerAccountId: r.provider_account_id,
          status: r.status,
          error: result.error,
          scenarios: result.scenarios,
          finishedDate: r.finished_at,
        };
      }),
    };
  }

  /** Every result so far, as CSV, read a page at a time. */
  async csv(jobId: string, orgId: number, status: string | undefined): Promise<string> {
    const row = await this.own(jobId, orgId);
    const wanted = resultStatus(status);
    const rows = [];
    for (let start = 0; ; start += 1000) {
      const page = await this.repo.results(row.job_id, wanted, start, 1000);
      rows.push(...page);
      if (page.length < 1000) break;
    }
    return resultsCsv(rows);
  }

  async cancel(jobId: string, orgId: number): Promise<Job> {
    const row = await this.own(jobId, orgId);
    if (!(await this.repo.cancel(orgId, row.job_id, this.now().toISOString())))
      throw invalidArgument(
        'jobId',
        jobId,
        `The job is ${row.state} already: only a QUEUED or RUNNING job can be cancelled`,
      );
    return this.get(jobId, orgId);
  }

  /**
   * Starts working jobs in this process. SQLite: the in-process queue, with the jobs a stop left open sent again
   * (a chunk's done accounts are skipped). PostgreSQL: pg-boss workers on the shared queue.
   */
  async startWorker(): Promise<void> {
    if (this.working) return;
    this.working = true;
    await this.queue.work((chunk) => this.runner.runChunk(chunk), this.config.workerConcurrency);
    if (this.db.dialect === 'sqlite')
      for (const job of await this.repo.openJobs())
        await this.queue.send(chunksOf(job.job_id, job.account_count, job.chunk_size));
  }

  async stop(): Promise<void> {
    await this.queue.stop();
  }

  private async own(jobId: string, orgId: number): Promise<JobRow> {
    const row = await this.repo.find(orgId, jobId);
    if (!row) throw notFound('Job', 'jobId', jobId);
    return row;
  }
}

function resultStatus(status: string | undefined): string | undefined {
  const wanted = status?.trim().toUpperCase() || undefined;
  if (wanted !== undefined && wanted !== 'SUCCESS' && wanted !== 'FAILED')
    throw invalidArgument('status', status, 'status must be SUCCESS or FAILED');
  return wanted;
}

function scenariosOf(given: Static<typeof JobBody>['scenarios']): ScenarioSpec[] {
  const list = given ?? [{}];
  const names = new Set<string>();
  return list.map((s, i) => {
    const name = s.name ?? `scenario${i + 1}`;
    if (names.has(name)) throw invalidArgument(`scenarios[${i}].name`, name, `Two scenarios are named ${name}`);
    names.add(name);
    return { name, masterTariffId: s.masterTariffId ?? null, propertyInputs: s.propertyInputs ?? [] };
  });
}

function wireJob(row: JobRow, counts: JobCounts): Job {
  const processed = counts.succeeded + counts.failed;
  const request = JSON.parse(row.request) as StoredRequest;
  const base = `/rest/v1/jobs/${row.job_id}`;
  return {
    jobId: row.job_id,
    name: row.name,
    kind: row.kind,
    state: row.state,
    accountCount: row.account_count,
    processedCount: processed,
    succeededCount: counts.succeeded,
    failedCount: counts.failed,
    progress: row.account_count ? Math.round((processed / row.account_count) * 10_000) / 10_000 : 1,
    scenarios: request.scenarios.map((s) => s.name),
    createdDate: row.created_at,
    startedDate: row.started_at,
    finishedDate: row.finished_at,
    resultsUrl: `${base}/results`,
    csvUrl: `${base}/results.csv`,
  };
}
