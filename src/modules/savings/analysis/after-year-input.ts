// The bill input step of the savings analysis: a year of the term (term-years.ts) as the series its after bill reads,
// on the usage's grid. One meter (every arrangement but buy all / sell all) records the net load interval by interval
// (usage less PV output; negative: sent out). Two meters (BUY_ALL_SELL_ALL) keep them apart: the whole usage is
// drawn and the whole PV output sent, so the bill is given both series and places them gross.
import { yearNetLoad } from '../../../engine/savings/term.ts';
import type { UsageSeries } from '../../../engine/bill/types.ts';
import { type TermYear, yearPv } from './term-years.ts';
import type { Usage } from './types.ts';

export interface YearInput {
  /** The net load, kWh per interval (usage less PV output). */
  net: Float64Array;
  /** Its sum: the year's net kWh. */
  kwh: number;
  series: UsageSeries[];
}

/**
 * The year's net load and the series its bill reads. `into`: where to write the net load (a later year's, whose array
 * the bill only reads while it runs, may reuse one array); a new one otherwise.
 */
export function afterYearInput(
  year: TermYear,
  grid: Pick<Usage, 'from' | 'duration'>,
  twoMeters: boolean,
  into: Float64Array = new Float64Array(year.usage.length),
): YearInput {
  const kwh = yearNetLoad(year.usage, year.pvYearOne, year.share, into);
  if (!twoMeters) return { net: into, kwh, series: [usageSeries(grid, into)] };
  const pv = yearPv(year);
  const generation = new Float64Array(pv.length);
  for (let i = 0; i < generation.length; i++) generation[i] = -pv[i]!;
  return { net: into, kwh, series: [usageSeries(grid, year.usage), usageSeries(grid, generation)] };
}

/** kWh sent per interval as the after bill meters the year: the PV output with two meters, else the net's negative part. */
export function sentIn(year: TermYear, net: ArrayLike<number>, twoMeters: boolean): Float64Array {
  return twoMeters ? yearPv(year) : sentOf(net);
}

/** kWh sent per interval by one meter whose net load is `net`: its negative part. */
export function sentOf(net: ArrayLike<number>): Float64Array {
  const out = new Float64Array(net.length);
  for (let i = 0; i < out.length; i++) out[i] = net[i]! < 0 ? -net[i]! : 0;
  return out;
}

/** kWh per interval of the usage's grid as a bill's consumption series. */
export function usageSeries(grid: Pick<Usage, 'from' | 'duration'>, values: ArrayLike<number>): UsageSeries {
  return { keyName: 'consumption', from: grid.from, duration: grid.duration, values, exports: null };
}
