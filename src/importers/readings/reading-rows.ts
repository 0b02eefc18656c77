// One reading from named fields, as the original API's JSON body (readingData[]) and our CSV columns both give them.
// Times are ISO 8601; without an offset they are wall-clock times in the profile's zone.
import { IANAZone } from 'luxon';
import { FIRST_YEAR, LAST_YEAR, parseDateTimeInput } from '../../engine/time/datetime-input.ts';
import { localClock, type LocalClock } from '../../engine/time/local-clock.ts';
import {
  MAX_ABS_VALUE,
  MAX_READINGS,
  ReadingFormatError,
  scaled,
  unitOf,
  type ParsedReadings,
  type Reading,
  type ReadingUnit,
} from './reading.ts';

export interface ReadingOptions {
  /** IANA zone of times written without an offset. */
  zone: string;
  /** Unit of readings that name none (kWh, Wh, kW, therms...). */
  defaultUnit: string;
}

export interface ReadingFields {
  fromDateTime?: unknown;
  toDateTime?: unknown;
  /** Milliseconds, instead of toDateTime. */
  duration?: unknown;
  quantityUnit?: unknown;
  quantityValue?: unknown;
  quantityCost?: unknown;
}

const DAY = 86_400_000;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

// Zone rules do not change while the process runs: one local clock per zone and year, and each zone checked once.
const clocks = new Map<string, LocalClock>();
const knownZones = new Set<string>();

let lastClock: { zone: string; year: number; clock: LocalClock } | null = null;

