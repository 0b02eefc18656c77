// Works one chunk of a job: each of its accounts not done yet, every scenario, through the job's kind; the results
// saved a few accounts at a time (JOBS_SAVE_EVERY, upserted by job and position), so a chunk cut short and run again by
// another worker bills only what is missing (at most the few not yet saved again) and no account twice in the
// results. The save's round trip (and commit) runs while the next accounts are billed: one save in flight at a time,
// awaited before the next is sent. Between accounts it yields to the event loop, so the requests a serving process is
// answering are not held behind a job.
import type { JobsConfig } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';
import type { AccountRef } from '../accounts/accounts.repository.ts';
import type { AccountRun, ChunkRun, JobKind, ScenarioSpec } from './kinds/job-kind.ts';
import type { JobAccountRow, JobResultRow, JobsRepository } from './jobs.repository.ts';
import type { ChunkMessage } from './queue/job-queue.ts';
import type { AccountError, AccountResult, ScenarioResult, StoredRequest } from './job-types.ts';

export interface RunnerLog {
  error(obj: object, msg: string): void;
}

/** How often a worker looks whether its job was cancelled meanwhile. */
const CANCEL_CHECK_MS = 500;

export class JobRunner {
  constructor(
    private readonly repo: JobsRepository,
    private readonly kinds: Map<string, JobKind>,
    private readonly log: RunnerLog,
    private readonly now: () => Date,
    readonly config: JobsConfig,
  ) {}

  async runChunk(chunk: ChunkMessage): Promise<void> {
    const job = await this.repo.find(null, chunk.jobId);
    if (!job || (job.state !== 'QUEUED' && job.state !== 'RUNNING')) return;
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`job ${job.job_id}: no kind ${job.kind} in this process`);
    // Only the job's first chunks find it QUEUED: the next ones skip the statement (it would change nothing).
    if (job.state === 'QUEUED') await this.repo.markStarted(job.job_id, this.at());
    const request = JSON.parse(job.request) as StoredRequest;
    const accounts = await this.repo.accountsIn(job.job_id, chunk.from, chunk.to);
    const done = await this.repo.donePositions(job.job_id, chunk.from, chunk.to);
    const refs = accounts.filter((a) => !done.has(a.position)).map(refOf);
    const prepare = kind.chunk(request.body, job.org_id, refs, job.job_id);
    let looked = Date.now();
    // The last save sent: its error, kept (not left as a rejected promise while the next account is billed) and
    // thrown when it is awaited, failing the chunk as a save awaited at once would.
    let saving: Promise<unknown> = Promise.resolve(null);
    const saved = async () => {
      const err = await saving;
      if (err) throw err;
    };
    let unsaved: JobResultRow[] = [];
    /** Sends the results not yet saved (after the save before them). */
    const save = async () => {
      await saved();
      if (!unsaved.length) return;
      const rows = unsaved;
      unsaved = [];
      saving = this.repo.saveResults(rows).then(
        () => null,
        (err: unknown) => err ?? new Error('saving job results failed'),
      );
    };
    for (const account of accounts) {
      if (done.has(account.position)) continue;
      if (Date.now() - looked > CANCEL_CHECK_MS) {
        const state = await this.repo.stateOf(job.job_id);
        if (state !== 'RUNNING' && state !== 'QUEUED') {
          await save();
          return saved();
        }
        looked = Date.now();
      }
      const result = await this.runAccount(prepare, request, account);
      unsaved.push({
        job_id: job.job_id,
        position: account.position,
        account_id: account.account_id,
        provider_account_id: account.provider_account_id,
        status: result.status,
        result: JSON.stringify(result),
        finished_at: this.at(),
      });
      // A statement (its round trip and commit) per few accounts: one per account was a tenth of a worker's time on
      // PostgreSQL, one per two still a few per cent of its time and of PostgreSQL's; one per 25 rather than per 10
      // measured 4-20 % more account-years per CPU-second with one worker or two (bench/README.md).
      if (unsaved.length >= this.config.saveEvery) await save();
      // Requests waiting on this process are answered before the next account is billed.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await save();
    await saved();
    await this.repo.chunkEnded(job.job_id, this.at());
  }

  private async runAccount(prepare: ChunkRun, request: StoredRequest, account: JobAccountRow): Promise<AccountResult> {
    const ref = refOf(account);
    let run: AccountRun;
    try {
      run = await prepare(ref);
    } catch (err) {
      // What every scenario needs failed (the account is not there, its dates): each fails with it, as alone.
      run = () => Promise.reject(err);
    }
    const scenarios: ScenarioResult[] = [];
    for (const scenario of request.scenarios) {
      scenarios.push(await this.runScenario(run, ref, scenario));
      // A year's bill holds the event loop for tens of milliseconds: requests waiting go first between scenarios too.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const failed = scenarios.find((s) => s.status === 'FAILED');
    const error: AccountError | null = failed?.error
      ? {
          ...failed.error,
          message: request.scenarios.length > 1 ? `${failed.name}: ${failed.error.message}` : failed.error.message,
        }
      : null;
    return { status: failed ? 'FAILED' : 'SUCCESS', error, scenarios };
  }

  private async runScenario(run: AccountRun, ref: AccountRef, scenario: ScenarioSpec): Promise<ScenarioResult> {
    try {
      const out = await run(scenario);
      return { name: scenario.name, status: 'SUCCESS', ...out, error: null };
    } catch (err) {
      return {
        name: scenario.name,
        status: 'FAILED',
        masterTariffId: scenario.masterTariffId,
        tariffName: null,
        totalCost: null,
        kWh: null,
        figures: {},
        error: this.errorOf(err, ref),
      };
    }
  }

  /** The account's own fault as the API would have answered it; anything else said without its internals. */
  private errorOf(err: unknown, ref: AccountRef): AccountError {
    if (err instanceof ApiError) {
      const { code, message, propertyName, propertyValue } = err.item;
      return { code, message, propertyName, propertyValue };
    }
    this.log.error({ err, account: ref }, 'a portfolio job account failed');
    return {
      code: 'ServerError',
      message: 'The account could not be run (a server error, in the server log)',
      propertyName: null,
      propertyValue: null,
    };
  }

  private at(): string {
    return this.now().toISOString();
  }
}

/** How a job names an account: by its id, else by its provider's id. */
const refOf = (account: JobAccountRow): AccountRef =>
  account.account_id ? { accountId: account.account_id } : { providerAccountId: account.provider_account_id ?? '' };
