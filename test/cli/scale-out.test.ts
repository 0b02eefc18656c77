// Several real server processes on one database: the request budget holds in total across them (counted in
// PostgreSQL, or in Redis), a key revoked through the CLI is refused by every server within a second (PostgreSQL
// NOTIFY, Redis pub/sub, or on SQLite alone the key-change log), and `serve --workers 2` restarts a worker that dies
// and stops cleanly on SIGTERM. The credential cache lives an hour here, so only the announcements (or the log) can
// make the servers refuse in time.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/config.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { KeysService, type NewCredentials } from '../../src/modules/keys/keys.service.ts';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.ts';
import {
  basicAuth,
  getOnce,
  ratebookCli,
  seededSqliteUrl,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';

const LIMIT = 10;
const SERVER_ENV = { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: '3600000', AUTH_CACHE_TTL_MS: '3600000' };
/**
 * Servers started side by side; if one fails to start, the others are stopped before the error is thrown (left
 * running, their piped output would keep this test process alive after its suites end).
 */
async function startedTogether(starts: (() => Promise<ServerProcess>)[]): Promise<ServerProcess[]> {
  const settled = await Promise.allSettled(starts.map((start) => start()));
  const failed = settled.find((r) => r.status === 'rejected');
  const started = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (!failed) return started;
  await Promise.all(started.map((server) => server.stop()));
  throw failed.reason;
}

const postgresUrl =
  process.env.DATABASE_URL && parseDatabaseUrl(process.env.DATABASE_URL).kind === 'postgres'
    ? process.env.DATABASE_URL
    : null;

const echo = (server: ServerProcess, c: NewCredentials) =>
  getOnce(`${server.base}/rest/echo`, { authorization: basicAuth(c) });

/** 16 requests spread over the servers: exactly LIMIT answered, the rest 429 in the error envelope with Retry-After. */
async function limitHeldInTotal(servers: ServerProcess[], c: NewCredentials): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 16; i++) {
    const res = await echo(servers[i % servers.length]!, c);
    statuses.push(res.status);
    if (res.status === 429) {
      const body = JSON.parse(res.body);
      assert.equal(body.status, 'error');
      assert.equal(body.results[0].code, 'RateLimited');
      assert.equal(body.results[0].propertyName, 'appId');
      const retry = Number(res.headers['retry-after']);
      assert.ok(retry >= 1 && retry <= 3600, `Retry-After ${retry}`);
    }
  }
  assert.equal(
    statuses.filter((s) => s === 200).length,
    LIMIT,
    `answered in total, not ${LIMIT} per process: ${statuses.join(' ')}`,
  );
  assert.equal(statuses.filter((s) => s === 429).length, 16 - LIMIT);
}

