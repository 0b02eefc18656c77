// The per-application request budget counted in a store every API process shares (PostgreSQL or Redis), so that N
// processes behind a load balancer let an application through once, not N times. The store counts fixed windows
// aligned on the epoch (every process agrees on where a window starts without talking to the others).
//
// A process claims the budget in blocks: one store round trip adds a block to the shared count and lets this
// process admit that many requests from memory. A round trip on every request put the database on every request's
// path (about 1 ms of a 3 ms echo on PostgreSQL, and more while a portfolio job kept PostgreSQL busy: bench/README).
// A block is a sixteenth of what the window has left, at most BLOCK_MAX and at least 1, so far from the limit a
// process asks the store once per 50 requests, and near it once per request, exactly as before. Nothing past the
// limit is ever admitted (a request is admitted only from a block the store counted); what the window may lose is the
// unused rest of the processes' last blocks (each a sixteenth of what was left when it was claimed).
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
  /** Adds `by` requests of key to the window starting at windowStart (epoch ms); the count in that window so far. */
  increment(key: string, windowStart: number, windowMs: number, by: number): Promise<number>;
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

/** Requests a process claims from the store at most at once (far from the limit). */
const BLOCK_MAX = 50;
/** A block is this fraction of what the window has left (so the processes' unused rests stay small near the limit). */
const BLOCK_SHARE = 16;
/** Applications whose blocks are remembered at most; the oldest are dropped first (as RateLimiter's windows). */
const KEYS_KEPT = 100_000;

/** This process's block of an application's budget in one window. */
interface Claim {
  windowStart: number;
  /** Requests of the block not admitted yet. */
  left: number;
  /** The shared count after this process's last claim (its own unused rest included). */
  counted: number;
  /** A claim on its way to the store: requests arriving meanwhile wait for it instead of sending their own. */
  pending: Promise<void> | null;
}

export class SharedRateLimiter implements RequestLimiter {
  readonly #fallback: RateLimiter;
  readonly #timeoutMs: number;
  readonly #retryAfterMs: number;
  readonly #now: () => number;
  readonly #claims = new Map<string, Claim>();
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

  /**
   * Never rejects: a store failure answers from the in-memory count. Answers at once (no promise) while this
   * process's block has requests left, or once the store said the window is full.
   */
  hit(key: string): RateVerdict | Promise<RateVerdict> {
    const now = this.#now();
    if (now < this.#awayUntil) return this.#fallback.hit(key);
    const windowStart = now - (now % this.windowMs);
    const claim = this.#claimOf(key, windowStart);
    if (claim.left > 0) {
      claim.left--;
      return this.#verdict(claim, true);
    }
    // The shared count only grows within a window: once it reached the limit, the store would refuse them all.
    if (claim.counted >= this.max) return this.#verdict(claim, false);
    claim.pending ??= this.#claim(key, claim);
    return claim.pending.then(() => this.hit(key));
  }

  /** This process's claim on key's budget in the window starting at windowStart (a new window starts empty). */
  #claimOf(key: string, windowStart: number): Claim {
    const kept = this.#claims.get(key);
    if (kept?.windowStart === windowStart) return kept;
    // A claim still on its way belongs to the window it was made in: the requests waiting on it ask again.
    const claim: Claim = { windowStart, left: 0, counted: 0, pending: null };
    this.#claims.delete(key);
    if (this.#claims.size >= KEYS_KEPT) this.#claims.delete(this.#claims.keys().next().value!);
    this.#claims.set(key, claim);
    return claim;
  }

  /** Claims a block from the store; on a failure or a timeout the store is away for a while. Never rejects. */
  async #claim(key: string, claim: Claim): Promise<void> {
    const block = Math.min(BLOCK_MAX, Math.max(1, Math.floor((this.max - claim.counted) / BLOCK_SHARE)));
    try {
      const count = await within(this.store.increment(key, claim.windowStart, this.windowMs, block), this.#timeoutMs);
      // A count that is not a number would leave the block neither granted nor refused, and every request asking again.
      if (!Number.isFinite(count)) throw new Error(`the store answered a count of ${count}`);
      if (this.#away) {
        this.#away = false;
        this.log.info({ store: this.store.name }, 'shared rate-limit store answers again: counting across processes');
      }
      // Of the block, only what fits under the limit is this process's (others may have claimed meanwhile).
      claim.left += Math.max(0, Math.min(block, this.max - (count - block)));
      claim.counted = Math.max(claim.counted, count);
    } catch (err) {
      this.#awayUntil = this.#now() + this.#retryAfterMs;
      if (!this.#away) {
        this.#away = true;
        this.log.warn(
          { err, store: this.store.name, retryInMs: this.#retryAfterMs },
          'shared rate-limit store failed: counting per process until it answers',
        );
      }
    } finally {
      claim.pending = null;
    }
  }

  #verdict(claim: Claim, allowed: boolean): RateVerdict {
    return {
      allowed,
      limit: this.max,
      // What the store counted, less this process's unused rest (other processes' rests are not known here).
      remaining: Math.max(0, this.max - (claim.counted - claim.left)),
      resetInMs: claim.windowStart + this.windowMs - this.#now(),
    };
  }
}
