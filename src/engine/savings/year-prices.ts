// Later years of a savings term are billed on year one's grid (its hours, seasons and billing periods), but hourly
// export prices differ from year to year: a net billing customer's vintage is locked, then floats. This lays year n's
// prices on year one's hours: each hour of year one takes the price of the same local month, day and time n years
// later (29 February takes the 28th's when year n has none; a time skipped or repeated by a DST change that falls
// on another date in year n takes that year's first reading of it). Pure: series in, series out.
import type { LookupSeries } from '../bill/types.ts';
import type { LocalClock } from '../time/local-clock.ts';

const DAY = 86_400_000;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * `source` (prices over year one's range moved `years` later) on the `step`-long intervals of [from, to), each value
 * divided by `scale` (the analysis escalates every bill by its rate inflation: dividing the prices of year n by that
 * year's escalation leaves them at their own value once escalated). `clock` must cover year n's range too.
 */
export function pricesOnYearOne(
  source: LookupSeries,
  clock: LocalClock,
  range: { from: number; to: number; step: number },
  years: number,
  scale: number,
): LookupSeries {
  const from: number[] = [];
  const to: number[] = [];
  const value: number[] = [];
  let k = 0;
  for (let t = range.from; t < range.to; t += range.step) {
    const civil = new Date(clock.dayOf(t) * DAY);
    const year = civil.getUTCFullYear() + years;
    const month = civil.getUTCMonth();
    let date = civil.getUTCDate();
    if (month === 1 && date === 29 && !isLeap(year)) date = 28;
    const at = clock.instantOf(Date.UTC(year, month, date) / DAY, clock.minuteOf(t));
    // Targets move forward in time, and so (but for a repeated DST hour) do their sources: a cursor, reset if not.
    if (k >= source.from.length || source.from[k]! > at) k = 0;
    while (k < source.from.length && source.to[k]! <= at) k++;
    if (k >= source.from.length || source.from[k]! > at) continue;
    from.push(t);
    to.push(Math.min(t + range.step, range.to));
    value.push(source.value[k]! / scale);
  }
  return { from: Float64Array.from(from), to: Float64Array.from(to), value: Float64Array.from(value) };
}
