// Counts each organization's calls by operation and UTC day as requests are answered: one Map increment per
// request, nothing written. The counts are added to org_usage every flush interval and at close; a flush the database
// refuses (down, locked) keeps its counts for the next one, so a database outage loses no calls and fails no request.
import type { UsageCounts, UsageCountsRepository } from './usage-counts.repository.ts';

const SEP = '\u0000';

export class UsageCounter {
  private pending = new Map<string, { calls: number; errors: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly repo: UsageCountsRepository,
    private readonly flushMs: number,
  ) {}

  start(): void {
    if (this.timer || this.flushMs <= 0) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  /** One answered call of `operation` (`GET /rest/public/lses`) by organization `orgId` at `at` (ms). */
  count(orgId: number, operation: string, at: number, failed: boolean): void {
    const key = `${orgId}${SEP}${new Date(at).toISOString().slice(0, 10)}${SEP}${operation}`;
    const counts = this.pending.get(key);
    if (counts) {
      counts.calls++;
      if (failed) counts.errors++;
    } else this.pending.set(key, { calls: 1, errors: failed ? 1 : 0 });
  }

  /** Adds the counts so far to the database (one flush at a time; a failed one puts its counts back and throws). */
  async flush(): Promise<void> {
    while (this.flushing !== null) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const taken = this.pending;
    this.pending = new Map();
    const rows: UsageCounts[] = [...taken].map(([key, c]) => {
      const [orgId, day, operation] = key.split(SEP) as [string, string, string];
      return { orgId: Number(orgId), day, operation, calls: c.calls, errors: c.errors };
    });
    this.flushing = this.repo
      .add(rows)
      .catch((e: unknown) => {
        for (const [key, c] of taken) {
          const now = this.pending.get(key);
          if (now) {
            now.calls += c.calls;
            now.errors += c.errors;
          } else this.pending.set(key, c);
        }
        throw e;
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}
