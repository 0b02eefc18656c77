// A CALCULATION job's chunks in one process share what the first read (tariffs, time data, export prices, prepared
// grids) for up to a minute: the same job, the same cache; another job, or a chunk begun a minute after the cache was
// made, a cache of its own; at most four jobs' caches kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHUNK_CACHE_MS, ChunkCaches } from '../../../src/modules/jobs/kinds/chunk-caches.ts';

describe('ChunkCaches', () => {
  it("shares a job's cache among its chunks for a minute, and no further", () => {
    let now = 1_000_000;
    const caches = new ChunkCaches(() => now);
    const first = caches.of('job-a');
    assert.ok(first.grids, 'grids are shared among the accounts of a chunk');
    now += CHUNK_CACHE_MS - 1;
    assert.equal(caches.of('job-a'), first, 'the next chunk of the same job');
    assert.notEqual(caches.of('job-b'), first, 'another job (one made after a tariff was edited reads it afresh)');
    now += 1;
    const later = caches.of('job-a');
    assert.notEqual(later, first, 'a minute after the first chunk read them, read again');
    assert.equal(caches.of('job-a'), later);
  });

  it("keeps four jobs' caches at most", () => {
    const caches = new ChunkCaches(() => 0);
    const made = [0, 1, 2, 3, 4].map((k) => caches.of(`job-${k}`));
    assert.notEqual(caches.of('job-0'), made[0], 'the oldest of five was let go');
    assert.equal(caches.of('job-4'), made[4]);
  });
});
