// Local calendar days in an IANA zone: where a day starts, and which day an instant falls on.
import { DateTime } from 'luxon';
import type { CivilDate } from '../calendar/civil-date.ts';

/** Midnight at the start of the local date (never ambiguous in practice: zones change at night, not at 00:00). */
export const localMidnight = (date: CivilDate, zone: string): DateTime =>
  DateTime.fromObject({ year: date.year, month: date.month, day: date.day }, { zone });

/** The local date an instant falls on in the zone. */
export function localDateOf(instant: DateTime, zone: string): CivilDate {
  const local = instant.setZone(zone);
  return { year: local.year, month: local.month, day: local.day };
}

/** A local wall-clock time "YYYY-MM-DDTHH:mm" as an instant in the zone. */
export const localDateTime = (text: string, zone: string): DateTime => DateTime.fromISO(text, { zone });
