import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findGaps, mergeReadings } from '../../../src/engine/usage/readings-merge.ts';
import type { Reading, ReadingUnit } from '../../../src/importers/readings/reading.ts';

const M = 60_000;
const T0 = Date.UTC(2024, 0, 1);
const r = (startMin: number, endMin: number, value = 1, unit: ReadingUnit = 'kWh'): Reading => ({
  start: T0 + startMin * M,
  end: T0 + endMin * M,
  unit,
  value,
  cost: null,
});
/** Every 15 minutes of `hours` hours from minute `from`. */
const quarterHours = (from: number, hours: number, value = 1) =>
  Array.from({ length: hours * 4 }, (_, k) => r(from + k * 15, from + (k + 1) * 15, value));

/** The rule applied literally, one reading at a time: O(n²), the yardstick for the segment tree. */
function naive(existing: Reading[], incoming: Reading[]) {
  let kept: { r: Reading; stored: boolean }[] = existing.map((x) => ({ r: x, stored: true }));
  let replaced = 0;
  let duplicatesInUpload = 0;
  for (const x of incoming) {
    const next: typeof kept = [];
    for (const k of kept) {
      if (k.r.unit === x.unit && k.r.start < x.end && x.start < k.r.end) {
        if (k.stored) replaced++;
        else duplicatesInUpload++;
      } else next.push(k);
    }
    next.push({ r: x, stored: false });
    kept = next;
  }
  const readings = kept
    .map((k) => k.r)
    .sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : a.start - b.start || a.end - b.end));
  return { readings, replaced, duplicatesInUpload };
}

describe('mergeReadings', () => {
  it('replaces every stored reading an uploaded one overlaps, and counts them', () => {
    const stored = quarterHours(0, 2, 1); // 00:00-02:00, 8 readings
    const out = mergeReadings(stored, [r(30, 90, 5)]);
    assert.equal(out.replaced, 4); // 00:30, 00:45, 01:00, 01:15
    assert.deepEqual(
      out.readings.map((x) => [x.start - T0, x.value]),
      [
        [0, 1],
        [15 * M, 1],
        [30 * M, 5],
        [90 * M, 1],
        [105 * M, 1],
      ],
    );
    assert.equal(out.duplicatesInUpload, 0);
  });

  it('leaves readings that only touch an uploaded one (end exclusive) and readings of other units', () => {
    const out = mergeReadings([r(0, 15), r(15, 30, 9, 'kW'), r(30, 45)], [r(15, 30, 2)]);
    assert.equal(out.replaced, 0);
    assert.deepEqual(
      out.readings.map((x) => [x.unit, x.start - T0, x.value]),
      [
        ['kW', 15 * M, 9],
        ['kWh', 0, 1],
        ['kWh', 15 * M, 2],
        ['kWh', 30 * M, 1],
      ],
    );
  });

  it('keeps the later of readings of one upload that overlap, and counts the earlier', () => {
    const out = mergeReadings([], [r(0, 15, 1), r(15, 30, 2), r(0, 15, 3)]);
    assert.equal(out.duplicatesInUpload, 1);
    assert.deepEqual(
      out.readings.map((x) => x.value),
      [3, 2],
    );
    // A chain: B replaced A when it came, then C replaced B; C alone is left.
    const chain = mergeReadings([], [r(0, 10, 1), r(5, 15, 2), r(12, 20, 3)]);
    assert.deepEqual([chain.duplicatesInUpload, chain.readings.map((x) => x.value)], [2, [3]]);
  });

  it('lets a bill-length reading replace the interval readings it spans, and interval readings replace a bill', () => {
    const day = quarterHours(0, 24, 0.5); // 96 readings
    const bill = r(0, 31 * 24 * 60, 400);
    const billOverIntervals = mergeReadings(day, [bill]);
    assert.deepEqual([billOverIntervals.replaced, billOverIntervals.readings.length], [96, 1]);
    const intervalsOverBill = mergeReadings([bill], day);
    assert.deepEqual([intervalsOverBill.replaced, intervalsOverBill.readings.length], [1, 96]);
    // In one upload, the order decides: the bill sent after the intervals removes all 96 of them.
    const oneUpload = mergeReadings([], [...day, bill]);
    assert.deepEqual([oneUpload.duplicatesInUpload, oneUpload.readings.length], [96, 1]);
  });

  it('sorts by unit, then start', () => {
    const out = mergeReadings([r(60, 75, 1, 'therms'), r(30, 45)], [r(0, 15, 1, 'kW'), r(0, 15)]);
    assert.deepEqual(
      out.readings.map((x) => `${x.unit}@${(x.start - T0) / M}`),
      ['kW@0', 'kWh@0', 'kWh@30', 'therms@60'],
    );
  });

  it('agrees with the rule applied one reading at a time, on random uploads', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const some = (count: number) =>
      Array.from({ length: count }, () => {
        const start = rand(200) * 15;
        return r(start, start + (1 + rand(rand(3) === 0 ? 40 : 4)) * 15, rand(100), (['kWh', 'kW'] as const)[rand(2)]);
      });
    // In order and apart (as stored readings are, and most uploads): the merge's one-walk path.
    const apart = (count: number) => {
      let t = rand(20) * 15;
      return Array.from({ length: count }, () => {
        const start = t + rand(3) * 15;
        t = start + (1 + rand(rand(4) === 0 ? 30 : 3)) * 15;
        return r(start, t, rand(100));
      });
    };
    for (let round = 0; round < 400; round++) {
      const existing = round % 2 ? apart(rand(40)) : some(rand(30));
      const incoming = round % 4 === 1 ? apart(rand(40)) : some(rand(30));
      assert.deepEqual(mergeReadings(existing, incoming), naive(existing, incoming), `round ${round}`);
    }
  });

  it('replaces a stored year of 15-minute readings by a year sent again', () => {
    const year = quarterHours(0, 24 * 365, 1);
    const again = quarterHours(0, 24 * 365, 2);
    const out = mergeReadings(year, again);
    assert.deepEqual([out.replaced, out.duplicatesInUpload, out.readings.length], [35_040, 0, 35_040]);
    assert.ok(out.readings.every((x) => x.value === 2));
  });
});

