// The shared shape of meter readings, whatever format they were uploaded in (JSON, CSV, Green Button XML), and the
// error every reading parser throws so the HTTP layer can answer 400 naming the offending field and value.

export type ReadingUnit = 'kWh' | 'kW' | 'therms';

/** One interval reading: start inclusive, end exclusive, epoch milliseconds; value in the canonical unit. */
export interface Reading {
  start: number;
  end: number;
  unit: ReadingUnit;
  value: number;
  cost: number | null;
}

export interface ParsedReadings {
  readings: Reading[];
  /** What the parser did that the uploader should know (netting, skipped channels, adjusted boundaries). */
  notes: string[];
}

/** A problem in uploaded readings: becomes a 400 naming `field` (e.g. "line 12", "readingData[3].toDateTime", "usagePointId") and `value`. */
export class ReadingFormatError extends Error {
  constructor(
    readonly field: string,
    readonly value: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ReadingFormatError';
  }
}

/** One upload holds at most this many readings: 600,000 is 17 years of 15-minute data, far past any bill. */
export const MAX_READINGS = 600_000;

/** A reading's value may not exceed this (after unit conversion): larger is a typing or export error, not a meter. */
export const MAX_ABS_VALUE = 1e12;

/** Lower-cased unit names -> canonical unit and the factor into it. */
const UNITS = new Map<string, { unit: ReadingUnit; factor: number }>([
  ['kwh', { unit: 'kWh', factor: 1 }],
  ['wh', { unit: 'kWh', factor: 1e-3 }],
  ['mwh', { unit: 'kWh', factor: 1e3 }],
  ['kw', { unit: 'kW', factor: 1 }],
  ['w', { unit: 'kW', factor: 1e-3 }],
  ['mw', { unit: 'kW', factor: 1e3 }],
  ['therm', { unit: 'therms', factor: 1 }],
  ['therms', { unit: 'therms', factor: 1 }],
  ['thm', { unit: 'therms', factor: 1 }],
]);

const ACCEPTED = 'kWh, Wh, MWh (energy), kW, W, MW (demand), therm, therms, thm (gas)';

/** The canonical unit of a unit name (any case) and the factor that converts a value into it. */
export function unitOf(raw: string, field: string): { unit: ReadingUnit; factor: number } {
  const found = UNITS.get(raw.trim().toLowerCase());
  if (!found)
    throw new ReadingFormatError(field, raw, `${field}: unit '${raw}' is not accepted; use one of ${ACCEPTED}`);
  return found;
}

/**
 * value x factor, rounded once: a factor below 1 divides by its (exact) inverse, because 155 / 1000 is the double
 * nearest 0.155 while 155 * 0.001 is not always.
 */
export function scaled(value: number, factor: number): number {
  return factor >= 1 ? value * factor : value / Math.round(1 / factor);
}
