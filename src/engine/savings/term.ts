// The arithmetic of a term's years: how much of year one's PV output the panels make in year n (degradation), what
// a year's bill or payment is of year one's (escalation), each year's output and net load (usage less that year's output), and
// which years bill the same load as year one (without degradation the after bill of every year is year one's).
// Years are counted from 0: year n of the term starts n years after year one does. Pure: numbers in, numbers out.

/** The share of year one's PV output made in year n: it falls by `degradation` (a fraction: 0.005 = 0.5 %) a year. */
export function outputShare(degradation: number, n: number): number {
  return (1 - degradation) ** n;
}

/** What year n's bill (or payment) is of year one's when it rises by `rate` a year (a fraction: 0.03 = 3 %). */
export function escalation(rate: number, n: number): number {
  return (1 + rate) ** n;
}

/** Year n's PV output, interval by interval: year one's times `share` (share 1 is year one's own series). */
export function yearOutput(pv: Float64Array, share: number): Float64Array {
  if (share === 1) return pv;
  const out = new Float64Array(pv.length);
  for (let i = 0; i < out.length; i++) out[i] = pv[i]! * share;
  return out;
}

/**
 * Year n's load on the meter written into `out` in one pass, interval by interval usage less the PV output (negative:
 * sent out), and its sum: bit for bit the usage less `yearOutput(pv, share)` and `total` of that (each output rounded
 * to a double before it is taken from the usage, the sum in order), without the year's output as an array of its own. `out` may be reused from year to year: nothing else is made per year.
 */
export function yearNetLoad(usage: Float64Array, pv: Float64Array, share: number, out: Float64Array): number {
  if (usage.length !== pv.length || out.length !== usage.length)
    throw new RangeError('The usage, the output and the net load are series of one grid');
  let sum = 0;
  for (let i = 0; i < out.length; i++) {
    const net = usage[i]! - pv[i]! * share;
    out[i] = net;
    sum += net;
  }
  return sum;
}

/** Whether year n's net load is year one's: year one itself, and every year when the output does not degrade. */
export function repeatsYearOne(degradation: number, n: number): boolean {
  return n === 0 || degradation === 0;
}

/** The sum of a series, in order (the figures the answer quotes are sums in this order). */
export function total(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
}

/** The PV output of each year of a term of `years`, from year one's `yearOne` kWh. */
export function outputByYear(yearOne: number, years: number, degradation: number): number[] {
  return Array.from({ length: years }, (_, n) => yearOne * outputShare(degradation, n));
}
