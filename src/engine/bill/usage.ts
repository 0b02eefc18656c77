// Usage on the grid: interval data is placed by time overlap (a value covering part of an interval gives that part),
// totals are spread flat over their range, or over the hours of one TOU type when the reading names a period.
import type { Grid } from './grid.ts';
import { BillInputError, type UsageReading, type UsageSeries } from './types.ts';

export interface GridUsage {
  /** kWh drawn from the grid in each interval. */
  imported: Float64Array;
  /** kWh sent to the grid in each interval. */
  exported: Float64Array;
  /** Demand given as a number (kW) rather than measured from intervals. */
  demandReadings: UsageReading[];
  /** Whether any consumption came as a total spread by a flat profile. */
  spreadFlat: boolean;
  /**
   * Whether an interval may hold a negative kWh (a meter's export channel sent so): only without are sums of zero
   * over intervals proof that each of them is zero.
   */
  signed: boolean;
}

/** Adds `value` spread over [a, b) in proportion to time, onto the intervals (of those `accept` admits). */
function spread(
  grid: Grid,
  target: Float64Array,
  a: number,
  b: number,
  value: number,
  accept?: (i: number) => boolean,
): number {
  const { bounds, n } = grid;
  let first = Math.max(0, Math.floor((a - bounds[0]!) / grid.step));
  while (first > 0 && bounds[first]! > a) first--;
  let weight = 0;
  for (let i = first; i < n && bounds[i]! < b; i++)
    if (!accept || accept(i)) weight += Math.max(0, Math.min(b, bounds[i + 1]!) - Math.max(a, bounds[i]!));
  if (weight === 0) return 0;
  for (let i = first; i < n && bounds[i]! < b; i++) {
    if (accept && !accept(i)) continue;
    const overlap = Math.max(0, Math.min(b, bounds[i + 1]!) - Math.max(a, bounds[i]!));
    if (overlap > 0) target[i]! += (value * overlap) / weight;
  }
  return weight;
}

/** Flows by interval before netting: drawn (positive values), sent (negative values), and a meter's export channel. */
interface Flows {
  drawn: Float64Array;
  sent: Float64Array;
  /** Only when some series has an export channel (most bills have none: no year of zeros to allocate and add). */
  meteredExport: Float64Array | null;
}

function placeSeries(grid: Grid, s: UsageSeries, flows: Flows): void {
  if (s.exports) flows.meteredExport ??= new Float64Array(grid.n);
  const metered = s.exports ? flows.meteredExport : null;
  const aligned = s.duration === grid.step && (s.from - grid.bounds[0]!) % grid.step === 0;
  const offset = aligned ? (s.from - grid.bounds[0]!) / grid.step : 0;
  for (let j = 0; j < s.values.length; j++) {
    const v = s.values[j]!;
    const out = s.exports ? s.exports[j]! : 0;
    const i = offset + j;
    if (aligned && i >= 0 && i < grid.n) {
      if (v >= 0) flows.drawn[i]! += v;
      else flows.sent[i]! -= v;
      if (metered) metered[i]! += out;
      continue;
    }
    const a = s.from + j * s.duration;
    const b = a + s.duration;
    if (v >= 0) spread(grid, flows.drawn, a, b, v);
    else spread(grid, flows.sent, a, b, -v);
    if (metered && out) spread(grid, metered, a, b, out);
  }
}

/** What one meter records of an interval whose flows net to `net`: imported or exported. */
function netInto(imported: Float64Array, exported: Float64Array, i: number, net: number): void {
  imported[i] = Math.max(net, 0);
  exported[i] = net < 0 ? -net : 0;
}

/**
 * The usage's one series when it is placed as it is (its values the nets): no readings, one meter (not `gross`), and
 * a value for each of the grid's intervals with no export channel. Null otherwise.
 */
export function seriesOnGrid(
  grid: Grid,
  readings: readonly UsageReading[],
  series: readonly UsageSeries[],
  gross: boolean,
): UsageSeries | null {
  const s = series.length === 1 && readings.length === 0 && !gross ? series[0]! : null;
  return s && !s.exports && s.duration === grid.step && s.from === grid.bounds[0]! && s.values.length === grid.n
    ? s
    : null;
}

/**
 * Usage on the grid. Within an interval, what the inputs draw and send is netted, as one meter records it (a load
 * profile and a production profile given with operator "-" meet there), except with two meters (`gross`, buy all /
 * sell all), where the load and the generation stay whole. A meter's own export channel (exportDataSeries) is
 * exported as recorded. `reuse`: arrays of the grid's length the caller no longer needs, written over where every
 * interval is written anyway (one series on the grid's own intervals).
 */
export function placeUsage(
  grid: Grid,
  readings: readonly UsageReading[],
  series: readonly UsageSeries[],
  touTypeOf: (i: number) => string | null,
  gross = false,
  reuse: { imported: Float64Array; exported: Float64Array } | null = null,
): GridUsage {
  const only = seriesOnGrid(grid, readings, series, gross);
  if (only) {
    // One series on the grid's own intervals (the savings analysis bills 400 of them): each value is the interval's
    // net, which the general path below would reach as (0 + v) - 0 or 0 - (0 - v), v exactly. Every interval is
    // written, so the arrays of an earlier bill on the grid (`reuse`) serve as well as new ones.
    const imported = reuse?.imported ?? new Float64Array(grid.n);
    const exported = reuse?.exported ?? new Float64Array(grid.n);
    const { values } = only;
    for (let i = 0; i < grid.n; i++) netInto(imported, exported, i, values[i]!);
    return { imported, exported, demandReadings: [], spreadFlat: false, signed: false };
  }
  const usage: GridUsage = {
    imported: new Float64Array(grid.n),
    exported: new Float64Array(grid.n),
    demandReadings: [],
    spreadFlat: false,
    signed: false,
  };
  const flows: Flows = { drawn: usage.imported, sent: usage.exported, meteredExport: null };
  for (const s of series) placeSeries(grid, s, flows);
  for (const r of readings) {
    if (r.keyName === 'demand') {
      usage.demandReadings.push(r);
      continue;
    }
    usage.spreadFlat = true;
    const target = r.value >= 0 ? flows.drawn : flows.sent;
    const accept = r.period === null ? undefined : (i: number) => touTypeOf(i) === r.period;
    if (spread(grid, target, r.from, r.to, Math.abs(r.value), accept) === 0 && r.value !== 0) {
      throw new BillInputError(
        r.period === null ? r.field : `${r.field}.period`,
        r.period === null
          ? 'The reading covers no time of the calculation'
          : `No ${r.period} hours of the tariff fall in the reading's range`,
      );
    }
  }
  const { imported, exported } = usage;
  const metered = flows.meteredExport;
  if (!gross) for (let i = 0; i < grid.n; i++) netInto(imported, exported, i, imported[i]! - exported[i]!);
  if (metered)
    for (let i = 0; i < grid.n; i++) {
      exported[i]! += metered[i]!;
      if (exported[i]! < 0) usage.signed = true;
    }
  return usage;
}
