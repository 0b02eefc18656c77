// The arithmetic of a term's years, worked by hand: degradation, escalation, each year's output and net load.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  escalation,
  outputByYear,
  outputShare,
  repeatsYearOne,
  total,
  yearNetLoad,
  yearOutput,
} from '../../../src/engine/savings/term.ts';

describe('the arithmetic of a term', () => {
  it('degrades the output year by year: year n makes (1 - d)^n of year one', () => {
    assert.equal(outputShare(0.1, 0), 1);
    // 0.9 x 0.9 = 0.81 (to the last bit of a double).
    assert.ok(Math.abs(outputShare(0.1, 2) - 0.81) < 1e-15);
    assert.equal(outputShare(0, 19), 1);
  });

  it('escalates a bill year by year: year n costs (1 + r)^n of year one', () => {
    assert.equal(escalation(0.03, 0), 1);
    // 1.03 x 1.03 = 1.0609.
    assert.ok(Math.abs(escalation(0.03, 2) - 1.0609) < 1e-15);
    // A falling rate: 0.5 x 0.5 = 0.25.
    assert.equal(escalation(-0.5, 2), 0.25);
  });

  it("makes year n's output and net load interval by interval", () => {
    const pv = Float64Array.from([0, 3, 7]);
    assert.equal(yearOutput(pv, 1), pv, "share 1 is year one's own series, not a copy");
    assert.deepEqual([...yearOutput(pv, 0.5)], [0, 1.5, 3.5]);
    // Usage 1 kWh an interval less the output: 1 - 0, 1 - 1.5, 1 - 3.5 (sent out).
    const net = new Float64Array(3);
    yearNetLoad(Float64Array.from([1, 1, 1]), pv, 0.5, net);
    assert.deepEqual([...net], [1, -0.5, -2.5]);
  });

  it("nets year n's output in one pass, bit for bit as its output array netted and summed", () => {
    // Awkward doubles (thirds, tenths, a share of 0.995^7) so that any other rounding order would show.
    const usage = Float64Array.from({ length: 1000 }, (_, i) => (i % 7) / 3 + 0.1 * (i % 11));
    const pv = Float64Array.from({ length: 1000 }, (_, i) => ((i * 37) % 101) / 13);
    for (const share of [1, 0.995 ** 7, 0.5]) {
      const out = new Float64Array(1000).fill(Number.NaN);
      const sum = yearNetLoad(usage, pv, share, out);
      // The reference: the year's output made as an array, then taken from the usage interval by interval.
      const output = yearOutput(pv, share);
      const expected = usage.map((u, i) => u - output[i]!);
      assert.deepEqual([...out], [...expected], `share ${share}`);
      assert.equal(sum, total(expected), `share ${share}`);
    }
    // By hand: 1 - 0 x 0.5, 1 - 3 x 0.5, 1 - 7 x 0.5 = 1, -0.5, -2.5; the sum -2.
    const out = new Float64Array(3);
    assert.equal(yearNetLoad(Float64Array.from([1, 1, 1]), Float64Array.from([0, 3, 7]), 0.5, out), -2);
    assert.deepEqual([...out], [1, -0.5, -2.5]);
    assert.throws(() => yearNetLoad(usage, pv, 1, new Float64Array(3)), RangeError);
  });

  it('sums the output of each year: 5,852 kWh at 10 % a year is 5,852, 5,266.8 and 4,740.12', () => {
    const byYear = outputByYear(5852, 3, 0.1);
    assert.equal(byYear.length, 3);
    for (const [n, kwh] of [5852, 5266.8, 4740.12].entries())
      assert.ok(Math.abs(byYear[n]! - kwh) < 1e-9, `${n}: ${byYear[n]}`);
    assert.equal(total(Float64Array.from([1.5, -0.5, 2])), 3);
  });

  it('bills later years as year one only when the output does not degrade', () => {
    assert.equal(repeatsYearOne(0.005, 0), true);
    assert.equal(repeatsYearOne(0.005, 1), false);
    assert.equal(repeatsYearOne(0, 7), true);
  });
});
