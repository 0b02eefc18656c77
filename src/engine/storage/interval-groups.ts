// Runs of intervals a sign-fixed dispatch program (bill-optimal.ts) may take as one. With the meter's direction known
// in each interval (an AC-coupled battery that neither charges from the grid nor exports), the battery only discharges
// across a run of deficit (the load lacks what the PV gives) and only charges across a run of surplus, so its state of
// charge moves one way inside a run and stays within its band when it does at the run's ends: a run needs one state
// of charge, not one an interval. Inside a run, intervals alike in everything the bill counts of them (the price of
// the flow the battery changes there, the tier blocks that count them, their weight in the minimum charge) differ only
// in how the battery's energy is spread over them: they form a class, one column of the program whose power limit is
// their limits summed. A night at one price is one column; a sunny afternoon at hourly export prices is one state of
// charge with a column an hour, where it was a state of charge, a row and three columns an hour. Intervals in a
// demand window stay their own run (each is in its window's row on its own). Intervals with neither deficit nor
// surplus (the battery can do nothing there) join the run they are in without a column.
import type { PeriodCosts } from './tariff-costs.ts';

export interface IntervalRun {
  /** [first, end) interval indices of the program (the period's n intervals, then the look-ahead's). */
  first: number;
  end: number;
  /** Its classes' indices, [from, to). */
  classes: [number, number];
}

export interface IntervalRuns {
  runs: IntervalRun[];
  /** Each interval's class, -1 where it has neither deficit nor surplus. */
  classOf: Int32Array;
  /** Each class's first interval (whose prices are the class's). */
  classFirst: number[];
}

const DEFICIT = 1;
const SURPLUS = 2;

/**
 * The runs and classes of a period's program: its n intervals, then `ahead` from the next period (a run never crosses
 * from the period into the look-ahead).
 */
export function intervalGroups(
  costs: PeriodCosts,
  next: PeriodCosts | undefined,
  ahead: number,
  deficits: Float64Array,
  surpluses: Float64Array,
  importCost: (t: number) => number,
  exportCost: (t: number) => number,
): IntervalRuns {
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
  const side = (t: number) => (deficits[t]! > 0 ? DEFICIT : surpluses[t]! > 0 ? SURPLUS : 0);
  // Alike for the bill: the price of the flow the battery changes (import where it discharges into a deficit, export
  // where it charges from a surplus; the other flow is fixed there), its blocks, its minimum-charge weight.
  const alike = (a: number, t: number) =>
    side(a) === side(t) &&
    (side(a) === DEFICIT ? importCost(a) === importCost(t) : exportCost(a) === exportCost(t)) &&
    blocks[a] === blocks[t] &&
    (!min ||
      t >= n ||
      (side(a) === DEFICIT
        ? min.preTaxImport[a] === min.preTaxImport[t]
        : min.preTaxExport[a] === min.preTaxExport[t]));
  const runs: IntervalRun[] = [];
  const classOf = new Int32Array(m).fill(-1);
  const classFirst: number[] = [];
  for (let a = 0; a < m; ) {
    const from = classFirst.length;
    let way = 0;
    let b = a;
    for (; b < m; b++) {
      if (b > a && (a < n !== b < n || inDemand[a] || inDemand[b])) break;
      const s = side(b);
      if (s && way && s !== way) break;
      if (!s) continue;
      way = s;
      let c = from;
      while (c < classFirst.length && !alike(classFirst[c]!, b)) c++;
      if (c === classFirst.length) classFirst.push(b);
      classOf[b] = c;
    }
    runs.push({ first: a, end: b, classes: [from, classFirst.length] });
    a = b;
  }
  return { runs, classOf, classFirst };
}