function clockFor(zone: string, year: number): LocalClock {
  // Rows come in order: the clock of the row before almost always serves.
  if (lastClock && lastClock.zone === zone && lastClock.year === year) return lastClock.clock;
  const key = `${zone}|${year}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = localClock(zone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
    clocks.set(key, clock);
  }
  lastClock = { zone, year, clock };
  return clock;
}

/** Refuses a zone Luxon does not know, once, rather than failing every row's times. */
export function checkZone(zone: string): void {
  if (knownZones.has(zone)) return;
  if (!IANAZone.isValidZone(zone))
    throw new ReadingFormatError('timeZone', zone, `timeZone: '${zone}' is not an IANA time zone`);
  knownZones.add(zone);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (year: number, month: number) => (month === 2 && leap(year) ? 29 : MONTH_DAYS[month - 1]!);

/** The number written by n digits at `from`, or -1. */
function digits(text: string, from: number, n: number): number {
  let v = 0;
  for (let k = from; k < from + n; k++) {
    const c = text.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** A wall-clock time read without an offset: its local clock and local milliseconds, to find a second occurrence. */
interface WallClock {
  clock: LocalClock | null;
  local: number;
}
/** The last wall-clock time fastInstant read (clock null when it had an offset); reused, not allocated per value. */
const wall: WallClock = { clock: null, local: 0 };

/**
 * The instant of YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH[:MM]] without a Luxon parse: Luxon takes about 40 µs for a
 * wall-clock time, and a year of 15-minute rows has 70,080 times. Same answers as parseDateTimeInput (a repeated
 * wall-clock time is its first occurrence, a skipped one moves forward by the gap; a fraction is truncated to the
 * millisecond as Luxon does). NaN when the text is in another form, so the full parser decides.
 */
function fastInstant(text: string, zone: string): number {
  wall.clock = null;
  const n = text.length;
  if (n < 16 || text[4] !== '-' || text[7] !== '-' || text[13] !== ':') return Number.NaN;
  const t = text[10];
  if (t !== 'T' && t !== 't' && t !== ' ') return Number.NaN;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  const h = digits(text, 11, 2);
  const mi = digits(text, 14, 2);
  let i = 16;
  let s = 0;
  let ms = 0;
  if (text[i] === ':') {
    s = digits(text, i + 1, 2);
    i += 3;
    if (text[i] === '.') {
      let k = i + 1;
      while (k < n && k - i <= 9 && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57) k++;
      if (k === i + 1) return Number.NaN;
      ms = Math.floor(parseFloat(`0.${text.slice(i + 1, k)}`) * 1000);
      i = k;
    }
  }
  if (
    y < FIRST_YEAR ||
    y > LAST_YEAR ||
    mo < 1 ||
    mo > 12 ||
    d < 1 ||
    d > daysIn(y, mo) ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    s < 0 ||
    s > 59
  )
    return Number.NaN;
  if (i === n) {
    const clock = clockFor(zone, y);
    const day = Math.floor(Date.UTC(y, mo - 1, d) / DAY);
    wall.clock = clock;
    wall.local = day * DAY + (h * 60 + mi) * 60_000 + s * 1000 + ms;
    return clock.instantOf(day, h * 60 + mi) + s * 1000 + ms;
  }
  const c = text[i];
  if ((c === 'Z' || c === 'z') && i + 1 === n) return Date.UTC(y, mo - 1, d, h, mi, s, ms);
  if (c !== '+' && c !== '-') return Number.NaN;
  const oh = digits(text, i + 1, 2);
  let om = 0;
  if (i + 3 !== n) {
    const j = text[i + 3] === ':' ? i + 4 : i + 3;
    if (j + 2 !== n) return Number.NaN;
    om = digits(text, j, 2);
  }
  if (oh < 0 || oh > 23 || om < 0 || om > 59) return Number.NaN;
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - (c === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
}

/** The later instant a wall-clock time names when the fall-back hour repeats it, or null. */
function secondOccurrence(clock: LocalClock, local: number, first: number): number | null {
  const before = clock.offsetAt(first);
  const after = clock.offsetAt(first + DAY);
  if (after >= before) return null;
  const second = local - after;
  return second > first && clock.offsetAt(second) === after ? second : null;
}

/** The text of a value as an error repeats it: never a whole payload. */
function shown(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw));
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

const absent = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** The error for one field of one reading: `${where}.${key}`, built only when there is one. */
function fault(where: string, key: keyof ReadingFields, raw: unknown, what: string): never {
  const field = `${where}.${key}`;
  throw new ReadingFormatError(field, raw === undefined || raw === null ? null : shown(raw), `${field}: ${what}`);
}

/**
 * The instant of an ISO 8601 text. A wall-clock time the fall-back hour repeats is its first occurrence, unless that
 * falls before `notBefore` and the second does not: rows in time order then read through the repeated hour.
 */
function instantAt(
  raw: unknown,
  where: string,
  key: 'fromDateTime' | 'toDateTime',
  zone: string,
  notBefore?: number,
): number {
  if (typeof raw !== 'string')
    fault(where, key, raw, 'an ISO 8601 date-time is required (e.g. 2024-03-10T01:00:00-08:00)');
  const text = raw.trim();
  let instant = fastInstant(text, zone);
  if (Number.isNaN(instant)) {
    const parsed = parseDateTimeInput(text, zone);
    if (!parsed)
      fault(where, key, raw, `'${shown(raw)}' is not an ISO 8601 date-time between ${FIRST_YEAR} and ${LAST_YEAR}`);
    instant = parsed.value.toMillis();
  }
  if (wall.clock && notBefore !== undefined && instant < notBefore) {
    const second = secondOccurrence(wall.clock, wall.local, instant);
    if (second !== null && second >= notBefore) return second;
  }
  return instant;
}

/** A finite number from a JSON number or a decimal string (CSV); NaN for anything else ("", "0x10", "1,5"). */
function numberFrom(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : Number.NaN;
  if (typeof raw !== 'string') return Number.NaN;
  const text = raw.trim();
  if (!NUMBER.test(text)) return Number.NaN;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

type UnitFactor = { unit: ReadingUnit; factor: number };
/** Unit names already read, as written: most uploads repeat one. */
const units = new Map<string, UnitFactor>();

function unitFrom(raw: string, field: () => string): UnitFactor {
  let found = units.get(raw);
  if (!found) {
    found = unitOf(raw, field());
    if (units.size < 100) units.set(raw, found);
  }
  return found;
}

/**
 * One reading; every problem is a ReadingFormatError naming `${where}.<field>`. `previousStart` (the start of the
 * reading before it in the upload) lets rows in time order without offsets read through the repeated fall-back hour.
 */
export function readingFromFields(
  fields: ReadingFields,
  where: string,
  opts: ReadingOptions,
  previousStart?: number,
): Reading {
  checkZone(opts.zone);
  const { fromDateTime, toDateTime, duration: rawDuration, quantityUnit, quantityValue, quantityCost } = fields;
  const start = instantAt(fromDateTime, where, 'fromDateTime', opts.zone, previousStart);
  const hasTo = !absent(toDateTime);
  const hasDuration = !absent(rawDuration);
  if (!hasTo && !hasDuration) fault(where, 'toDateTime', null, 'toDateTime or duration (milliseconds) is required');
  let duration = Number.NaN;
  if (hasDuration) {
    duration = numberFrom(rawDuration);
    if (!Number.isInteger(duration) || duration <= 0)
      fault(where, 'duration', rawDuration, `'${shown(rawDuration)}' is not a positive whole number of milliseconds`);
  }
  let end: number;
  if (hasTo) {
    // An end is after its start: of a repeated wall-clock time, the first occurrence after the start.
    end = instantAt(toDateTime, where, 'toDateTime', opts.zone, start + 1);
    if (end <= start)
      fault(
        where,
        'toDateTime',
        toDateTime,
        `'${shown(toDateTime)}' is not after fromDateTime '${shown(fromDateTime)}'`,
      );
    // Two statements of the end that disagree: which one the uploader meant is a guess, so neither is taken.
    if (hasDuration && end - start !== duration)
      fault(
        where,
        'duration',
        rawDuration,
        `${duration} ms disagrees with fromDateTime..toDateTime (${end - start} ms)`,
      );
  } else end = start + duration;
  let unitFactor: UnitFactor;
  if (absent(quantityUnit)) unitFactor = unitFrom(opts.defaultUnit, () => 'quantityUnit');
  else if (typeof quantityUnit !== 'string')
    fault(where, 'quantityUnit', quantityUnit, 'a unit name is required (e.g. kWh)');
  else unitFactor = unitFrom(quantityUnit, () => `${where}.quantityUnit`);
  if (absent(quantityValue)) fault(where, 'quantityValue', null, 'a number is required');
  const raw = numberFrom(quantityValue);
  if (Number.isNaN(raw)) fault(where, 'quantityValue', quantityValue, `'${shown(quantityValue)}' is not a number`);
  const { unit, factor } = unitFactor;
  const value = scaled(raw, factor);
  if (Math.abs(value) > MAX_ABS_VALUE)
    fault(where, 'quantityValue', quantityValue, `${value} ${unit} is beyond ±${MAX_ABS_VALUE}`);
  let cost: number | null = null;
  if (!absent(quantityCost)) {
    cost = numberFrom(quantityCost);
    if (Number.isNaN(cost)) fault(where, 'quantityCost', quantityCost, `'${shown(quantityCost)}' is not a number`);
  }
  return { start, end, unit, value, cost };
}

/** The original API's `readingData: [{fromDateTime, toDateTime, quantityUnit, quantityValue, quantityCost?}]`. */
export function readingsFromJson(items: unknown[], opts: ReadingOptions): ParsedReadings {
  if (items.length > MAX_READINGS) {
    throw new ReadingFormatError(
      'readingData',
      String(items.length),
      `readingData: ${items.length} readings; one upload holds at most ${MAX_READINGS}`,
    );
  }
  checkZone(opts.zone);
  unitFrom(opts.defaultUnit, () => 'quantityUnit');
  const readings: Reading[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ReadingFormatError(
        `readingData[${i}]`,
        shown(item),
        `readingData[${i}]: an object {fromDateTime, toDateTime, quantityUnit, quantityValue} is required`,
      );
    }
    readings[i] = readingFromFields(item as ReadingFields, `readingData[${i}]`, opts, readings[i - 1]?.start);
  }
  return { readings, notes: [] };
}
