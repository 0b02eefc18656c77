// A `ratebook worker` process killed (SIGKILL) in the middle of a chunk on PostgreSQL: the chunk it held expires, a
// second worker process takes it from the shared queue (pg-boss), and the job completes with every account exactly
// once, each account's figure its own calculation. Real processes: in run-tests' ALONE list.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { sql } from 'kysely';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ratebookArgs } from '../../helpers/server-process.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const ACCOUNTS = 30;
const CHUNK = 10;
const CALC = { fromDateTime: '2025-04-01', toDateTime: '2025-05-01' };
const ZONE = 'America/Los_Angeles';
const start = DateTime.fromISO('2025-04-01T00:00', { zone: ZONE });
const readings = (scale: number) =>
  Array.from({ length: 30 * 24 }, (_, k) => {
    const t = start.plus({ hours: k });
    return {
      fromDateTime: t.toISO(),
      toDateTime: t.plus({ hours: 1 }).toISO(),
      quantityUnit: 'kWh',
      quantityValue: Math.round((t.hour >= 16 && t.hour < 21 ? 1.1 : 0.5) * scale * 1000) / 1000,
    };
  });

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

/** `ratebook worker` on the test's schema, once it says it is working. */
async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ratebookArgs(['worker']), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (!/working portfolio jobs/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the worker did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, exited, output: () => out };
}

/** Threads' niceness is read from /proc (elsewhere only the job's outcome is checked). */
const LINUX = process.platform === 'linux';

