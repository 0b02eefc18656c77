// Date-time query and body parameters, with a 400 naming the parameter when one cannot be read.
import { FIRST_YEAR, LAST_YEAR, parseDateTimeInput, type ParsedDateTime } from '../engine/time/datetime-input.ts';
import { invalidArgument } from './errors.ts';

/** A date or date-time parameter as the calendar date (YYYY-MM-DD) it falls on in `zone`. */
export function localDateParam(name: string, raw: string | undefined, zone: string): string | undefined {
  return dateTimeParam(name, raw, zone)?.value.setZone(zone).toISODate() ?? undefined;
}

export function dateTimeParam(name: string, raw: string | undefined, zone: string): ParsedDateTime | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = parseDateTimeInput(raw, zone);
  if (!parsed) {
    throw invalidArgument(
      name,
      raw,
      `${name} must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T14:00:00, optionally with an offset such as -08:00) of the years ${FIRST_YEAR} to ${LAST_YEAR}`,
    );
  }
  return parsed;
}
