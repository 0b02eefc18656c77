// The shared stores of the per-application request counts: one PostgreSQL upsert, or one Redis round trip, per block
// of requests a process claims (shared-rate-limit.ts).
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { closeRedis, connectRedis, type RedisLog } from '../db/redis.ts';
import { RateLimiter } from './rate-limit.ts';
import {
  SharedRateLimiter,
  type CounterStore,
  type RequestLimiter,
  type SharedLimiterLog,
} from './shared-rate-limit.ts';

/**
 * One row per application in rate_limit_counters (an unlogged table: counters need no crash safety). The upsert
 * starts a new window or adds one to the current, in one statement, so concurrent requests from any process are
 * counted exactly. A process whose clock lags sends an older window start: it adds to the newer window instead of
 * resetting it.
 */
export class PostgresCounterStore implements CounterStore {
  readonly name = 'postgres';
  constructor(private readonly db: Db) {}

  async increment(key: string, windowStart: number, _windowMs: number, by: number): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      insert into rate_limit_counters as c (app_id, window_start, count) values (${key}, ${windowStart}, ${by})
      on conflict (app_id) do update set
        count = case when excluded.window_start > c.window_start then excluded.count else c.count + excluded.count end,
        window_start = greatest(c.window_start, excluded.window_start)
      returning count`.execute(this.db.kysely);
    return Number(rows[0]!.count);
  }
}

/** A key per application and window, expiring after its window: INCRBY and PEXPIRE in one transaction. */
export class RedisCounterStore implements CounterStore {
  readonly name = 'redis';
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratebook:rate:',
  ) {}

  async increment(key: string, windowStart: number, windowMs: number, by: number): Promise<number> {
    const name = `${this.prefix}${key}:${windowStart}`;
    const replies = await this.redis
      .multi()
      .incrby(name, by)
      .pexpire(name, windowMs + 1000)
      .exec();
    const [err, count] = replies?.[0] ?? [new Error('Redis transaction aborted'), null];
    if (err) throw err;
    return Number(count);
  }
}

export interface RequestLimiterChoice {
  limiter: RequestLimiter;
  /** Closes what the limiter opened (a Redis connection). */
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set, else PostgreSQL when the database is, else this process's memory (SQLite). */
export function chooseRequestLimiter(
  config: Pick<Config, 'rateLimit' | 'redisUrl'>,
  db: Db,
  log: SharedLimiterLog & RedisLog,
): RequestLimiterChoice {
  const { max, windowMs } = config.rateLimit;
  if (max > 0 && config.redisUrl) {
    const redis = connectRedis(config.redisUrl, log, 'rate-limit');
    return {
      limiter: new SharedRateLimiter(new RedisCounterStore(redis), max, windowMs, log),
      close: () => closeRedis(redis),
    };
  }
  if (max > 0 && db.dialect === 'postgres')
    return { limiter: new SharedRateLimiter(new PostgresCounterStore(db), max, windowMs, log), close: async () => {} };
  return { limiter: new RateLimiter(max, windowMs), close: async () => {} };
}
