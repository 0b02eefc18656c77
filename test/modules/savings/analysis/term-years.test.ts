// The years of a term as energy, and a year as the series its after bill reads: the PV output degraded year by year,
// year one's own arrays where nothing changes, the net load on the meter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterYearInput, sentIn } from '../../../../src/modules/savings/analysis/after-year-input.ts';
import { termYears, yearPv } from '../../../../src/modules/savings/analysis/term-years.ts';
import type { Usage } from '../../../../src/modules/savings/analysis/types.ts';
import { H } from './fixtures.ts';

const usage: Usage = {
  from: 0,
  duration: H,
  values: Float64Array.from([1, 1, 1, 1]),
  noted: '',
  accuracy: 100,
  dataValue: null,
  more: [],
};
const pv = Float64Array.from([0, 3, 0, 2]);

describe('the years of a term', () => {
  it('degrades the output year by year, one year at a time', () => {
    const years = [...termYears(usage, pv, 3, 0.5)];
    assert.deepEqual(
      years.map((y) => [y.n, y.repeatsYearOne, [...yearPv(y)]]),
      [
        [0, true, [0, 3, 0, 2]],
        [1, false, [0, 1.5, 0, 1]],
        [2, false, [0, 0.75, 0, 0.5]],
      ],
    );
    assert.equal(yearPv(years[0]!), pv, "year one's output is the production step's array");
    assert.ok(
      years.every((y) => y.pvYearOne === pv),
      "no year's output is made until a step asks for it",
    );
    assert.ok(years.every((y) => y.usage === usage.values));
  });

  it("repeats year one's energy when the output does not degrade", () => {
    const years = [...termYears(usage, pv, 20, 0)];
    assert.equal(years.length, 20);
    assert.ok(years.every((y) => y.repeatsYearOne && yearPv(y) === pv));
  });

  it('makes a year the net load its after bill reads, on the usage grid', () => {
    const [, second] = termYears(usage, pv, 2, 0.5);
    const input = afterYearInput(second!, usage, false);
    // 1 - 0, 1 - 1.5, 1 - 0, 1 - 1; 1 - 0.5 + 1 + 0 = 1.5 kWh.
    assert.deepEqual([...input.net], [1, -0.5, 1, 0]);
    assert.equal(input.kwh, 1.5);
    assert.deepEqual(input.series, [
      { keyName: 'consumption', from: 0, duration: H, values: input.net, exports: null },
    ]);
    // One meter sends the net load's negative part: 0.5 kWh in the second hour.
    assert.deepEqual([...sentIn(second!, input.net, false)], [0, 0.5, 0, 0]);
  });

  it('keeps the usage and the PV output apart with two meters (buy all / sell all)', () => {
    const [, second] = termYears(usage, pv, 2, 0.5);
    const input = afterYearInput(second!, usage, true);
    // The net is the same; the bill reads the usage drawn and the whole output sent: 0, 1.5, 0, 1 (2 x 0.5 degraded).
    assert.deepEqual([...input.net], [1, -0.5, 1, 0]);
    assert.deepEqual(
      input.series.map((s) => Array.from(s.values)),
      [
        [1, 1, 1, 1],
        [-0, -1.5, -0, -1],
      ],
    );
    assert.deepEqual([...sentIn(second!, input.net, true)], [0, 1.5, 0, 1]);
  });

  it('writes a later year into the array it is given, reused from year to year', () => {
    const [, second, third] = termYears(usage, pv, 3, 0.5);
    const into = new Float64Array(4);
    assert.equal(afterYearInput(second!, usage, false, into).net, into);
    // Year three makes 0.25 of year one: 1 - 0, 1 - 0.75, 1 - 0, 1 - 0.5; 2.75 kWh.
    const input = afterYearInput(third!, usage, false, into);
    assert.equal(input.net, into);
    assert.deepEqual([...into], [1, 0.25, 1, 0.5]);
    assert.equal(input.kwh, 2.75);
  });
});
