import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyIncentives, incentiveAmount, type IncentiveTerms } from '../../../src/engine/savings/incentives.ts';

const credit25D: IncentiveTerms = {
  kind: 'taxCredit',
  rate: 30,
  rateUnit: 'PERCENTAGE',
  quantity: null,
  paymentCap: null,
  percentCostCap: null,
};

describe('incentive amounts', () => {
  it('takes a percent of the cost, uncapped (25D: 30 % of $18,500.00 = $5,550.00)', () => {
    assert.equal(incentiveAmount(credit25D, 18_500), 5_550);
    // 30 % of $12,345.67 = 3,703.701 -> $3,703.70 (rounded to the cent).
    assert.equal(incentiveAmount(credit25D, 12_345.67), 3_703.7);
  });

  it('holds a payment to its dollar cap (25C heat pump: 30 % of $9,000 = $2,700, capped at $2,000)', () => {
    assert.equal(incentiveAmount({ ...credit25D, paymentCap: 2_000 }, 9_000), 2_000);
    // Under the cap: 30 % of $5,000 = $1,500.
    assert.equal(incentiveAmount({ ...credit25D, paymentCap: 2_000 }, 5_000), 1_500);
  });

  it('pays per unit, held to a percent of the cost (SGIP: $1,000/kWh x 13.5 kWh = $13,500, at most 100 % of $11,000)', () => {
    const sgip: IncentiveTerms = {
      kind: 'rebate',
      rate: 1_000,
      rateUnit: 'COST_PER_UNIT',
      quantity: 13.5,
      paymentCap: null,
      percentCostCap: 100,
    };
    assert.equal(incentiveAmount(sgip, 11_000), 11_000);
    assert.equal(incentiveAmount(sgip, 15_000), 13_500);
    // Paid per project when there is no quantity: SMUD's charger rebate, 100 % up to $250.
    assert.equal(
      incentiveAmount({ ...sgip, rate: 100, rateUnit: 'PERCENTAGE', quantity: null, paymentCap: 250 }, 180),
      180,
    );
  });

  it('pays nothing on a project that costs nothing', () => {
    assert.equal(incentiveAmount(credit25D, 0), 0);
    assert.equal(incentiveAmount({ ...credit25D, rateUnit: 'COST_PER_UNIT', rate: 500 }, 0), 0);
  });

  it('applies rebates before tax credits: the credit is a percent of the cost less the rebate', () => {
    const rebate: IncentiveTerms = { ...credit25D, kind: 'rebate', rate: 1_000, rateUnit: 'COST_PER_UNIT' };
    // $20,000 less a $1,000 rebate = $19,000; 30 % of it = $5,700; left $13,300 (not 20,000 - 6,000 - 1,000).
    const { applied, net } = applyIncentives(20_000, [credit25D, rebate]);
    assert.deepEqual(
      applied.map((a) => a.amount),
      [5_700, 1_000],
    );
    assert.equal(net, 13_300);
    assert.deepEqual(applyIncentives(20_000, []), { applied: [], net: 20_000 });
  });
});
