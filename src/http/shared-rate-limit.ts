// The per-application request budget counted in a store every API process shares (PostgreSQL or Redis), so that N
// processes behind a load balancer let an application through once, not N times. The store counts fixed windows
// aligned on the epoch (every process agrees on where a window starts without talking to the others).
//
// A store that fails or is slow must not take requests down: the request is then counted by this process alone (the
// in-memory RateLimiter), the outage is logged once, and the store is tried again after a pause.
import { RateLimiter, type RateVerdict } from './rate-limit.ts';

/** What the auth hook asks: a verdict now (in memory) or soon (a shared store). */
export interface RequestLimiter {
  readonly enabled: boolean;
  hit(key: string): RateVerdict | Promise<RateVerdict>;
}

export interface CounterStore {
  /** For logs: "postgres" or "redis". */
  readonly name: string;
  /** Counts one request of key in the window starting at windowStart (epoch ms); the count in that window so far. */
  increment(key: string, windowStart: number, windowMs: number): Promise<number>;
}

export interface SharedLimiterLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface SharedLimiterOptions {
  /** A store answer slower than this counts as an outage (the request goes on, counted in memory). */
  timeoutMs?: number;
  /** After an outage, how long requests are counted in memory before the store is tried again. */
  retryAfterMs?: number;
  now?: () => number;
}

class StoreTimeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class SharedRateLimiter implements RequestLimiter {
  readonly #fallback: RateLimiter;
  readonly #timeoutMs: number;
  readonly #retryAfterMs: number;
  readonly #now: () => number;
  /** While now < this, the store is considered away and requests are counted in memory. */
  #awayUntil = 0;
  #away = false;

  constructor(
    private readonly store: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly log: SharedLimiterLog,
    { timeoutMs = 1000, retryAfterMs = 5000, now = Date.now }: SharedLimiterOptions = {},
  ) {
    this.#fallback = new RateLimiter(max, windowMs, now);
    this.#timeoutMs = timeoutMs;
    this.#retryAfterMs = retryAfterMs;
    this.#now = now;
  }

  get enabled(): boolean {
    return this.max > 0;
  }

  /** Never rejects: a store failure answers from the in-memory count. */
  hit(key: string): RateVerdict | Promise<RateVerdict> {
    const now = this.#now();
    if (now < this.#awayUntil) return this.#fallback.hit(key);
    const windowStart = now - (now % this.windowMs);
    return within(this.store.increment(key, windowStart, this.windowMs), this.#timeoutMs).then(
      (count) => {
        if (this.#away) {
          this.#away = false;
          this.log.info({ store: this.store.name }, 'shared rate-limit store answers again: counting across processes');
        }
        return {
          allowed: count <= this.max,
          limit: this.max,
          remaining: Math.max(0, this.max - count),
          resetInMs: windowStart + this.windowMs - this.#now(),
        };
      },
      (err: unknown) => {
        this.#awayUntil = this.#now() + this.#retryAfterMs;
        if (!this.#away) {
          this.#away = true;
          this.log.warn(
            { err, store: this.store.name, retryInMs: this.#retryAfterMs },
            'shared rate-limit store failed: counting per process until it answers',
          );
        }
        return this.#fallback.hit(key);
      },
    );
  }
}
