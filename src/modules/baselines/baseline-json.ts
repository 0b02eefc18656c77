// The Baseline answer as JSON text, written by hand. A year of hourly measures and a year of intervals are 17,520
// objects and 2 MB of JSON: building them as objects and handing them to the schema serializer cost about 55 ms a
// request, most of it garbage collection (bench/README.md, "Typical baselines over HTTP"). Here the small head goes
// through JSON.stringify and the two long lists are written straight from their numbers, each interval's boundary
// formatted once and its kWh written once for both of its quantities where the interval is an hour.
import type { Measure } from '../../engine/load/baseline-measures.ts';
import type { MovedInterval } from '../../engine/load/typical-year.ts';
import type { LocalClock } from '../../engine/time/local-clock.ts';

const HOUR = 3_600_000;

/** A number as JSON writes it (a non-finite number is null, as JSON.stringify writes it). */
const num = (v: number): string => (Number.isFinite(v) ? String(v) : 'null');

/** The moved typical year of an answer, and the clock of the place's zone to write its dates in. */
export interface BaselineIntervals {
  clock: LocalClock;
  moved: readonly MovedInterval[];
}

/** The measures as JSON text, `[...]`. */
function measuresJson(measures: readonly Measure[]): string {
  const parts = new Array<string>(measures.length);
  for (let k = 0; k < measures.length; k++) parts[k] = `{"i":${measures[k]!.i},"v":${num(measures[k]!.v)}}`;
  return `[${parts.join(',')}]`;
}

/** Interval Info as the schema lists it (fromDateTime, toDateTime, duration, kWh, kW; rates null), in chunks. */
function* intervalsJson({ clock, moved }: BaselineIntervals, chunk: number): Generator<string> {
  let from = moved.length ? clock.format(moved[0]!.from) : '';
  for (let first = 0; first < moved.length; first += chunk) {
    const end = Math.min(moved.length, first + chunk);
    const parts = new Array<string>(end - first);
    for (let k = first; k < end; k++) {
      const m = moved[k]!;
      const to = clock.format(m.to);
      const duration = m.to - m.from;
      const kwh = num(m.kwh);
      const kw = duration === HOUR ? kwh : num((m.kwh * HOUR) / duration);
      parts[k - first] = `{"fromDateTime":"${from}","toDateTime":"${to}","duration":${duration},"kWh":{"quantityAmount":${kwh},"rateAmount":null},"kW":{"quantityAmount":${kw},"rateAmount":null}}`;
      from = to;
    }
    yield (first ? ',' : '') + parts.join(',');
  }
}

/**
 * The success envelope of one Baseline as JSON text in chunks (a socket sends the first while the rest is written):
 * `head` is every field but the measures and intervals (it must hold only the schema's fields, in its order: nothing
 * filters them here), then the measures and the intervals where given.
 */
export function* baselineEnvelopeJson(head: object, measures: readonly Measure[] | undefined, intervals: BaselineIntervals | null, chunk = 1000): Generator<string> {
  const fields = [JSON.stringify(head).slice(1, -1)].filter(Boolean);
  if (measures) fields.push(`"measures":${measuresJson(measures)}`);
  yield `{"status":"success","count":1,"type":"Baseline","results":[{${fields.join(',')}`;
  if (intervals) {
    yield `${fields.length ? ',' : ''}"intervals":[`;
    yield* intervalsJson(intervals, chunk);
    yield ']';
  }
  yield '}]}';
}
