// Parses the API's date-time inputs: date-only, date-time with or without an offset
// (the original's "2011-10-26T12:00:00.0-0400" form too). Without an offset, the wall-clock time
// belongs to the zone the caller names (the tariff's or LSE's); with one, the offset is kept.
import { DateTime } from 'luxon';

export interface ParsedDateTime {
  value: DateTime;
  /** The input named its own offset (or Z). */
  hasOffset: boolean;
  /** The input was a calendar date only (midnight local). */
  dateOnly: boolean;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
// A '+' left unencoded in a query string arrives as a space: "12:00:00 02:00" means "12:00:00+02:00".
const SPACE_FOR_PLUS = /(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?) (\d{2}(:?\d{2})?)$/;

/**
 * The years Ratebook reads. Tariffs, calendars and interval data live well inside them; a year outside (0, -2024,
 * 275760) is a typing error or an attack on date arithmetic, never a date to bill.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

/** Readings made lately, by zone and text (a portfolio job reads the same few dates for every account and bill). */
const recent = new Map<string, Readonly<ParsedDateTime> | null>();
const RECENT_MAX = 512;

export function parseDateTimeInput(raw: string, zone: string): Readonly<ParsedDateTime> | null {
  const key = `${zone}\u0000${raw}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  // Bounded: a client sending ever new dates empties it now and then, never grows it.
  if (recent.size >= RECENT_MAX) recent.clear();
  const parsed = parseAfresh(raw, zone);
  recent.set(key, parsed && Object.freeze(parsed));
  return parsed;
}

function parseAfresh(raw: string, zone: string): ParsedDateTime | null {
  let text = raw.trim();
  if (text === '') return null;
  text = text.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:)/, '$1T$2').replace(SPACE_FOR_PLUS, '$1+$4');
  const dateOnly = DATE_ONLY.test(text);
  const hasOffset = !dateOnly && HAS_OFFSET.test(text);
  let value: DateTime = hasOffset ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone });
  if (!value.isValid || value.year < FIRST_YEAR || value.year > LAST_YEAR) return null;
  // A wall-clock time repeated by the fall-back hour means its first occurrence (daylight time), as
  // java.time and Python (fold=0) read it; Luxon alone would pick the second.
  if (!hasOffset) value = earliestOccurrence(value);
  // Luxon moves a wall-clock time that does not exist (inside a spring-forward gap) forward by the gap;
  // that is the conventional reading and is kept.
  return { value, hasOffset, dateOnly };
}

/** Of the instants a repeated wall-clock time names (the fall-back hour), the first; any other time as it is. */
export function earliestOccurrence(value: DateTime): DateTime {
  const candidates = value.getPossibleOffsets();
  return candidates.length > 1 ? candidates.reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a)) : value;
}

/** ISO 8601 with offset, without milliseconds when they are zero: 2011-10-26T12:00:00-04:00. */
export function formatDateTime(value: DateTime): string {
  return value.toISO({ suppressMilliseconds: true }) ?? '';
}

/** ISO 8601 local wall-clock time, no offset: 2011-10-26T12:00:00. */
export function formatLocalDateTime(value: DateTime): string {
  return value.toISO({ suppressMilliseconds: true, includeOffset: false }) ?? '';
}
