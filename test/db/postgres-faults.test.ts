// PostgreSQL faults under load, on the real server: its backends terminated (as a restart or a failover does), and the
// server away for a while (a proxy the test cuts). Ratebook must live, answer 503 with Retry-After meanwhile, and serve
// again within 5 s of the database's return without a restart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { writeTransaction } from '../../src/db/transaction.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { dialects } from '../helpers/dialects.ts';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const postgresUrl = process.env.DATABASE_URL ?? '';

interface Tally {
  statuses: Map<number, number>;
  /** 503s without a Retry-After header, or answers that are neither 200 nor 503. */
  wrong: string[];
}

/** `workers` clients asking one after another for `ms` milliseconds; what they were answered. */
async function load(base: string, auth: string, paths: string[], workers: number, ms: number): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), wrong: [] };
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let k = w; Date.now() < end; k++) {
        const path = paths[k % paths.length]!;
        const res = await fetch(`${base}${path}`, { headers: { authorization: auth } });
        await res.arrayBuffer();
        tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200 && !(res.status === 503 && res.headers.get('retry-after')))
          tally.wrong.push(`${res.status} ${path}`);
      }
    }),
  );
  return tally;
}

/** Milliseconds until `path` answers 200, polling every 50 ms, or Infinity after `limitMs`. */
async function untilServing(base: string, auth: string, path: string, limitMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    const res = await fetch(`${base}${path}`, { headers: { authorization: auth } }).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

const PATHS = [
  '/rest/public/lses/734',
  '/rest/public/tariffs?lseId=734',
  '/rest/public/zipcodes/94110',
  '/rest/public/territories?zipCode=94110',
];

if (dialects.includes('postgres')) {
  describe('PostgreSQL backends terminated under load', () => {
    let t: TestApp;
    let base: string;
    let auth: string;
    const applicationName = `ratebook_fault_${process.pid}`;
    before(async () => {
      t = await buildTestApp('postgres', { seed: true, env: { RATE_LIMIT_MAX: '0' }, database: { applicationName } });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      auth = t.authHeader(await t.credentials());
    });
    after(() => t.close());

    it('lives, answers 200 or 503 with Retry-After, and serves again', { timeout: 60_000 }, async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      const terminate = async () =>
        (
          await admin.query(
            'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
            [applicationName],
          )
        ).rows[0].n as number;
      let terminated = 0;
      // A transaction holding its connection between statements when the backend goes: the connection's 'error' event
      // then comes with no query to take it (ending the process when no listener hears it).
      const held = writeTransaction(t.db, async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise((r) => setTimeout(r, 1500));
        await sql`select 1`.execute(trx);
      }).then(
        () => 'committed',
        (e: unknown) => (isDatabaseUnavailable(e) ? 'unavailable' : String(e)),
      );
      const killer = (async () => {
        for (const at of [400, 900, 1400]) {
          await new Promise((r) => setTimeout(r, at === 400 ? 400 : 500));
          terminated += await terminate();
        }
      })();
      const tally = await load(base, auth, PATHS, 32, 2500);
      await killer;
      await admin.end();
      assert.equal(await held, 'unavailable', 'the held transaction fails as the database being unavailable');
      assert.ok(terminated >= 3, `terminated ${terminated} backends`);
      assert.deepEqual(tally.wrong.slice(0, 10), [], JSON.stringify([...tally.statuses]));
      assert.ok((tally.statuses.get(200) ?? 0) > 50, JSON.stringify([...tally.statuses]));
      assert.ok((await untilServing(base, auth, PATHS[1]!, 5000)) < 5000, 'serves again within 5 s');
    });
  });

  describe('PostgreSQL away for a while, then back', () => {
    let t: TestApp;
    let proxy: TcpProxy;
    let base: string;
    let auth: string;
    before(async () => {
      const target = new URL(postgresUrl);
      proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
      t = await buildTestApp('postgres', { seed: true, database: { via: { host: '127.0.0.1', port: proxy.port } } });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      auth = t.authHeader(await t.credentials());
    });
    after(async () => {
      await proxy.restore().catch(() => {});
      await t.close();
      await proxy.close();
    });

    it('answers 503 with Retry-After while away and 200 within 5 s of its return', { timeout: 60_000 }, async () => {
      assert.equal((await untilServing(base, auth, PATHS[0]!, 1000)) < 1000, true);
      await proxy.cut();
      const away = await load(base, auth, PATHS, 4, 1500);
      assert.deepEqual(away.wrong, [], JSON.stringify([...away.statuses]));
      assert.ok((away.statuses.get(503) ?? 0) > 0, JSON.stringify([...away.statuses]));
      const ready = await fetch(`${base}/ready`);
      assert.equal(ready.status, 503);
      const res = await fetch(`${base}/rest/public/tariffs?lseId=734`, { headers: { authorization: auth } });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '2');
      assert.equal(((await res.json()) as { results: { code: string }[] }).results[0]!.code, 'ServiceUnavailable');
      await proxy.restore();
      const back = await untilServing(base, auth, PATHS[1]!, 5000);
      assert.ok(back < 5000, `served again after ${back} ms`);
      assert.equal((await fetch(`${base}/ready`)).status, 200);
    });
  });
}
