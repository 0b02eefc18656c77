// Hourly export prices (the Net Billing Tariff's "energy export credit") as published by a utility, held compactly:
// a utility publishes one price per year, month, day type (weekday, or weekend and holiday) and local hour, then
// spreads it over every hour of 20 years. We keep the table and the list of holidays, and expand it to the hourly
// lookup values a SELL rate's variableRateKey names. Hours where the published file does not follow its own table
// (PG&E labels the repeated hour of a fall-back day as the next hour) are kept as exceptions, so that the expansion
// gives every published hour's price exactly; scripts/convert-pge-export-prices.ts checks that against the originals.
import { DateTime } from 'luxon';

/** Prices are stored in 1/100,000 of a dollar per kWh, the published files' precision. */
export const PRICE_SCALE = 100_000;
const HOUR = 3_600_000;

export interface ExportPriceSeries {
  /** The LOOKUP property key that SELL rates name as variableRateKey. */
  keyName: string;
  /** The vintage (year of the interconnection application), or null for the floating prices. */
  vintage: number | null;
  component: 'GENERATION' | 'DELIVERY';
  /** The utility's own identifier of the series (PG&E's RIN column). */
  publishedId: string;
  /** The first published hour (UTC, ISO 8601) and the number of consecutive hours published. */
  firstHour: string;
  hours: number;
  /**
   * Calendar year (local) -> 12 strings, January first; each holds 48 prices separated by spaces, in 1/100,000 $/kWh:
   * weekday hours 0-23, then weekend and holiday hours 0-23 (local prevailing time).
   */
  years: Readonly<Record<number, readonly string[]>>;
  /**
   * The first year whose months, days and hours the file labels in standard time all year (no daylight saving
   * time): PG&E's 2025, 2026 and floating files do so from 2036, its 2023 and 2024 files never. Absent: never.
   */
  standardTimeFrom?: number;
  /** Local dates (YYYY-MM-DD) priced as weekends: the file's own (PG&E's files differ from one another). */
  holidays: readonly string[];
  /** Hour start (UTC milliseconds) -> price in 1/100,000 $/kWh, where the file departs from its table. */
  exceptions: Readonly<Record<number, number>>;
}

export interface ExportPriceTable {
  /** The utility's zone: the table's months, day types and hours are local prevailing time there. */
  zone: string;
  /** The zone's standard time, minutes from UTC (-480 for Pacific), for the years a file labels without DST. */
  standardOffsetMinutes: number;
  series: readonly ExportPriceSeries[];
}

export interface HourPrice {
  from: number;
  to: number;
  value: number;
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** Decoded tables, cached per series: a year's 12 x 48 prices. */
const decoded = new WeakMap<ExportPriceSeries, Map<number, number[][]>>();

function yearTable(series: ExportPriceSeries, year: number): number[][] {
  let cache = decoded.get(series);
  if (!cache) {
    cache = new Map();
    decoded.set(series, cache);
  }
  let months = cache.get(year);
  if (!months) {
    const raw = series.years[year];
    if (!raw) throw new Error(`${series.keyName}: no prices for ${year}`);
    months = raw.map((m) => m.split(' ').map(Number));
    cache.set(year, months);
  }
  return months;
}

/**
 * The zone's UTC offsets over [from, to): the offset (minutes) from each change on, found by stepping a week at a
 * time (a zone's offset never changes twice in a week) and bisecting to the hour where it changes, so that pricing
 * 175,320 hours asks the zone database some 1,100 times; the same span is computed once.
 */
const offsetCache = new Map<string, { at: number; offset: number }[]>();
function offsetChanges(zone: string, from: number, to: number): { at: number; offset: number }[] {
  const id = `${zone}|${from}|${to}`;
  const cached = offsetCache.get(id);
  if (cached) return cached;
  const offsetAt = (t: number) => DateTime.fromMillis(t, { zone }).offset;
  const changes = [{ at: from, offset: offsetAt(from) }];
  let before = changes[0]!.offset;
  for (let t = from; t < to; t += WEEK) {
    const next = Math.min(t + WEEK, to);
    const after = offsetAt(next);
    if (after === before) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > HOUR) {
      const mid = lo + Math.floor((hi - lo) / HOUR / 2) * HOUR;
      if (offsetAt(mid) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, offset: after });
    before = after;
  }
  offsetCache.set(id, changes);
  return changes;
}

/**
 * Every published hour of a series with its price in $/kWh, in order of time. Each hour's local time is its UTC
 * start plus the zone's offset then (the standard offset in years the file labels without DST): a spring-forward day
 * has no hour 2, a fall-back day has two hours 1.
 */
export function expandSeries(
  table: ExportPriceTable,
  series: ExportPriceSeries,
  range?: { from: number; to: number },
): HourPrice[] {
  const holidays = new Set(series.holidays.map((d) => Date.parse(`${d}T00:00:00Z`) / DAY));
  const first = Date.parse(series.firstHour);
  const changes = offsetChanges(table.zone, first, first + series.hours * HOUR);
  const standard = table.standardOffsetMinutes * 60_000;
  // Only the hours starting in the range, when one is given.
  const h0 = range ? Math.max(0, Math.ceil((range.from - first) / HOUR)) : 0;
  const h1 = range ? Math.min(series.hours, Math.ceil((range.to - first) / HOUR)) : series.hours;
  const out: HourPrice[] = [];
  // A Map of numbers: reading the record by a 13-digit number key converts it to a string on every hour.
  const exceptions = new Map(Object.entries(series.exceptions).map(([k, v]) => [Number(k), v]));
  let c = 0;
  for (let h = h0; h < h1; h++) {
    const from = first + h * HOUR;
    while (c + 1 < changes.length && changes[c + 1]!.at <= from) c++;
    let scaled = exceptions.get(from);
    if (scaled === undefined) {
      let local = from + changes[c]!.offset * 60_000;
      if (
        series.standardTimeFrom !== undefined &&
        new Date(from + standard).getUTCFullYear() >= series.standardTimeFrom
      )
        local = from + standard;
      const d = new Date(local);
      const weekday = d.getUTCDay();
      const weekend = weekday === 0 || weekday === 6 || holidays.has(Math.floor(local / DAY));
      scaled = yearTable(series, d.getUTCFullYear())[d.getUTCMonth()]![(weekend ? 24 : 0) + d.getUTCHours()]!;
    }
    out.push({ from, to: from + HOUR, value: scaled / PRICE_SCALE });
  }
  return out;
}
