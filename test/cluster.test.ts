import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { restartDelayMs } from '../src/cluster.ts';

describe('restartDelayMs', () => {
  it('restarts a worker that had run well at once, and one that keeps dying soon after start ever later, up to 30 s', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 8, 20].map(restartDelayMs), [0, 250, 500, 1000, 2000, 30_000, 30_000]);
  });
});
