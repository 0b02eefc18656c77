// The years of a term as energy on year one's grid: each year's usage (year one's: usage does not change) and PV
// output (year one's, degraded by the year's share). One year at a time, as the bills step reads them, so that a
// term of 5-minute data is never held whole; a year's output is not made as an array unless a step needs it whole
// (yearPv: a battery's dispatch): the bill input step (after-year-input.ts) nets it into the meter's series in the same
// pass that scales it. A step that changes what the meter sees (a battery) maps these years before the bill input step.
import { outputShare, repeatsYearOne, yearOutput } from '../../../engine/savings/term.ts';
import type { Usage } from './types.ts';

export interface TermYear {
  /** The year of the term, from 0 (year one). */
  n: number;
  /** kWh used per interval of the usage's grid. */
  usage: Float64Array;
  /** kWh the PV makes per interval of the grid in year one: this year's output is it times `share`. */
  pvYearOne: Float64Array;
  /** The share of year one's output the PV makes this year (its degradation). */
  share: number;
  /** Whether the year's energy is year one's (its bills are year one's). */
  repeatsYearOne: boolean;
}

export function* termYears(usage: Usage, pv: Float64Array, years: number, degradation: number): Generator<TermYear> {
  for (let n = 0; n < years; n++)
    yield {
      n,
      usage: usage.values,
      pvYearOne: pv,
      share: outputShare(degradation, n),
      repeatsYearOne: repeatsYearOne(degradation, n),
    };
}

/** kWh the PV makes per interval in the year (year one's own array when it repeats year one). */
export function yearPv(year: TermYear): Float64Array {
  return year.repeatsYearOne ? year.pvYearOne : yearOutput(year.pvYearOne, year.share);
}
