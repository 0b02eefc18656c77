// A moved typical year as Interval Info JSON bytes (fromDateTime, toDateTime, duration, kWh, kW; rates null). Where
// the intervals start and end depends only on the zone and the range, never on the profile, and the text around the
// numbers is most of the 2 MB of a year: it is written once per range and kept (17,521 formatted date-times a year),
// so that a request writes only its numbers between ready pieces. Most requests ask for a calendar year in one of a
// few zones, so a small cache holds the ranges in use.
import type { MovedInterval } from '../../engine/load/typical-year.ts';
import type { LocalClock } from '../../engine/time/local-clock.ts';
import { ByteLru } from './byte-lru.ts';
import { ByteWriter } from './byte-writer.ts';

const HOUR = 3_600_000;
/** What follows an interval's kWh number up to its kW number, and what follows that. */
const KW = new TextEncoder().encode(',"rateAmount":null},"kW":{"quantityAmount":');
const END = ',"rateAmount":null}}';

/**
 * The text of a range's intervals but their numbers: piece k runs from the end of interval k - 1's kW number (its
 * closing, the comma) to interval k's kWh number, text[ends[k - 1] ?? 0, ends[k]).
 */
interface Pieces {
  /** A plain Uint8Array, not a Buffer: its subarray is the engine's own, several times cheaper than Buffer's. */
  text: Uint8Array;
  ends: Int32Array;
}

/** The pieces of the ranges written last, at most 32 MB of them (a year is about 1.2 MB, three years 3.6 MB). */
const cache = new ByteLru<Pieces>(32 * 1024 * 1024);

function writePieces(clock: LocalClock, moved: readonly MovedInterval[]): Pieces {
  const w = new ByteWriter(moved.length * 140);
  const ends = new Int32Array(moved.length);
  let from = moved.length ? clock.format(moved[0]!.from) : '';
  for (let k = 0; k < moved.length; k++) {
    const m = moved[k]!;
    const to = clock.format(m.to);
    w.ascii(k ? `${END},{"fromDateTime":"` : '{"fromDateTime":"');
    w.ascii(from);
    w.ascii('","toDateTime":"');
    w.ascii(to);
    w.ascii('","duration":');
    w.number(m.to - m.from);
    w.ascii(',"kWh":{"quantityAmount":');
    ends[k] = w.pos;
    from = to;
  }
  // A copy of the right size: the writer's buffer has room to spare.
  return { text: new Uint8Array(w.result()), ends };
}

/** The pieces of the intervals moved onto a range in the clock's zone, from the cache when the range was written before. */
function pieces(clock: LocalClock, moved: readonly MovedInterval[]): Pieces {
  // The zone and the range fix every boundary; the count guards against a change in how ranges are cut.
  const key = `${clock.zone}|${moved[0]!.from}|${moved.at(-1)!.to}|${moved.length}`;
  let made = cache.get(key);
  if (!made) {
    made = writePieces(clock, moved);
    cache.set(key, made, made.text.length + made.ends.byteLength);
  }
  return made;
}

/** A number as JSON writes it (a non-finite number is null, as JSON.stringify writes it). */
const num = (v: number): string => (Number.isFinite(v) ? String(v) : 'null');

/** The intervals as a JSON array, `[...]`; an hour's kWh is written as its kW too (formatted once). */
export function writeIntervals(w: ByteWriter, clock: LocalClock, moved: readonly MovedInterval[]): void {
  w.ascii('[');
  if (moved.length) {
    const { text, ends } = pieces(clock, moved);
    let start = 0;
    for (let k = 0; k < moved.length; k++) {
      const m = moved[k]!;
      w.bytes(text, start, ends[k]!);
      start = ends[k]!;
      const duration = m.to - m.from;
      const kwh = num(m.kwh);
      w.ascii(kwh);
      w.bytes(KW, 0, KW.length);
      w.ascii(duration === HOUR ? kwh : num((m.kwh * HOUR) / duration));
    }
    w.ascii(END);
  }
  w.ascii(']');
}