/** Both servers accept the key (and cache it), the CLI revokes it, and both refuse it within a second of that. */
async function revokedEverywhereWithinASecond(
  servers: ServerProcess[],
  c: NewCredentials,
  env: Record<string, string>,
): Promise<void> {
  for (const s of servers) assert.equal((await echo(s, c)).status, 200);
  const revoked = ratebookCli(['keys', 'revoke', c.appId], env);
  assert.equal(revoked.status, 0, revoked.stderr);
  assert.doesNotMatch(revoked.stderr, /could not announce/);
  const start = Date.now();
  for (const s of servers) {
    while ((await echo(s, c)).status !== 401) {
      assert.ok(Date.now() - start < 1000, `${s.base} still accepts the revoked key after ${Date.now() - start} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

async function credentialsIn(databaseUrl: string, count: number): Promise<NewCredentials[]> {
  const db = connectDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const keys = new KeysService(db, 0);
    return await Promise.all(Array.from({ length: count }, (_, i) => keys.create(`scale-${i}`, [])));
  } finally {
    await db.close();
  }
}

describe('two servers on one PostgreSQL database', { skip: !postgresUrl && 'no PostgreSQL' }, () => {
  let databaseUrl: string;
  let dbName: string;
  let env: Record<string, string>;
  let servers: ServerProcess[] = [];
  let creds: NewCredentials[];
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: postgresUrl! });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };

  before(async () => {
    const url = new URL(postgresUrl!);
    dbName = `${url.pathname.slice(1) || 'ratebook'}_scale_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${dbName}`);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    // Both on the new database at once, as a deployment starts them: they migrate, seed, make the demo application
    // and start the job queue side by side (each of those once raced the other into a crash before listening).
    servers = await startedTogether([
      () => startServerProcess([], { ...env, ...SERVER_ENV }),
      () => startServerProcess([], { ...env, ...SERVER_ENV }),
    ]);
    creds = await credentialsIn(databaseUrl, 4);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('the rate limit holds in total across both', () => limitHeldInTotal(servers, creds[0]!));

  it('a key revoked through the CLI is refused by both within a second', () =>
    revokedEverywhereWithinASecond(servers, creds[1]!, env));

  it('a key rotated through the CLI: the old key refused by both within a second, the new one accepted', async () => {
    const c = creds[2]!;
    for (const s of servers) assert.equal((await echo(s, c)).status, 200);
    const rotated = ratebookCli(['keys', 'rotate', c.appId, '--json'], env);
    assert.equal(rotated.status, 0, rotated.stderr);
    const start = Date.now();
    for (const s of servers) {
      while ((await echo(s, c)).status !== 401)
        assert.ok(Date.now() - start < 1000, `${s.base} still accepts the old key`);
      assert.equal((await echo(s, { ...c, appKey: JSON.parse(rotated.stdout).appKey })).status, 200);
    }
  });

  it('serve --workers 2: one port, the limit held across the workers, a killed worker replaced, SIGTERM stops all', async () => {
    const cluster = await startServerProcess(['--workers', '2'], { ...env, ...SERVER_ENV });
    try {
      const pids = [...cluster.output().matchAll(/worker \d+ \(pid (\d+)\) listening/g)].map((m) => Number(m[1]));
      assert.equal(pids.length, 2, cluster.output());
      await limitHeldInTotal([cluster], creds[3]!);
      process.kill(pids[0]!, 'SIGKILL');
      await cluster.waitFor(new RegExp(`pid ${pids[0]}\\) exited \\(SIGKILL\\); starting another`));
      const replacement = await cluster.waitFor(/worker 3 \(pid (\d+)\) listening/, 60_000);
      for (let i = 0; i < 4; i++)
        assert.equal((await getOnce(`${cluster.base}/health`, {})).status, 200, 'the port keeps answering');
      assert.equal(await cluster.stop(), 0, cluster.output());
      for (const pid of [pids[1]!, Number(replacement[1])])
        assert.throws(() => process.kill(pid, 0), /ESRCH/, `worker ${pid} stopped with the primary`);
    } finally {
      await cluster.stop();
    }
  });
});

describe('two servers on one SQLite file sharing Redis', async () => {
  const available = await redisAvailable();
  let dir: string;
  let env: Record<string, string>;
  let servers: ServerProcess[] = [];
  let creds: NewCredentials[];
  before(async () => {
    if (!available) return;
    dir = mkdtempSync(join(tmpdir(), 'ratebook-redis-'));
    // Seeded beforehand: these servers are about sharing keys and budgets, not about seeding side by side.
    env = { DATABASE_URL: await seededSqliteUrl(join(dir, 'rb.sqlite')), REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'warn' };
    creds = await credentialsIn(env.DATABASE_URL!, 2);
    servers = await startedTogether([
      () => startServerProcess([], { ...env, ...SERVER_ENV }),
      () => startServerProcess([], { ...env, ...SERVER_ENV }),
    ]);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the rate limit holds in total across both (counted in Redis)', { skip: !available && 'no Redis' }, () =>
    limitHeldInTotal(servers, creds[0]!),
  );

  it(
    'a key revoked through the CLI is refused by both within a second (Redis pub/sub)',
    { skip: !available && 'no Redis' },
    () => revokedEverywhereWithinASecond(servers, creds[1]!, env),
  );
});

// No Redis, no NOTIFY: the servers read the key-change log the CLI's change wrote (key-change-log.ts).
describe('two servers on one SQLite file, nothing shared but the file', () => {
  let dir: string;
  let env: Record<string, string>;
  let servers: ServerProcess[] = [];
  let creds: NewCredentials[];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ratebook-log-'));
    env = { DATABASE_URL: await seededSqliteUrl(join(dir, 'rb.sqlite')), LOG_LEVEL: 'warn' };
    creds = await credentialsIn(env.DATABASE_URL!, 3);
    // No request budget: these tests poll until a key is refused, and the budget is not what they test.
    servers = await startedTogether([
      () => startServerProcess([], { ...env, ...SERVER_ENV, RATE_LIMIT_MAX: '0' }),
      () => startServerProcess([], { ...env, ...SERVER_ENV, RATE_LIMIT_MAX: '0' }),
    ]);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a key revoked over HTTP on one server is refused by the other within a second', async () => {
    const db = connectDatabase(parseDatabaseUrl(env.DATABASE_URL!));
    const admin = await new KeysService(db, 0).create('scale-admin', ['admin']).finally(() => db.close());
    const c = creds[2]!;
    const [here, there] = servers as [ServerProcess, ServerProcess];
    assert.equal((await echo(there, c)).status, 200, 'cached there');
    const res = await fetch(`${here.base}/rest/admin/applications/${c.appId}/revoke`, {
      method: 'POST',
      headers: { authorization: basicAuth(admin) },
    });
    assert.equal(res.status, 200, await res.text());
    const start = Date.now();
    while ((await echo(there, c)).status !== 401) {
      assert.ok(Date.now() - start < 1000, `still accepted there after ${Date.now() - start} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal((await echo(here, c)).status, 401);
  });

  it('a key revoked through the CLI is refused by both within a second (the key-change log)', () =>
    revokedEverywhereWithinASecond(servers, creds[0]!, env));

  it('a key rotated through the CLI: the old key refused by both within a second, the new one accepted', async () => {
    const c = creds[1]!;
    for (const s of servers) assert.equal((await echo(s, c)).status, 200);
    const rotated = ratebookCli(['keys', 'rotate', c.appId, '--json'], env);
    assert.equal(rotated.status, 0, rotated.stderr);
    const start = Date.now();
    for (const s of servers) {
      while ((await echo(s, c)).status !== 401) {
        assert.ok(Date.now() - start < 1000, `${s.base} still accepts the old key after ${Date.now() - start} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal((await echo(s, { ...c, appKey: JSON.parse(rotated.stdout).appKey })).status, 200);
    }
  });
});
