// The packed month of readings reads back as written: runs of several lengths, negative values (exports), costs and
// readings without one, values at every byte offset a run header leaves them (the decoder copies their bytes whole).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkRuns,
  decodeChunk,
  encodeChunk,
  monthStart,
  type StoredReading,
} from '../../../src/modules/profiles/reading-chunks.ts';

const HOUR = 3_600_000;

describe('reading chunks', () => {
  it('decode what they encode, with and without costs', () => {
    const month = monthStart(Date.UTC(2026, 2, 15)) * 1000;
    const readings: StoredReading[] = [];
    // 30 hours back to back, a gap, 7 quarter hours, then one lone day-long reading: three runs.
    for (let k = 0; k < 30; k++)
      readings.push({ start: month + k * HOUR, end: month + (k + 1) * HOUR, value: (k % 7) - 2.125, cost: null });
    const later = month + 40 * HOUR;
    for (let k = 0; k < 7; k++)
      readings.push({ start: later + k * 900_000, end: later + (k + 1) * 900_000, value: 0.1 * k, cost: null });
    readings.push({ start: month + 3 * 86_400_000, end: month + 4 * 86_400_000, value: 1e-9, cost: null });
    readings.sort((a, b) => a.start - b.start);
    for (const withCosts of [false, true]) {
      const given = withCosts ? readings.map((r, k) => ({ ...r, cost: k % 3 === 0 ? null : k * 0.01 })) : readings;
      const packed = encodeChunk(given, month / 1000);
      assert.deepEqual(decodeChunk(packed, month / 1000), given);
      // The same bytes at an odd place in a larger buffer (as a driver hands a column's bytes) read the same.
      const shifted = new Uint8Array(packed.length + 3);
      shifted.set(packed, 3);
      const runs = chunkRuns(shifted.subarray(3), month / 1000);
      assert.equal(runs.length, 3);
      assert.deepEqual(
        [...runs[0]!.values],
        given.slice(0, 30).map((r) => r.value),
      );
    }
  });
});
