// The bill input step of the savings analysis: a year of the term (term-years.ts) as the series its after bill reads,
// the net load on the meter interval by interval (usage less PV output; negative: sent out), on the usage's grid.
import { netLoad } from '../../../engine/savings/term.ts';
import type { UsageSeries } from '../../../engine/bill/types.ts';
import type { TermYear } from './term-years.ts';
import type { Usage } from './types.ts';

export interface YearInput {
  /** The net load, kWh per interval. */
  net: Float64Array;
  series: UsageSeries;
}

export function afterYearInput(year: TermYear, grid: Pick<Usage, 'from' | 'duration'>): YearInput {
  const net = netLoad(year.usage, year.pv);
  return { net, series: usageSeries(grid, net) };
}

/** kWh per interval of the usage's grid as a bill's consumption series. */
export function usageSeries(grid: Pick<Usage, 'from' | 'duration'>, values: ArrayLike<number>): UsageSeries {
  return { keyName: 'consumption', from: grid.from, duration: grid.duration, values, exports: null };
}
