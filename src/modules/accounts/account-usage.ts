// An account's readings as calculation inputs: back-to-back readings of one length become a dataSeries (kWh used,
// and kWh sent out where the net is negative), any other kWh reading (a bill) a consumption value over its dates,
// kW readings demand values. Readings are clipped to the part of the range being billed, a longer one shared out by
// time. Solar production (a SOLAR_PV profile) is taken off the usage interval by interval.
import type { Reading } from '../../importers/readings/reading.ts';
import { seriesInput, type PropertyData } from '../calculations/usage-inputs.ts';
import { byStart } from '../../engine/usage/by-start.ts';
import type { ReadingRun } from '../profiles/reading-chunks.ts';

const MIN_SERIES_MS = 60_000;
const MAX_SERIES_MS = 86_400_000;

/**
 * `readings` (one unit) within [from, to): those overlapping it, clipped, a clipped reading's value shared by time.
 * A reading wholly inside is the same object (readings are never changed in place): a year's bill copies none.
 */
export function clip(readings: readonly Reading[], from: number, to: number): Reading[] {
  const out: Reading[] = [];
  for (const r of readings) {
    if (r.end <= from || r.start >= to) continue;
    if (r.start >= from && r.end <= to) {
      out.push(r);
      continue;
    }
    const start = Math.max(r.start, from);
    const end = Math.min(r.end, to);
    const share = r.unit === 'kW' ? 1 : (end - start) / (r.end - r.start);
    out.push({ ...r, start, end, value: r.value * share, cost: r.cost === null ? null : r.cost * share });
  }
  return byStart(out);
}

/** Usage less solar, reading by reading: each usage reading loses the solar kWh of its own span (shared by time). */
export function netOfSolar(usage: readonly Reading[], solar: readonly Reading[]): Reading[] {
  if (!solar.length) return [...usage];
  const sun = [...solar].sort((a, b) => a.start - b.start);
  let first = 0;
  return usage.map((u) => {
    if (u.unit !== 'kWh') return u;
    while (first < sun.length && sun[first]!.end <= u.start) first++;
    let produced = 0;
    for (let k = first; k < sun.length && sun[k]!.start < u.end; k++) {
      const s = sun[k]!;
      const overlap = Math.min(s.end, u.end) - Math.max(s.start, u.start);
      if (overlap > 0) produced += (s.value * overlap) / (s.end - s.start);
    }
    return { ...u, value: u.value - produced };
  });
}

/** Calculation property inputs for readings already clipped to the billed range. */
export function usageInputs(readings: readonly Reading[]): PropertyData[] {
  const out: PropertyData[] = [];
  const energy = readings.filter((r) => r.unit === 'kWh');
  let k = 0;
  while (k < energy.length) {
    const first = energy[k]!;
    const duration = first.end - first.start;
    let j = k + 1;
    while (
      j < energy.length &&
      energy[j]!.start === energy[j - 1]!.end &&
      energy[j]!.end - energy[j]!.start === duration
    )
      j++;
    const run = energy.slice(k, j);
    if (run.length > 1 && duration >= MIN_SERIES_MS && duration <= MAX_SERIES_MS && duration % MIN_SERIES_MS === 0) {
      out.push({
        keyName: 'consumption',
        fromDateTime: new Date(first.start).toISOString(),
        duration,
        dataSeries: run.map((r) => Math.max(r.value, 0)),
        ...(run.some((r) => r.value < 0) ? { exportDataSeries: run.map((r) => Math.max(-r.value, 0)) } : {}),
      });
    } else {
      for (const r of run)
        out.push({
          keyName: 'consumption',
          fromDateTime: new Date(r.start).toISOString(),
          toDateTime: new Date(r.end).toISOString(),
          dataValue: r.value,
        });
    }
    k = j;
  }
  for (const r of readings.filter((x) => x.unit === 'kW'))
    out.push({
      keyName: 'demand',
      fromDateTime: new Date(r.start).toISOString(),
      toDateTime: new Date(r.end).toISOString(),
      dataValue: r.value,
    });
  return out;
}

/**
 * The input `usageInputs(clip(readings, from, to))` makes when the range's readings are kWh only, back to back in one
 * length from `from` to `to` exactly (the usual year of hourly meter data): one consumption series, read off the
 * stored runs without making a reading object each. Null in any other case (a gap, a reading cut by the range, kW
 * readings, another length): the caller takes the readings' way.
 */
export function wholeSeries(
  runs: ReadonlyMap<string, readonly ReadingRun[]>,
  from: number,
  to: number,
): PropertyData | null {
  for (const [unit, list] of runs)
    if (unit !== 'kWh' && list.some((r) => r.start < to && r.start + r.values.length * r.duration > from)) return null;
  // The runs reaching into the range (those stored beside it, in the same months or read for a wider span, do not count).
  const energy = (runs.get('kWh') ?? []).filter((r) => r.start < to && r.start + r.values.length * r.duration > from);
  const duration = energy[0]?.duration ?? 0;
  if (duration < MIN_SERIES_MS || duration > MAX_SERIES_MS || duration % MIN_SERIES_MS !== 0) return null;
  if ((from - energy[0]!.start) % duration !== 0 || (to - from) % duration !== 0) return null;
  const n = (to - from) / duration;
  if (n < 2) return null;
  // Typed arrays, not arrays of numbers: their values are kept outside the collector's heap. An account's year of
  // hourly values (70 KB) lives through its bills on every tariff of a job, so the young generation's collections
  // kept catching it and moving it to the old generation: ~620 MB moved for 10,000 accounts, half of each
  // collection's time (bench/README, seventh session).
  const values = new Float64Array(n);
  let exports: Float64Array | null = null;
  let filled = 0;
  for (const run of energy) {
    if (run.duration !== duration) return null;
    // Back to back: this run starts where the readings so far end (or before `from`, for the first).
    if (run.start !== from + filled * duration && !(filled === 0 && run.start < from)) return null;
    const first = filled === 0 ? (from - run.start) / duration : 0;
    if (first < 0 || !Number.isInteger(first)) return null;
    const take = Math.max(0, Math.min(run.values.length - first, n - filled));
    // The run's readings copied as they are (one copy of memory), then the few that are not above zero mended as the
    // readings' way makes them: exports split off, -0 and below made 0. A year of hourly readings without exports
    // 47-59 -> 29-40 us, with some 62-89 -> 52-55 us (where a loop did both for every reading: ~4 % of a portfolio
    // worker's CPU profile).
    values.set(run.values.subarray(first, first + take), filled);
    for (let k = filled; k < filled + take; k++) {
      const v = values[k]!;
      if (v > 0) continue;
      values[k] = Math.max(v, 0);
      if (v < 0) {
        exports ??= new Float64Array(n);
        exports[k] = -v;
      }
    }
    filled += take;
  }
  if (filled !== n) return null;
  return {
    keyName: 'consumption',
    fromDateTime: new Date(from).toISOString(),
    duration,
    dataSeries: seriesInput(values),
    ...(exports ? { exportDataSeries: seriesInput(exports) } : {}),
  };
}
