// Year n's hourly export prices laid on year one's hours by local date and time (engine/savings/year-prices.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { LookupSeries } from '../../../src/engine/bill/types.ts';
import { pricesOnYearOne } from '../../../src/engine/savings/year-prices.ts';
import { localClock } from '../../../src/engine/time/local-clock.ts';

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();

/** Hourly prices over [from, to) whose value names their own local time: month x 10,000 + day x 100 + hour. */
function coded(from: number, to: number): LookupSeries {
  const f: number[] = [];
  const v: number[] = [];
  for (let t = from; t < to; t += HOUR) {
    const d = DateTime.fromMillis(t, { zone: ZONE });
    f.push(t);
    v.push(d.month * 10_000 + d.day * 100 + d.hour);
  }
  return { from: Float64Array.from(f), to: Float64Array.from(f, (x) => x + HOUR), value: Float64Array.from(v) };
}

function laid(yearOne: number, n: number, scale = 1) {
  const from = at(`${yearOne}-01-01`);
  const to = at(`${yearOne + 1}-01-01`);
  const source = coded(at(`${yearOne + n}-01-01`) - 86_400_000, at(`${yearOne + n + 1}-01-01`) + 86_400_000);
  const clock = localClock(ZONE, from, at(`${yearOne + n + 1}-01-02`));
  return { from, to, out: pricesOnYearOne(source, clock, { from, to, step: HOUR }, n, scale) };
}

const valueAt = (s: LookupSeries, t: number) => {
  const k = s.from.indexOf(t);
  return k < 0 ? undefined : s.value[k];
};

describe("year n's export prices on year one's hours", () => {
  it('gives every hour of year one the price of its own local date and time n years on', () => {
    const { from, to, out } = laid(2026, 3);
    assert.equal(out.from.length, (to - from) / HOUR); // 8,760: every hour covered
    // 2026-07-15 18:00 takes 2029-07-15 18:00's price.
    assert.equal(valueAt(out, at('2026-07-15T18:00')), 71_518);
    assert.equal(valueAt(out, at('2026-12-31T23:00')), 123_123);
    for (let k = 1; k < out.from.length; k++) assert.ok(out.from[k]! > out.from[k - 1]!);
  });

  it('takes the first reading of a local time that DST skips in year n', () => {
    // DST began on 8 March 2026 and begins on 14 March 2027: 2027-03-14 02:00 does not exist, so 2026-03-14 02:00
    // takes the first time that day after the gap, 03:00.
    const { out } = laid(2026, 1);
    assert.equal(valueAt(out, at('2026-03-14T02:00')), 31_403);
    // 2026-03-08 02:00 does not exist in year one; 01:00 and 03:00 take their own times of 2027-03-08.
    assert.equal(valueAt(out, at('2026-03-08T01:00')), 30_801);
    assert.equal(valueAt(out, at('2026-03-08T03:00')), 30_803);
  });

  it('gives 29 February the 28th when year n has none, and divides by the scale', () => {
    const { from, to, out } = laid(2028, 1, 2);
    assert.equal(out.from.length, (to - from) / HOUR); // 8,784: the leap year's every hour
    // 2028-02-29 12:00 takes 2029-02-28 12:00's price (22,812), halved.
    assert.equal(valueAt(out, at('2028-02-29T12:00')), 22_812 / 2);
    assert.equal(valueAt(out, at('2028-03-01T12:00')), 30_112 / 2);
  });

  it('leaves an hour uncovered where year n has no price (the bill then says so)', () => {
    const from = at('2026-01-01');
    const to = at('2026-01-02');
    const source = coded(at('2027-01-01T06:00'), at('2027-01-02'));
    const clock = localClock(ZONE, from, at('2027-01-03'));
    const out = pricesOnYearOne(source, clock, { from, to, step: HOUR }, 1, 1);
    assert.equal(out.from.length, 18);
    assert.equal(out.from[0], at('2026-01-01T06:00'));
  });
});
