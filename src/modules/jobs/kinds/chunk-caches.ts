// The tariffs, their time data, export prices and prepared tariff grids that a CALCULATION job's chunks share within
// one process. Read and prepared afresh for every chunk (of 50 accounts then) they cost a worker about 55 ms a chunk
// (1.1 ms of its 4.0 ms an account-year, bench/README); the same job's next chunks in the same process take them from
// the first for up to a minute, so a tariff edited while a job runs is billed by that process's chunks begun a minute
// later at most (a new job reads it at once).
import { RequestCache } from '../../calculations/request-cache.ts';

/** How long chunks keep using what an earlier chunk read. */
export const CHUNK_CACHE_MS = 60_000;
/** Jobs whose caches are kept at once (a process works a few jobs' chunks at a time). */
const KEPT = 4;

export class ChunkCaches {
  private readonly kept = new Map<string, { cache: RequestCache; made: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The cache for a chunk of job `key`: an earlier chunk's, while it is under a minute old. */
  of(key: string): RequestCache {
    const at = this.now();
    const kept = this.kept.get(key);
    if (kept && at - kept.made < CHUNK_CACHE_MS) return kept.cache;
    const cache = new RequestCache(true);
    this.kept.delete(key);
    this.kept.set(key, { cache, made: at });
    for (const [k, v] of this.kept) if (this.kept.size > KEPT || at - v.made >= CHUNK_CACHE_MS) this.kept.delete(k);
    return cache;
  }
}
