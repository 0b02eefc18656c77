// The bill input step of the savings analysis: a year of the term (term-years.ts) as the series its after bill reads,
// the net load on the meter interval by interval (usage less PV output; negative: sent out), on the usage's grid.
import { yearNetLoad } from '../../../engine/savings/term.ts';
import type { UsageSeries } from '../../../engine/bill/types.ts';
import type { TermYear } from './term-years.ts';
import type { Usage } from './types.ts';

export interface YearInput {
  /** The net load, kWh per interval. */
  net: Float64Array;
  /** Its sum: the year's net kWh. */
  kwh: number;
  series: UsageSeries;
}

/**
 * The year's net load and its series. `into`: where to write the net load (a later year's, whose array the bill
 * only reads while it runs, may reuse one array); a new one otherwise.
 */
export function afterYearInput(
  year: TermYear,
  grid: Pick<Usage, 'from' | 'duration'>,
  into: Float64Array = new Float64Array(year.usage.length),
): YearInput {
  const kwh = yearNetLoad(year.usage, year.pvYearOne, year.share, into);
  return { net: into, kwh, series: usageSeries(grid, into) };
}

/** kWh per interval of the usage's grid as a bill's consumption series. */
export function usageSeries(grid: Pick<Usage, 'from' | 'duration'>, values: ArrayLike<number>): UsageSeries {
  return { keyName: 'consumption', from: grid.from, duration: grid.duration, values, exports: null };
}
