import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_SQLITE_FILE, loadConfig, parseDatabaseUrl } from '../src/config.ts';

describe('parseDatabaseUrl', () => {
  it('defaults to the SQLite file under ./data', () => {
    assert.deepEqual(parseDatabaseUrl(undefined), { kind: 'sqlite', filename: DEFAULT_SQLITE_FILE });
    assert.deepEqual(parseDatabaseUrl(''), { kind: 'sqlite', filename: DEFAULT_SQLITE_FILE });
  });
  it('reads sqlite: forms', () => {
    assert.deepEqual(parseDatabaseUrl('sqlite::memory:'), { kind: 'sqlite', filename: ':memory:' });
    assert.deepEqual(parseDatabaseUrl('sqlite:/var/lib/rb.sqlite'), { kind: 'sqlite', filename: '/var/lib/rb.sqlite' });
    assert.deepEqual(parseDatabaseUrl('sqlite:///var/lib/rb.sqlite'), {
      kind: 'sqlite',
      filename: '/var/lib/rb.sqlite',
    });
    assert.deepEqual(parseDatabaseUrl('sqlite:rel/rb.sqlite'), { kind: 'sqlite', filename: 'rel/rb.sqlite' });
  });
  it('reads postgres URLs', () => {
    assert.deepEqual(parseDatabaseUrl('postgres://u@h:5432/db'), { kind: 'postgres', url: 'postgres://u@h:5432/db' });
    assert.equal(parseDatabaseUrl('postgresql://h/db').kind, 'postgres');
  });
  it('rejects anything else', () => {
    assert.throws(() => parseDatabaseUrl('mysql://x'), ConfigError);
    assert.throws(() => parseDatabaseUrl('sqlite:'), ConfigError);
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.logLevel, 'info');
    assert.equal(c.adminAppId, null);
    assert.equal(c.rateLimit.max, 6000);
    assert.ok(Object.isFrozen(c));
  });
  it('lets flags win over the environment', () => {
    const c = loadConfig(
      { PORT: '9000', DATABASE_URL: 'sqlite::memory:' },
      { port: '9100', databaseUrl: 'postgres://h/db' },
    );
    assert.equal(c.port, 9100);
    assert.equal(c.database.kind, 'postgres');
  });
  it('rejects bad values with the variable name', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ PORT: '70000' }), /PORT/);
    assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
    assert.throws(() => loadConfig({ RATEBOOK_ADMIN_APP_ID: 'a' }), /together/);
    assert.throws(() => loadConfig({ RATE_LIMIT_MAX: '-1' }), /RATE_LIMIT_MAX/);
  });
  it('reads the scale-out settings: workers (a count or auto), REDIS_URL, DATABASE_POOL_MAX', () => {
    const d = loadConfig({});
    assert.deepEqual([d.workers, d.redisUrl, d.databasePoolMax], [1, null, 10]);
    const c = loadConfig(
      { WORKERS: '3', REDIS_URL: 'redis://127.0.0.1:6379/2', DATABASE_POOL_MAX: '25' },
      { workers: '4' },
    );
    assert.deepEqual([c.workers, c.redisUrl, c.databasePoolMax], [4, 'redis://127.0.0.1:6379/2', 25]);
    assert.equal(loadConfig({ WORKERS: 'auto' }).workers, availableParallelism());
    assert.throws(() => loadConfig({ WORKERS: '0' }), /WORKERS/);
    assert.throws(() => loadConfig({ REDIS_URL: 'http://x' }), /REDIS_URL/);
    assert.throws(() => loadConfig({ DATABASE_POOL_MAX: '0' }), /DATABASE_POOL_MAX/);
  });
  it('reads the portfolio jobs settings: limits, chunks, the workers and the queue schema', () => {
    assert.deepEqual(loadConfig({}).jobs, {
      maxConcurrentPerOrg: 3,
      maxAccountsPerJob: 100_000,
      chunkSize: 100,
      workerConcurrency: 2,
      workerNice: 10,
      saveEvery: 25,
      workInServe: true,
      chunkExpireSeconds: 900,
      pollSeconds: 2,
      maintenanceSeconds: 30,
      queueSchema: null,
    });
    const c = loadConfig({
      JOBS_MAX_CONCURRENT_PER_ORG: '1',
      JOBS_MAX_ACCOUNTS: '500',
      JOBS_WORK_IN_SERVE: 'false',
      JOBS_QUEUE_SCHEMA: 'ratebook_queue',
    }).jobs;
    assert.deepEqual(
      [c.maxConcurrentPerOrg, c.maxAccountsPerJob, c.workInServe, c.queueSchema],
      [1, 500, false, 'ratebook_queue'],
    );
    assert.throws(() => loadConfig({ JOBS_CHUNK_SIZE: '0' }), /JOBS_CHUNK_SIZE/);
    assert.throws(() => loadConfig({ JOBS_SAVE_EVERY: '0' }), /JOBS_SAVE_EVERY/);
    assert.equal(loadConfig({ JOBS_SAVE_EVERY: '2' }).jobs.saveEvery, 2);
    assert.equal(loadConfig({ JOBS_WORKER_NICE: '0' }).jobs.workerNice, 0);
    assert.throws(() => loadConfig({ JOBS_WORKER_NICE: '20' }), /JOBS_WORKER_NICE/);
    assert.throws(() => loadConfig({ JOBS_WORKER_NICE: '-5' }), /JOBS_WORKER_NICE/);
    assert.equal(loadConfig({ JOBS_POLL_SECONDS: '30' }).jobs.pollSeconds, 30);
    assert.throws(() => loadConfig({ JOBS_POLL_SECONDS: '0' }), /JOBS_POLL_SECONDS/);
    assert.throws(() => loadConfig({ JOBS_QUEUE_SCHEMA: 'pg boss; drop' }), /JOBS_QUEUE_SCHEMA/);
    assert.throws(() => loadConfig({ JOBS_QUEUE_SCHEMA: '1queue' }), /JOBS_QUEUE_SCHEMA/);
  });

  it('reads the optimiser threads: one a core up to 4 by default, 0 on the request thread', () => {
    assert.equal(loadConfig({}).optimiserThreads, Math.min(availableParallelism(), 4));
    assert.equal(loadConfig({ OPTIMISER_THREADS: '0' }).optimiserThreads, 0);
    assert.equal(loadConfig({ OPTIMISER_THREADS: ' 8 ' }).optimiserThreads, 8);
    assert.throws(() => loadConfig({ OPTIMISER_THREADS: '-1' }), /OPTIMISER_THREADS/);
    assert.throws(() => loadConfig({ OPTIMISER_THREADS: 'many' }), /OPTIMISER_THREADS/);
  });
});
