// Runs of intervals a sign-fixed dispatch program (bill-optimal.ts) may take as one. With the meter's direction known
// in each interval (an AC-coupled battery that neither charges from the grid nor exports), consecutive intervals that
// are all deficit (or all surplus, or all neither), at the same import and export prices, in the same tier blocks,
// with the same weight in the minimum charge, and in no demand window, differ only in how the battery's energy is
// spread over them: what the bill counts is their total. The battery only discharges across a run of deficit (only
// charges across a run of surplus), so its state of charge moves one way and stays within its band inside the run when
// it does at the run's ends; each interval's power limit adds into the run's. A night at one price is one interval of
// the program instead of ten: the same optimum in a program a fraction of the size.
import type { PeriodCosts } from './tariff-costs.ts';

/**
 * The runs, as [first, end) interval indices of the program (the period's n intervals, then the look-ahead's
 * `ahead` from the next period). A run never crosses from the period into the look-ahead.
 */
export function intervalGroups(
  costs: PeriodCosts,
  next: PeriodCosts | undefined,
  ahead: number,
  deficits: Float64Array,
  surpluses: Float64Array,
  importCost: (t: number) => number,
  exportCost: (t: number) => number,
): [number, number][] {
  const n = costs.i1 - costs.i0;
  const m = n + ahead;
  // Which tier blocks count each interval, and which intervals a demand window holds (as the program's rows read them).
  const blocks = new Array<string>(m).fill('');
  const inDemand = new Uint8Array(m);
  costs.tiers.forEach((b, j) => {
    for (const t of b.intervals) blocks[t] += `${j},`;
  });
  for (const d of costs.demands) for (const w of d.windows) for (const t of w.intervals) inDemand[t] = 1;
  if (next && ahead > 0) {
    next.tiers.forEach((b, j) => {
      for (const t of b.intervals) if (t < ahead) blocks[n + t] += `${j},`;
    });
    for (const d of next.demands)
      for (const w of d.windows)
        if (w.intervals.every((t) => t < ahead)) for (const t of w.intervals) inDemand[n + t] = 1;
  }
  const min = costs.minimum;
  const side = (t: number) => (deficits[t]! > 0 ? 1 : surpluses[t]! > 0 ? 2 : 0);
  const sameRun = (a: number, t: number) =>
    a < n === t < n &&
    !inDemand[a] &&
    !inDemand[t] &&
    side(a) === side(t) &&
    importCost(a) === importCost(t) &&
    exportCost(a) === exportCost(t) &&
    blocks[a] === blocks[t] &&
    (!min || t >= n || (min.preTaxImport[a] === min.preTaxImport[t] && min.preTaxExport[a] === min.preTaxExport[t]));
  const runs: [number, number][] = [];
  for (let a = 0; a < m; ) {
    let b = a + 1;
    while (b < m && sameRun(a, b)) b++;
    runs.push([a, b]);
    a = b;
  }
  return runs;
}
