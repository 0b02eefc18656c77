// A per-application request budget in fixed windows. In memory: each API process counts its own
// requests, so behind N processes an application gets up to N times the budget (see README).

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
  ) {}

  get enabled(): boolean {
    return this.max > 0;
  }

  hit(key: string): RateVerdict {
    const now = this.now();
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now - ((now - (w?.start ?? now)) % this.windowMs), count: 0 };
      this.#windows.set(key, w);
    }
    w.count++;
    const resetInMs = w.start + this.windowMs - now;
    return { allowed: w.count <= this.max, limit: this.max, remaining: Math.max(0, this.max - w.count), resetInMs };
  }
}
