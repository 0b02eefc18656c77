// The Baseline answer as JSON bytes, written by hand. A year of hourly measures and a year of intervals are 17,520
// objects and 2 MB of JSON: building them as objects and handing them to the schema serializer cost about 55 ms a
// request, most of it garbage collection, and joining the text as strings still 14 ms (bench/README.md, "Typical
// baselines over HTTP"). Here the small head goes through JSON.stringify, and the two long lists are written into one
// Buffer straight from their numbers (the intervals between ready text for their range, interval-json.ts).
// The bytes are those JSON.stringify writes for the same objects (test/modules/baselines holds them to it).
import type { Measure } from '../../engine/load/baseline-measures.ts';
import type { MovedInterval } from '../../engine/load/typical-year.ts';
import type { LocalClock } from '../../engine/time/local-clock.ts';
import { ByteWriter } from './byte-writer.ts';
import { writeIntervals } from './interval-json.ts';

/** The moved typical year of an answer, and the clock of the place's zone to write its dates in. */
export interface BaselineIntervals {
  clock: LocalClock;
  moved: readonly MovedInterval[];
}

/** The measures as JSON, `[...]`. */
function writeMeasures(w: ByteWriter, measures: readonly Measure[]): void {
  w.ascii('[');
  for (let k = 0; k < measures.length; k++) {
    const { i, v } = measures[k]!;
    w.ascii(k ? ',{"i":' : '{"i":');
    if (Number.isInteger(i) && i >= 0 && i < 2 ** 31) w.integer(i);
    else w.number(i);
    w.ascii(',"v":');
    w.number(v);
    w.ascii('}');
  }
  w.ascii(']');
}

/**
 * The success envelope of one Baseline as JSON bytes: `head` is every field but the measures and intervals (it must
 * hold only the schema's fields, in its order: nothing filters them here), then the measures and the intervals where
 * given.
 */
export function baselineEnvelopeJson(
  head: object,
  measures: readonly Measure[] | undefined,
  intervals: BaselineIntervals | null,
): Buffer {
  const fields = JSON.stringify(head).slice(1, -1);
  // About 30 bytes a measure and 150 an interval (the writer grows if a guess is short).
  const w = new ByteWriter(
    fields.length * 3 + 100 + (measures?.length ?? 0) * 32 + (intervals?.moved.length ?? 0) * 160,
  );
  w.ascii('{"status":"success","count":1,"type":"Baseline","results":[{');
  w.utf8(fields);
  let more = fields.length > 0;
  if (measures) {
    w.ascii(more ? ',"measures":' : '"measures":');
    writeMeasures(w, measures);
    more = true;
  }
  if (intervals) {
    w.ascii(more ? ',"intervals":' : '"intervals":');
    writeIntervals(w, intervals.clock, intervals.moved);
  }
  w.ascii('}]}');
  return w.result();
}
