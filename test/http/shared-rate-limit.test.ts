// The request budget counted in a shared store: exact under concurrency on PostgreSQL and Redis, windows that start
// over, blocks of the budget claimed a round trip at a time and never past the limit across processes, and a store
// outage answered from this process's own count (requests never fail for it).
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
  const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment(key, window, 60_000, 1)));
  assert.deepEqual(
    [...counts].sort((a, b) => a - b),
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
  assert.equal(await store.increment(key, window, 60_000, 5), 45, 'a block adds its size');
  assert.equal(await store.increment(key, window + 60_000, 60_000, 1), 1, 'the next window starts over');
}

/** A store in memory that adds each claim's block, and remembers the blocks asked. */
function countingStore(delayMs = 0) {
  const counts = new Map<string, number>();
  const blocks: number[] = [];
  const store: CounterStore = {
    name: 'fake',
    increment: async (key, start, _ms, by) => {
      blocks.push(by);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const name = `${key}@${start}`;
      counts.set(name, (counts.get(name) ?? 0) + by);
      return counts.get(name)!;
    },
  };
  return { store, blocks, counts };
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

  it('far from the limit: one round trip per block of 50 requests, the rest answered at once', async () => {
    const { store, blocks } = countingStore();
    const limiter = new SharedRateLimiter(store, 6000, 60_000, quietLog(), { now: () => 600_000 });
    const verdicts = [];
    for (let i = 0; i < 120; i++) verdicts.push(await limiter.hit('a'));
    assert.ok(verdicts.every((v) => v.allowed));
    assert.deepEqual(blocks, [50, 50, 50], '120 requests: three blocks of 50 (6000 / 16 = 375 left, capped at 50)');
    // The store counted 150; 30 of them are this process's unused rest.
    assert.equal(verdicts.at(-1)!.remaining, 6000 - 120);
    assert.equal(verdicts.filter((v) => !(v instanceof Promise)).length, 120);
    assert.ok(!(limiter.hit('a') instanceof Promise), 'a request within the block is answered without a promise');
  });

  it('two processes sharing the store admit exactly the limit, never more; blocks shrink to 1 near it', async () => {
    const { store, blocks, counts } = countingStore();
    const now = () => 600_000;
    const a = new SharedRateLimiter(store, 100, 60_000, quietLog(), { now });
    const b = new SharedRateLimiter(store, 100, 60_000, quietLog(), { now });
    let allowed = 0;
    for (let i = 0; i < 300; i++) if ((await (i % 2 ? a : b).hit('app')).allowed) allowed++;
    assert.equal(allowed, 100);
    // 100 / 16 = 6 left to the first claim, then smaller blocks as the count nears 100, the last ones 1 each.
    assert.equal(blocks[0], 6);
    assert.deepEqual(blocks.slice(-3), [1, 1, 1]);
    assert.ok(blocks.every((x, k) => k === 0 || x <= blocks[k - 1]! || x === 1));
    // The store's count passes 100 only by the refused claims' blocks of 1 (each process asks once more, then knows).
    assert.ok(counts.get('app@600000')! <= 102, `store count ${counts.get('app@600000')}`);
  });

  it('once the store says the window is full, no round trip until the next window', async () => {
    const { store, blocks } = countingStore();
    let now = 600_000;
    const limiter = new SharedRateLimiter(store, 3, 60_000, quietLog(), { now: () => now });
    for (let i = 0; i < 3; i++) assert.equal((await limiter.hit('a')).allowed, true);
    const asked = blocks.length;
    assert.equal((await limiter.hit('a')).allowed, false);
    const refused = limiter.hit('a');
    assert.ok(!(refused instanceof Promise), 'refused from memory');
    assert.deepEqual(refused, { allowed: false, limit: 3, remaining: 0, resetInMs: 60_000 });
    assert.equal(blocks.length, asked, 'the third claim counted 3 of 3: the window is full, none asked after it');
    now = 660_000;
    assert.equal((await limiter.hit('a')).allowed, true, 'the next window');
    assert.equal(blocks.length, asked + 1);
  });

  it('requests arriving while a claim is on its way wait for it instead of sending their own', async () => {
    const { store, blocks } = countingStore(20);
    const limiter = new SharedRateLimiter(store, 6000, 60_000, quietLog(), { now: () => 600_000 });
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => limiter.hit('a')));
    assert.ok(verdicts.every((v) => v.allowed));
    assert.deepEqual(blocks, [50, 50], '60 at once: one claim, then one more for the ten it did not cover');
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

  it('a store answering a count that is not a number counts as an outage (not a claim asked again and again)', async () => {
    let calls = 0;
    const store: CounterStore = {
      name: 'fake',
      increment: async () => {
        calls++;
        return Number.NaN;
      },
    };
    const log = quietLog();
    const limiter = new SharedRateLimiter(store, 5, 60_000, log);
    assert.equal((await limiter.hit('a')).remaining, 4, 'counted in memory');
    assert.equal(calls, 1);
    assert.equal(log.lines.length, 1);
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

    it('two limiters on one table, 100 requests at once: exactly the limit admitted', async () => {
      const store = new PostgresCounterStore(db);
      const key = `app-${randomUUID()}`;
      const limiters = [0, 1].map(() => new SharedRateLimiter(store, 40, 3_600_000, quietLog()));
      const verdicts = await Promise.all(Array.from({ length: 100 }, (_, i) => limiters[i % 2]!.hit(key)));
      assert.equal(verdicts.filter((v) => v.allowed).length, 40);
    });

    it('an older window start (a process whose clock lags) adds to the newer window instead of resetting it', async () => {
      const store: CounterStore = new PostgresCounterStore(db);
      const key = `app-${randomUUID()}`;
      assert.equal(await store.increment(key, 120_000, 60_000, 1), 1);
      assert.equal(await store.increment(key, 60_000, 60_000, 1), 2);
      assert.equal(await store.increment(key, 120_000, 60_000, 1), 3);
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
