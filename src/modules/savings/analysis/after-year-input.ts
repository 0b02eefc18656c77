// The bill input step of the savings analysis: a year of the term (term-years.ts) as the series its after bill reads,
// on the usage's grid. One meter (every arrangement but buy all / sell all) records the net load interval by interval
// (usage less PV output; negative: sent out). Two meters (BUY_ALL_SELL_ALL) keep them apart: the whole usage is
// drawn and the whole PV output sent, so the bill is given both series and places them gross.
import { netLoad } from '../../../engine/savings/term.ts';
import type { UsageSeries } from '../../../engine/bill/types.ts';
import type { TermYear } from './term-years.ts';
import type { Usage } from './types.ts';

export interface YearInput {
  /** The net load, kWh per interval (usage less PV output). */
  net: Float64Array;
  /** kWh sent per interval as the bill meters it: the net load's negative part, or with two meters the PV output. */
  sent: Float64Array;
  series: UsageSeries[];
}

export function afterYearInput(year: TermYear, grid: Pick<Usage, 'from' | 'duration'>, twoMeters: boolean): YearInput {
  const net = netLoad(year.usage, year.pv);
  if (!twoMeters) return { net, sent: sentOf(net), series: [usageSeries(grid, net)] };
  const generation = new Float64Array(year.pv.length);
  for (let i = 0; i < generation.length; i++) generation[i] = -year.pv[i]!;
  return { net, sent: year.pv, series: [usageSeries(grid, year.usage), usageSeries(grid, generation)] };
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
