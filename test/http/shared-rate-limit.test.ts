// The request budget counted in a shared store: exact under concurrency on PostgreSQL and Redis, windows that start
// over, and a store outage answered from this process's own count (requests never fail for it).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { PostgresCounterStore, RedisCounterStore } from '../../src/http/rate-counter-stores.ts';
import { SharedRateLimiter, type CounterStore } from '../../src/http/shared-rate-limit.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { buildTestApp } from '../helpers/test-app.ts';

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    warn: (_: object, msg: string) => void lines.push(`warn ${msg}`),
    info: (_: object, msg: string) => void lines.push(`info ${msg}`),
  };
};

/** 40 concurrent increments of one key count 1..40 exactly once each; a later window starts at 1 again. */
async function exactUnderConcurrency(store: CounterStore): Promise<void> {
  const key = `app-${randomUUID()}`;
  const window = 60_000 * 28_000_000;
  const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment(key, window, 60_000)));
  assert.deepEqual(
    [...counts].sort((a, b) => a - b),
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
  assert.equal(await store.increment(key, window + 60_000, 60_000), 1, 'the next window starts over');
}

describe('SharedRateLimiter', () => {
  it('answers from the store count: allowed up to max, then 429 material with the window reset', async () => {
    let now = 120_000 + 15_000;
    const counts = new Map<string, number>();
    const store: CounterStore = {
      name: 'fake',
      increment: async (key, start) =>
        counts.set(`${key}@${start}`, (counts.get(`${key}@${start}`) ?? 0) + 1).get(`${key}@${start}`)!,
    };
    const limiter = new SharedRateLimiter(store, 2, 60_000, quietLog(), { now: () => now });
    assert.equal((await limiter.hit('a')).remaining, 1);
    assert.equal((await limiter.hit('a')).allowed, true);
    const third = await limiter.hit('a');
    assert.deepEqual(
      third,
      { allowed: false, limit: 2, remaining: 0, resetInMs: 45_000 },
      'window 120 000..180 000 ms, now 135 000',
    );
    now = 180_000;
    assert.equal((await limiter.hit('a')).allowed, true, 'a new window');
  });

  it('a failing store: the request is counted in memory, the outage logged once, the store tried again later', async () => {
    let now = 1_000_000;
    let failing = true;
    let calls = 0;
    const store: CounterStore = {
      name: 'fake',
      increment: async () => {
        calls++;
        if (failing) throw new Error('connection refused');
        return 1;
      },
    };
    const log = quietLog();
    const limiter = new SharedRateLimiter(store, 2, 60_000, log, { retryAfterMs: 5000, now: () => now });
    assert.equal((await limiter.hit('a')).allowed, true);
    assert.equal((await limiter.hit('a')).allowed, true);
    assert.equal((await limiter.hit('a')).allowed, false, 'the per-process budget holds during the outage');
    assert.equal(calls, 1, 'not asked again within retryAfterMs');
    assert.deepEqual(log.lines, ['warn shared rate-limit store failed: counting per process until it answers']);
    failing = false;
    now += 5000;
    assert.equal((await limiter.hit('a')).remaining, 1, 'the store answers again (its count of 1)');
    assert.equal(calls, 2);
    assert.match(log.lines[1]!, /answers again/);
  });

  it('a store slower than the timeout counts as an outage', async () => {
    const store: CounterStore = { name: 'fake', increment: () => new Promise(() => {}) };
    const log = quietLog();
    const verdict = await new SharedRateLimiter(store, 5, 60_000, log, { timeoutMs: 30 }).hit('a');
    assert.equal(verdict.remaining, 4);
    assert.equal(log.lines.length, 1);
  });
});

for (const dialect of dialects.filter((d) => d === 'postgres')) {
  describe('PostgresCounterStore', () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
    });
    after(() => db.dispose());

    it('counts concurrent requests exactly, one upsert each; a new window starts over', () =>
      exactUnderConcurrency(new PostgresCounterStore(db)));

    it('an older window start (a process whose clock lags) adds to the newer window instead of resetting it', async () => {
      const store: CounterStore = new PostgresCounterStore(db);
      const key = `app-${randomUUID()}`;
      assert.equal(await store.increment(key, 120_000, 60_000), 1);
      assert.equal(await store.increment(key, 60_000, 60_000), 2);
      assert.equal(await store.increment(key, 120_000, 60_000), 3);
    });
  });
}

describe('RedisCounterStore', async () => {
  const available = await redisAvailable();
  let redis: Redis;
  before(() => {
    if (available) redis = new Redis(TEST_REDIS_URL);
  });
  after(() => redis?.disconnect());

  it('counts concurrent requests exactly; the window key expires', { skip: !available && 'no Redis' }, async () => {
    const prefix = `ratebook:test:${randomUUID()}:`;
    const store = new RedisCounterStore(redis, prefix);
    await exactUnderConcurrency(store);
    const [name] = await redis.keys(`${prefix}*`);
    const ttl = await redis.pttl(name!);
    assert.ok(ttl > 0 && ttl <= 61_000, `expires after its window (${ttl} ms)`);
  });
});

for (const dialect of dialects) {
  describe(`a shared store that is away, over HTTP on ${dialect}`, () => {
    it('requests are answered and limited per process (REDIS_URL naming a closed port)', async () => {
      const t = await buildTestApp(dialect, { env: { REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_MAX: '2' } });
      try {
        const c = await t.credentials();
        assert.equal((await t.get('/rest/echo', c)).statusCode, 200);
        assert.equal((await t.get('/rest/echo', c)).statusCode, 200);
        const limited = await t.get('/rest/echo', c);
        assert.equal(limited.statusCode, 429, limited.body);
        assert.equal(limited.json().results[0].code, 'RateLimited');
        assert.ok(Number(limited.headers['retry-after']) >= 1);
      } finally {
        await t.close();
      }
    });
  });
}
