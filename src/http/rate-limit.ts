// Counters in fixed windows, per key: the per-application request budget, and the budget of failed credential
// checks per client address and per application id. In memory: each API process counts its own. On PostgreSQL or with
// Redis the request budget is counted in the shared store instead (shared-rate-limit.ts), and this counts during outages.

export interface RateVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Keys remembered at most; the oldest windows are dropped first (a flood of new keys cannot grow memory). */
    private readonly maxKeys = 100_000,
  ) {}

  get enabled(): boolean {
    return this.max > 0;
  }

  #window(key: string): { start: number; count: number } {
    const now = this.now();
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (w) this.#windows.delete(key);
      else if (this.#windows.size >= this.maxKeys) this.#windows.delete(this.#windows.keys().next().value!);
      w = { start: now - ((now - (w?.start ?? now)) % this.windowMs), count: 0 };
      // Map keeps insertion order: re-inserting keeps the oldest window first.
      this.#windows.set(key, w);
    }
    return w;
  }

  #verdict(w: { start: number; count: number }, allowed: boolean): RateVerdict {
    return {
      allowed,
      limit: this.max,
      remaining: Math.max(0, this.max - w.count),
      resetInMs: w.start + this.windowMs - this.now(),
    };
  }

  /** Counts one request and says whether it is within the budget. */
  hit(key: string): RateVerdict {
    const w = this.#window(key);
    w.count++;
    return this.#verdict(w, w.count <= this.max);
  }

  /** Whether one more would be within the budget, without counting it. */
  peek(key: string): RateVerdict {
    const w = this.#window(key);
    return this.#verdict(w, w.count < this.max);
  }
}
