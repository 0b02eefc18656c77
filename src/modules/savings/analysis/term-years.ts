// The years of a design's term as energy on year one's grid: each year's usage (year one's: usage does not change)
// and PV output (year one's, degraded). One year at a time, as the bills step reads them, so that a term of 5-minute
// data is never held whole. A step that changes what the meter sees (a battery) maps these years before the bill
// input step (after-year-input.ts) turns each into the series its after bill reads.
import { outputShare, repeatsYearOne, yearOutput } from '../../../engine/savings/term.ts';
import type { Usage } from './types.ts';

export interface TermYear {
  /** The year of the term, from 0 (year one). */
  n: number;
  /** kWh used per interval of the usage's grid. */
  usage: Float64Array;
  /** kWh the PV makes per interval of the grid in this year. */
  pv: Float64Array;
  /** The share of year one's output the PV makes this year (its degradation). */
  share: number;
  /** Whether the year's energy is year one's (its bills are year one's). */
  repeatsYearOne: boolean;
}

export function* termYears(usage: Usage, pv: Float64Array, years: number, degradation: number): Generator<TermYear> {
  for (let n = 0; n < years; n++) {
    const repeats = repeatsYearOne(degradation, n);
    const share = outputShare(degradation, n);
    yield {
      n,
      usage: usage.values,
      share,
      pv: repeats ? pv : yearOutput(pv, share),
      repeatsYearOne: repeats,
    };
  }
}
