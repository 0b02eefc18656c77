// Local wall-clock readings of many instants without a date-library call per instant. A zone's UTC offset is
// constant between transitions; a year's transitions are found once per process (a day-by-day scan, then a binary
// search to the minute), after which an instant's local day and minute are plain arithmetic.
import { IANAZone } from 'luxon';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface LocalClock {
  /** Offset from UTC (ms) in force at the instant. */
  offsetAt(instant: number): number;
  /** Local day number (days since 1970-01-01 in local time) of the instant. */
  dayOf(instant: number): number;
  /** Minute of the local day (0-1439) of the instant. */
  minuteOf(instant: number): number;
  /** The instant at which the local day begins (local midnight), day numbers as dayOf gives them. */
  startOfDay(dayNumber: number): number;
  /** The instant of a local wall-clock time (a skipped time moves forward by the gap; a repeated one is the first). */
  instantOf(dayNumber: number, minuteOfDay: number): number;
  /** The instant as ISO 8601 with the zone's offset (see formatInstant). */
  format(instant: number): string;
  /** The offset steps: offsets[k] is in force from starts[k] (instants in order). */
  starts: readonly number[];
  offsets: readonly number[];
  zone: string;
}

export class UnknownZoneError extends Error {}

/** Offset changes of a zone in one UTC year, found once per process: zone rules do not change while it runs. */
const transitionsByYear = new Map<string, { starts: number[]; offsets: number[] }>();

function yearTransitions(zone: IANAZone, year: number): { starts: number[]; offsets: number[] } {
  const key = `${zone.name}:${year}`;
  const known = transitionsByYear.get(key);
  if (known) return known;
  const offset = (t: number) => zone.offset(t) * MINUTE;
  const first = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const starts: number[] = [first];
  const offsets: number[] = [offset(first)];
  for (let t = first; t < end; t += DAY) {
    const next = Math.min(t + DAY, end);
    if (offset(next) === offsets.at(-1)) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.max(MINUTE, Math.floor((hi - lo) / 2 / MINUTE) * MINUTE);
      if (offset(mid) === offsets.at(-1)) lo = mid;
      else hi = mid;
    }
    starts.push(hi);
    offsets.push(offset(hi));
  }
  const out = { starts, offsets };
  transitionsByYear.set(key, out);
  return out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** "00" to "59": hours, minutes and seconds of a formatted instant. */
const TWO = Array.from({ length: 60 }, (_, n) => pad(n));
/** The zone names Luxon reads as UTC itself, written with "Z" (Etc/UTC, Zulu and the like are zones at +00:00). */
const UTC_NAMES = /^(UTC|GMT)$/i;

/**
 * Clocks made, by zone and years: a clock only reads its steps (its cursor and last formatted day are its own caches,
 * right from any instant), so one serves every caller over the same years. A portfolio job's bills each asked for
 * two (the answer's dates, the export credit's year), 60,000 clocks for 10,000 accounts.
 */
const made = new Map<string, LocalClock>();
const MADE_KEPT = 256;

/** A clock of the zone reading instants from a day before `from` to a day after `to` (whole UTC years of them). */
export function localClock(zone: string, from: number, to: number): LocalClock {
  const firstYear = new Date(from - DAY).getUTCFullYear();
  const lastYear = new Date(to + DAY).getUTCFullYear();
  const key = `${zone}|${firstYear}|${lastYear}`;
  let clock = made.get(key);
  if (!clock) {
    clock = makeClock(zone, firstYear, lastYear);
    if (made.size >= MADE_KEPT) made.delete(made.keys().next().value!);
    made.set(key, clock);
  }
  return clock;
}

function makeClock(zone: string, firstYear: number, lastYear: number): LocalClock {
  const z = IANAZone.create(zone);
  if (!z.isValid) throw new UnknownZoneError(`Unknown time zone ${zone}`);
  // The offsets in force over the years, as (start instant, offset) steps.
  const starts: number[] = [];
  const offsets: number[] = [];
  for (let y = firstYear; y <= lastYear; y++) {
    const year = yearTransitions(z, y);
    year.starts.forEach((start, k) => {
      if (offsets.at(-1) === year.offsets[k]) return;
      starts.push(start);
      offsets.push(year.offsets[k]!);
    });
  }
  let cursor = 0;
  const offsetAt = (instant: number): number => {
    // Instants usually arrive in order: move the cursor rather than search.
    if (instant < starts[cursor]!) cursor = 0;
    while (cursor + 1 < starts.length && instant >= starts[cursor + 1]!) cursor++;
    return offsets[cursor]!;
  };
  const instantOf = (dayNumber: number, minuteOfDay: number): number => {
    const local = dayNumber * DAY + minuteOfDay * MINUTE;
    // Read with the offset in force a few hours before; if the offset changed by then, the wall time either exists
    // under the new offset, or was skipped (spring forward) and the reading with the old offset lies past the gap.
    const before = offsetAt(local - offsetAt(local) - 3 * 3_600_000);
    const t = local - before;
    const after = offsetAt(t);
    if (after === before) return t;
    const under = local - after;
    return offsetAt(under) === after ? under : t;
  };
  // Answers format thousands of consecutive instants: the date part is written once per local day, the offset once
  // per offset, the time of day from a table.
  const utc = UTC_NAMES.test(zone);
  const suffixes = new Map<number, string>();
  let formattedDay = Number.NaN;
  let datePart = '';
  const format = (instant: number): string => {
    const offset = offsetAt(instant);
    const local = instant + offset;
    const day = Math.floor(local / DAY);
    if (day !== formattedDay) {
      const d = new Date(day * DAY);
      datePart = `${pad(d.getUTCFullYear(), 4)}-${TWO[d.getUTCMonth() + 1]}-${TWO[d.getUTCDate()]}T`;
      formattedDay = day;
    }
    let suffix = suffixes.get(offset);
    if (suffix === undefined) {
      // As Luxon writes it: "Z" for the UTC zone itself, an offset for every other zone (+00:00 in London's winter).
      const minutes = Math.abs(offset) / MINUTE;
      suffix = utc ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
      suffixes.set(offset, suffix);
    }
    let rest = local - day * DAY;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / MINUTE);
    rest -= m * MINUTE;
    const sec = Math.floor(rest / 1000);
    const ms = rest - sec * 1000;
    return `${datePart}${TWO[h]}:${TWO[m]}:${TWO[sec]}${ms ? `.${pad(ms, 3)}` : ''}${suffix}`;
  };
  return {
    zone,
    format,
    offsetAt,
    dayOf: (instant) => Math.floor((instant + offsetAt(instant)) / DAY),
    minuteOf: (instant) => {
      const local = instant + offsetAt(instant);
      return Math.floor((local - Math.floor(local / DAY) * DAY) / MINUTE);
    },
    startOfDay: (dayNumber) => instantOf(dayNumber, 0),
    instantOf,
    starts,
    offsets,
  };
}

/**
 * An instant as ISO 8601 with the zone's offset, as formatDateTime writes it (2011-10-26T12:00:00-04:00; milliseconds
 * only when not zero), without a date-library call: answers with thousands of items format many instants.
 */
export function formatInstant(clock: LocalClock, instant: number): string {
  return clock.format(instant);
}
