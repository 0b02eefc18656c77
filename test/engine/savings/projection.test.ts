// The projection of a term from year one's figures, worked by hand: two years, a PPA with a one-time price, the
// utility's and the solar price's own escalation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { project, type MonthFigures } from '../../../src/engine/savings/projection.ts';

const MONTH = 1000;
const month = (m: number, kwh: number, cost: number): MonthFigures => ({
  period: { from: m * MONTH, to: (m + 1) * MONTH },
  kwh,
  cost,
});

describe('the projection of a term', () => {
  const p = project({
    years: 2,
    before: Array.from({ length: 12 }, (_, m) => month(m, 500, 100)),
    after: Array.from({ length: 12 }, (_, m) => month(m, 200, 40)),
    solarKwh: Array.from({ length: 12 }, () => 300),
    afterByYear: [
      { cost: 480, kwh: 2400 },
      { cost: 500, kwh: 2500 },
    ],
    solarKwhByYear: [3600, 3500],
    yearPeriods: [
      { from: 0, to: 12 * MONTH },
      { from: 12 * MONTH, to: 24 * MONTH },
    ],
    price: { perKwh: 0.1, perMonth: 0, perYear: 0, once: 1000 },
    utilityInflation: 0.1,
    solarInflation: 0.02,
  });

  it('prices year one month by month, the one-time price in the first month', () => {
    // Month 1: solar 300 kWh x 0.10 = 30.00 + 1,000.00 once = 1,030.00; savings 100 - 40 - 1,030 = -970.00.
    assert.deepEqual(p.month.solar[0], { from: 0, to: MONTH, qty: 300, cost: 1030 });
    assert.deepEqual(p.month.savings[0], { from: 0, to: MONTH, qty: 300, cost: -970 });
    // Month 2: 30.00 of solar; savings 100 - 40 - 30 = 30.00.
    assert.equal(p.month.savings[1]!.cost, 30);
  });

  it('escalates each year: the utility by its rate, solar by its own, the one-time price once', () => {
    // Year 1: before 1,200.00; after 480.00; solar 3,600 x 0.10 + 1,000 = 1,360.00; savings -640.00.
    assert.deepEqual(
      ['before', 'after', 'solar', 'savings'].map((s) => p.year[s as 'before'][0]!.cost),
      [1200, 480, 1360, -640],
    );
    // Year 2: before 1,200 x 1.1 = 1,320.00; after 500 x 1.1 = 550.00; solar 3,500 x 0.10 x 1.02 = 357.00;
    // savings 1,320 - 550 - 357 = 413.00.
    assert.deepEqual(
      ['before', 'after', 'solar', 'savings'].map((s) => p.year[s as 'before'][1]!.cost),
      [1320, 550, 357, 413],
    );
    assert.equal(p.year.after[1]!.qty, 2500);
    assert.equal(p.year.savings[1]!.qty, 6000 - 2500);
  });

  it('sums the term', () => {
    // 1,200 + 1,320 = 2,520; 480 + 550 = 1,030; 1,360 + 357 = 1,717; -640 + 413 = -227.
    assert.deepEqual(
      ['before', 'after', 'solar', 'savings'].map((s) => p.all[s as 'before'].cost),
      [2520, 1030, 1717, -227],
    );
    assert.deepEqual([p.all.solar.from, p.all.solar.to, p.all.solar.qty], [0, 24 * MONTH, 7100]);
  });
});
