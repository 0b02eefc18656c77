// What incentives take off the price of a project: each one's dollars from its terms (a percent of the cost, or $ per
// unit of a quantity, or $ per project), held to its caps (dollars, and a percent of the cost), and several applied
// in order, rebates before tax credits: a rebate lowers the cost a credit is a percent of (the IRS treats utility
// rebates as lowering the basis of the 25D credit), and nothing takes the price below zero.
// Pure: numbers in, numbers out; each amount rounded to the cent.
import { roundTo } from '../bill/money.ts';

export interface IncentiveTerms {
  kind: 'rebate' | 'taxCredit';
  /** PERCENTAGE: percent of the cost (30 = 30 %); COST_PER_UNIT: $ per unit of quantity, or $ per project without one. */
  rate: number;
  rateUnit: 'PERCENTAGE' | 'COST_PER_UNIT';
  /** Units of the rate's quantity (kWh of a battery, W of a system); null when paid per project. */
  quantity: number | null;
  /** The most $ paid; null when uncapped. */
  paymentCap: number | null;
  /** The payment may not exceed this percent of the cost; null when no such cap. */
  percentCostCap: number | null;
}

/** $ one incentive pays on a project costing `cost` $ (before any other incentive it follows). */
export function incentiveAmount(t: IncentiveTerms, cost: number): number {
  if (!(cost > 0)) return 0;
  let amount = t.rateUnit === 'PERCENTAGE' ? (cost * t.rate) / 100 : t.rate * (t.quantity ?? 1);
  if (t.paymentCap !== null) amount = Math.min(amount, t.paymentCap);
  if (t.percentCostCap !== null) amount = Math.min(amount, (cost * t.percentCostCap) / 100);
  return roundTo(Math.max(0, Math.min(amount, cost)), 2);
}

/** Each incentive's $ in the order given back, rebates applied first, and the price left. */
export function applyIncentives<T extends IncentiveTerms>(
  cost: number,
  incentives: readonly T[],
): { applied: { incentive: T; amount: number }[]; net: number } {
  const ordered = [...incentives.filter((i) => i.kind === 'rebate'), ...incentives.filter((i) => i.kind !== 'rebate')];
  let left = cost;
  const amounts = new Map<T, number>();
  for (const i of ordered) {
    const amount = incentiveAmount(i, left);
    amounts.set(i, amount);
    left = roundTo(left - amount, 2);
  }
  return { applied: incentives.map((incentive) => ({ incentive, amount: amounts.get(incentive)! })), net: left };
}
