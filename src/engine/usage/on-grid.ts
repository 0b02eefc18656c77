// Energy over spans of time put on a grid of fixed intervals: shared by time over the intervals a span covers, or in
// proportion to an hourly shape (a typical baseline) when a span is longer than an hour (a day, a bill). The savings
// analysis reads an account's readings and PV output onto its grid with these.

const HOUR = 3_600_000;

/** kWh over [start, end), from a reading or a profile's modelled output. */
export interface EnergySpan {
  start: number;
  end: number;
  value: number;
}

/** Spans as kWh per interval of a grid of `duration` over [from, to), each shared by time. */
export function spansOnGrid(spans: readonly EnergySpan[], from: number, to: number, duration: number): Float64Array {
  const out = new Float64Array(Math.round((to - from) / duration));
  for (const r of spans) {
    const start = Math.max(r.start, from);
    const end = Math.min(r.end, to);
    if (end > start) addByTime(out, from, duration, start, end, (r.value * (end - start)) / (r.end - r.start));
  }
  return out;
}

/** Adds `value` (kWh over [start, end)) to the intervals of a grid of `duration` from `from`, shared by time. */
export function addByTime(
  values: Float64Array,
  from: number,
  duration: number,
  start: number,
  end: number,
  value: number,
): void {
  for (let k = Math.max(0, Math.floor((start - from) / duration)); k < values.length; k++) {
    const a = from + k * duration;
    if (a >= end) break;
    const overlap = Math.min(end, a + duration) - Math.max(start, a);
    if (overlap > 0) values[k]! += (value * overlap) / (end - start);
  }
}

/**
 * Adds `value` (kWh over [start, end)) to a grid's intervals in proportion to the kWh of their hours in `hourly` (a
 * shape from `from`, hour by hour); by time where the shape has none.
 */
export function spreadByShape(
  values: Float64Array,
  from: number,
  duration: number,
  start: number,
  end: number,
  value: number,
  hourly: Float64Array,
): void {
  const first = Math.max(0, Math.floor((start - from) / duration));
  const weights: number[] = [];
  let total = 0;
  for (let k = first; k < values.length && from + k * duration < end; k++) {
    const a = from + k * duration;
    const overlap = Math.max(0, Math.min(end, a + duration) - Math.max(start, a));
    const w = Math.max(0, hourly[Math.floor((a - from) / HOUR)] ?? 0) * (overlap / HOUR);
    weights.push(w);
    total += w;
  }
  if (!(total > 0)) {
    addByTime(values, from, duration, start, end, value);
    return;
  }
  weights.forEach((w, j) => {
    values[first + j]! += (value * w) / total;
  });
}
