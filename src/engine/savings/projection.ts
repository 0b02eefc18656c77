// The savings of a solar project over its term, from year one's bills: what the customer pays the utility without
// solar (before), with it (after) and for it (solar: a PPA price per kWh, a lease per month, a purchase once), year by
// year. Utility bills escalate by the utility's rate inflation; solar payments by their own escalator; the panels'
// output falls by the degradation each year, so the after bill of year n is the bill of year one's usage with the
// output of year n (the caller bills it: tiers and credits make it no simple scale of year one's).
// Pure: numbers in, numbers out; money rounded to the cent at the end of each figure.
import { roundTo } from '../bill/money.ts';
import { escalation } from './term.ts';

const roundMoney = (x: number): number => roundTo(x, 2);

export interface Period {
  from: number;
  to: number;
}

/** One month of year one, per scenario. */
export interface MonthFigures {
  period: Period;
  /** kWh the customer uses (before) or draws net from the grid (after: imported less exported). */
  kwh: number;
  cost: number;
}

export interface SolarPrice {
  /** $ per kWh produced (a PPA). */
  perKwh: number;
  /** $ per month (a lease). */
  perMonth: number;
  /** $ per year. */
  perYear: number;
  /** $ once, in the first month (a purchase). Not escalated, not repeated. */
  once: number;
}

export interface ProjectionInput {
  years: number;
  /** Year-one months (12) of each scenario, and the solar kWh of each month. */
  before: readonly MonthFigures[];
  after: readonly MonthFigures[];
  solarKwh: readonly number[];
  /** The after bill's total (cost and net kWh) for each year n = 1..years, before escalation. */
  afterByYear: readonly { cost: number; kwh: number }[];
  /** Solar kWh of each year n (degraded). */
  solarKwhByYear: readonly number[];
  /** Each year's period (year n runs from the start of year one plus n - 1 years). */
  yearPeriods: readonly Period[];
  price: SolarPrice;
  /** Fractions a year: 0.03 = 3 %. */
  utilityInflation: number;
  solarInflation: number;
}

export interface Measure extends Period {
  qty: number;
  cost: number;
}

export type ScenarioName = 'before' | 'after' | 'solar' | 'savings';
export const SERIES_SCENARIOS: readonly ScenarioName[] = ['before', 'after', 'solar', 'savings'];

export interface Projection {
  month: Record<ScenarioName, Measure[]>;
  year: Record<ScenarioName, Measure[]>;
  all: Record<ScenarioName, Measure>;
}

const solarCost = (p: SolarPrice, kwh: number, months: number) =>
  p.perKwh * kwh + p.perMonth * months + (p.perYear * months) / 12;

export function project(input: ProjectionInput): Projection {
  const { price } = input;
  const month = { before: [], after: [], solar: [], savings: [] } as Record<ScenarioName, Measure[]>;
  input.before.forEach((b, m) => {
    const a = input.after[m]!;
    const kwh = input.solarKwh[m]!;
    const solar = solarCost(price, kwh, 1) + (m === 0 ? price.once : 0);
    month.before.push({ ...b.period, qty: b.kwh, cost: roundMoney(b.cost) });
    month.after.push({ ...a.period, qty: a.kwh, cost: roundMoney(a.cost) });
    month.solar.push({ ...b.period, qty: kwh, cost: roundMoney(solar) });
    month.savings.push({ ...b.period, qty: b.kwh - a.kwh, cost: roundMoney(b.cost - a.cost - solar) });
  });
  const beforeYear = {
    cost: input.before.reduce((s, m) => s + m.cost, 0),
    kwh: input.before.reduce((s, m) => s + m.kwh, 0),
  };
  const year = { before: [], after: [], solar: [], savings: [] } as Record<ScenarioName, Measure[]>;
  for (let n = 0; n < input.years; n++) {
    const period = input.yearPeriods[n]!;
    const utility = escalation(input.utilityInflation, n);
    const before = beforeYear.cost * utility;
    const after = input.afterByYear[n]!.cost * utility;
    const kwh = input.solarKwhByYear[n]!;
    const solar = solarCost(price, kwh, 12) * escalation(input.solarInflation, n) + (n === 0 ? price.once : 0);
    year.before.push({ ...period, qty: beforeYear.kwh, cost: roundMoney(before) });
    year.after.push({ ...period, qty: input.afterByYear[n]!.kwh, cost: roundMoney(after) });
    year.solar.push({ ...period, qty: kwh, cost: roundMoney(solar) });
    year.savings.push({
      ...period,
      qty: beforeYear.kwh - input.afterByYear[n]!.kwh,
      cost: roundMoney(before - after - solar),
    });
  }
  const whole = { from: input.yearPeriods[0]!.from, to: input.yearPeriods[input.years - 1]!.to };
  const sum = (list: Measure[]) => ({
    ...whole,
    qty: list.reduce((s, m) => s + m.qty, 0),
    cost: roundMoney(list.reduce((s, m) => s + m.cost, 0)),
  });
  return {
    month,
    year,
    all: { before: sum(year.before), after: sum(year.after), solar: sum(year.solar), savings: sum(year.savings) },
  };
}