/** The niceness of each of a process's threads (Linux: field 19 of /proc/PID/task/TID/stat, after the name's ")"). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('a job worker killed mid-chunk on PostgreSQL', {
  skip: !dialects.includes('postgres') && 'no PostgreSQL',
}, () => {
  let t: TestApp;
  let c: NewCredentials;
  let env: Record<string, string>;
  const workers: Worker[] = [];
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: t.authHeader(c),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.body, json: () => res.json() };
  };

  before(async () => {
    t = await buildTestApp('postgres', { seed: true, env: { JOBS_CHUNK_SIZE: String(CHUNK) } });
    c = await t.credentials(['signal'], 'Portfolio Co');
    const schema = t.db.schema!;
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = {
      DATABASE_URL: url.toString(),
      JOBS_QUEUE_SCHEMA: schema,
      JOBS_CHUNK_EXPIRE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '1',
      // The expired chunk is found by a poll (no notice announces a retry).
      JOBS_POLL_SECONDS: '1',
      JOBS_WORKER_CONCURRENCY: '1',
      // Saved two accounts at a time, so that a chunk is seen part saved (the kill waits for 2 to 8 of a chunk of 10
      // saved: with 4 at a time it missed that in 2 runs of 7).
      JOBS_SAVE_EVERY: '2',
    };
    for (let i = 0; i < ACCOUNTS; i++) {
      const pid = `home-${i}`;
      const a = await send('POST', '/rest/v1/accounts', {
        providerAccountId: pid,
        address: { zip: '94110' },
        properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
        tariffs: [{ masterTariffId: 522, effectiveDate: '2025-01-01' }],
      });
      assert.equal(a.status, 200, a.body);
      const p = await send('POST', '/rest/v1/profiles', {
        providerAccountId: pid,
        providerProfileId: `${pid}-meter`,
        source: { sourceId: 'ReadingEntry' },
      });
      assert.equal(p.status, 200, p.body);
      const up = await send('POST', `/rest/v1/profiles/${p.json().results[0].profileId}/readings`, {
        readingData: readings(1 + i / 10),
      });
      assert.equal(up.status, 200, up.body);
    }
  });
  after(async () => {
    for (const w of workers) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
      await w.exited;
    }
    await t?.close();
  });

  it('completes the job on the other worker, every account exactly once', async () => {
    const a = await startWorker(env);
    workers.push(a);
    // JOBS_WORKER_NICE's default, on every thread (V8's and libuv's too, started before the worker lowered itself).
    if (LINUX) {
      const niceA = threadNiceness(a.child.pid!);
      assert.ok(niceA.length > 4, `threads: ${niceA}`);
      assert.deepEqual(new Set(niceA), new Set([Math.max(10, getPriority())]));
    }
    // Its listener for announced chunks, named as a worker's in pg_stat_activity.
    const listenerOfA = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where application_name = 'ratebook-worker-listen' and query = ${`LISTEN "rb_chunks_${t.db.schema}"`}`.execute(
          t.db.kysely,
        )
      ).rows[0]!.n;
    for (const until = Date.now() + 10_000; (await listenerOfA()) < 1; ) {
      assert.ok(Date.now() < until, 'worker A never listened for announced chunks');
      await new Promise((r) => setTimeout(r, 50));
    }
    const made = await send('POST', '/rest/v1/jobs', {
      kind: 'CALCULATION',
      providerAccountIds: Array.from({ length: ACCOUNTS }, (_, i) => `home-${i}`),
      calculation: CALC,
      // Eight scenarios an account (the account's own tariff and E-TOU-C, four times): an account takes long enough
      // that the count is seen between a chunk's first save and its last (a month's bills are a millisecond each).
      scenarios: [0, 1, 2, 3].flatMap((k) => [{ name: `own${k}` }, { name: `touc${k}`, masterTariffId: 1100102 }]),
    });
    assert.equal(made.status, 202, made.body);
    const jobId = made.json().results[0].jobId;
    const processed = async () => (await send('GET', `/rest/v1/jobs/${jobId}`)).json().results[0].processedCount;

    // Killed once it is inside a chunk: some of the chunk's accounts saved, some not.
    const deadline = Date.now() + 120_000;
    const insideAChunk = (n: number) => n % CHUNK > 0;
    while (!insideAChunk(await processed())) {
      assert.ok(Date.now() < deadline, `worker A did not get going:\n${a.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    a.child.kill('SIGKILL');
    await a.exited;
    const atKill = await processed();
    assert.ok(atKill < ACCOUNTS, 'the job was not finished when its worker was killed');

    // Worker B as started (JOBS_WORKER_NICE=0): the test's own niceness.
    const b = await startWorker({ ...env, JOBS_WORKER_NICE: '0' });
    workers.push(b);
    if (LINUX) assert.deepEqual(new Set(threadNiceness(b.child.pid!)), new Set([getPriority()]));
    type Job = { state: string; processedCount: number; succeededCount: number; failedCount: number };
    const read = async (): Promise<Job> => (await send('GET', `/rest/v1/jobs/${jobId}`)).json().results[0];
    let job = await read();
    for (; job.state !== 'COMPLETED'; job = await read()) {
      assert.ok(Date.now() < deadline + 120_000, `the job did not complete: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual([job.processedCount, job.succeededCount, job.failedCount], [ACCOUNTS, ACCOUNTS, 0]);

    // Each position once, each account once, in order.
    const rows = await t.db.kysely
      .selectFrom('portfolio_job_results')
      .select(['position', 'provider_account_id'])
      .where('job_id', '=', jobId)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.position, r.provider_account_id]),
      Array.from({ length: ACCOUNTS }, (_, i) => [i, `home-${i}`]),
    );
    // The chunk the killed worker held went back to the queue and was done by the other.
    const retried = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${t.db.schema}.job`)}
      where name = 'ratebook-job-chunks' and retry_count > 0 and state = 'completed'`.execute(t.db.kysely);
    assert.ok(retried.rows[0]!.n >= 1, 'a chunk was retried after the kill');

    // The figures are each account's own calculation.
    const results = (await send('GET', `/rest/v1/jobs/${jobId}/results?pageCount=100`)).json().results;
    for (const i of [0, Math.floor(atKill), ACCOUNTS - 1].filter((k) => k < ACCOUNTS)) {
      const one = (await send('POST', `/rest/v1/accounts/pid/home-${i}/calculate`, CALC)).json().results[0];
      assert.equal(results[i].scenarios[0].totalCost, one.totalCost, `home-${i}`);
    }
  });
});