describe('findGaps', () => {
  it('finds what no reading of the unit covers, from the first start to the last end', () => {
    const readings = [r(0, 15), r(30, 45), r(40, 60), r(90, 105), r(45, 50, 1, 'kW')];
    assert.deepEqual(findGaps(readings, 'kWh'), [
      { start: T0 + 15 * M, end: T0 + 30 * M },
      { start: T0 + 60 * M, end: T0 + 90 * M },
    ]);
    assert.deepEqual(findGaps(readings, 'kW'), []);
    assert.deepEqual(findGaps(readings, 'therms'), []);
  });
  it('clips to [from, to) and reports the edges', () => {
    const readings = [r(30, 45), r(60, 75)];
    assert.deepEqual(findGaps(readings, 'kWh', T0, T0 + 70 * M), [
      { start: T0, end: T0 + 30 * M },
      { start: T0 + 45 * M, end: T0 + 60 * M },
    ]);
    assert.deepEqual(findGaps(readings, 'kWh', T0 + 35 * M, T0 + 100 * M), [
      { start: T0 + 45 * M, end: T0 + 60 * M },
      { start: T0 + 75 * M, end: T0 + 100 * M },
    ]);
    assert.deepEqual(findGaps([], 'kWh', T0, T0 + M), [{ start: T0, end: T0 + M }]);
    assert.deepEqual(findGaps(readings, 'kWh', T0 + M, T0 + M), []);
  });
  it('sees a bill-length reading as covering its whole period', () => {
    assert.deepEqual(findGaps([r(0, 44_640), ...quarterHours(0, 2)], 'kWh'), []);
  });
});
