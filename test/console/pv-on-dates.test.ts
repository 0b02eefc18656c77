// The savings page lays the typical PV year on year one's hours as the analysis does (engine/solar/solar-on-dates.ts),
// so that the battery day it draws is dispatched on the analysis's own PV output: the same values hour for hour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { solarOnDates } from '../../src/engine/solar/solar-on-dates.ts';
import { pvOnDates } from '../../src/web/console/pv-on-dates.ts';

// A typical year whose every hour is told apart: day-of-year x 100 + hour.
const typical = Array.from({ length: 8760 }, (_, i) => Math.floor(i / 24) * 100 + (i % 24));

describe('the savings page’s PV on dates', () => {
  it('equals the analysis’s placement hour for hour over a leap year, a DST year and a zone east of UTC', () => {
    const cases: [number, number, number][] = [
      [-8, Date.parse('2027-01-01T08:00:00Z'), Date.parse('2028-01-01T08:00:00Z')],
      [-5, Date.parse('2028-01-01T05:00:00Z'), Date.parse('2029-01-01T05:00:00Z')],
      [10, Date.parse('2026-06-30T14:00:00Z'), Date.parse('2027-06-30T14:00:00Z')],
    ];
    for (const [offset, from, to] of cases)
      assert.deepEqual(pvOnDates(typical, offset, from, to), Array.from(solarOnDates(typical, offset, from, to)));
  });
  it('keeps standard time: 15 July 2027 at 13:00 daylight time in California reads the typical 12:00', () => {
    const from = Date.parse('2027-07-15T07:00:00Z'); // midnight PDT
    const day = pvOnDates(typical, -8, from, from + 24 * 3_600_000);
    const july15 = (181 + 14) * 100;
    assert.equal(day[13], july15 + 12);
    assert.equal(day[0], july15 - 100 + 23, 'midnight PDT is 23:00 PST of the 14th');
  });
  it('repeats 28 February on the 29th, and refuses a typical year that is not 8,760 hours', () => {
    const from = Date.parse('2028-02-29T08:00:00Z');
    assert.equal(pvOnDates(typical, -8, from, from + 3_600_000)[0], 58 * 100);
    assert.throws(() => pvOnDates(typical.slice(1), -8, from, from + 3_600_000), /8,760/);
  });
});
