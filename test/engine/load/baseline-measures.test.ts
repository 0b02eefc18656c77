// Baseline measures of a typical year: totals, intensity, proportion, and their roll-ups by day, month and year,
// worked by hand on a year whose hours are easy to add.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineFactors, baselineMeasures, yearKwh } from '../../../src/engine/load/baseline-measures.ts';

/** 1 kWh every hour, 2 kWh every hour of July (hours 4344-5087 of a common year: Jan-Jun hold 181 days). */
const kwh = Array.from({ length: 8760 }, (_, h) => (h >= 181 * 24 && h < 212 * 24 ? 2 : 1));
const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

describe('baseline measures', () => {
  it('scales a shape to its annual kWh exactly, whatever the rounding of the stored fractions', () => {
    // Fractions 1/8760 rounded to 10 significant digits sum to 1 only approximately; the year still totals 5,000.
    const shape = Array(8760).fill(Number((1 / 8760).toPrecision(10)));
    close(
      yearKwh(shape, 5000).reduce((a, x) => a + x, 0),
      5000,
      'total',
    );
    assert.throws(() => yearKwh([1], 5000), RangeError);
  });

  it('gives one measure per hour, or sums of the days, months and the year', () => {
    const hourly = baselineMeasures(kwh, 'total', null, null);
    assert.deepEqual(
      [hourly.length, hourly[0], hourly[4344], hourly[8759]],
      [8760, { i: 1, v: 1 }, { i: 4345, v: 2 }, { i: 8760, v: 1 }],
    );
    // Days: 24 kWh, July's 48. Months: January 31 x 24 = 744, February 672, July 31 x 48 = 1,488. Year: 8,760 + 744.
    const days = baselineMeasures(kwh, 'total', 'DAY', null);
    assert.deepEqual([days.length, days[0]!.v, days[181]!.v, days[212]!.v], [365, 24, 48, 24]);
    const months = baselineMeasures(kwh, 'total', 'MONTH', null);
    assert.deepEqual(
      months.map((m) => m.v),
      [744, 672, 744, 720, 744, 720, 1488, 744, 720, 744, 720, 744],
    );
    assert.deepEqual(
      months.map((m) => m.i),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    assert.deepEqual(baselineMeasures(kwh, 'total', 'YEAR', null), [{ i: 1, v: 9504 }]);
  });

  it('gives proportions summing to 100 and intensity per square foot', () => {
    const share = baselineMeasures(kwh, 'proportion', 'MONTH', null);
    close(
      share.reduce((a, m) => a + m.v, 0),
      100,
      'proportions',
    );
    close(share[6]!.v, (1488 / 9504) * 100, 'July');
    // 9,504 kWh on 2,000 sq ft: 4.752 kWh per sq ft in the year, 0.744 in July.
    assert.deepEqual(baselineMeasures(kwh, 'intensity', 'YEAR', 2000), [{ i: 1, v: 4.752 }]);
    close(baselineMeasures(kwh, 'intensity', 'MONTH', 2000)[6]!.v, 0.744, 'July intensity');
    assert.throws(() => baselineMeasures(kwh, 'intensity', null, null), RangeError);
  });

  it('summarizes the year in factors', () => {
    const f = baselineFactors(kwh, 2000, { annualKwh: 9504, area: 5500 });
    assert.deepEqual(
      [
        f.peakDemand,
        f.annualConsumption,
        f.monthlyConsumption,
        f.meanAnnualConsumption,
        f.meanBuildingArea,
        f.buildingArea,
      ],
      [2, 9504, 792, 9504, 5500, 2000],
    );
    close(f.meanIntensity!, 9504 / 5500, 'intensity');
  });
});
