// The bundled export prices read straight from their data files, for a database that has not stored them yet: a
// server loads them after it starts listening (src/data/export-prices.load.ts), and until then calculations and the
// lookups API answer from here, with the values the load stores.
import { EXPORT_PRICE_TABLES } from './export-price-keys.ts';
import { expandSeries } from './export-price-series.ts';

const SERIES = new Map(
  EXPORT_PRICE_TABLES.flatMap(({ table }) => table.series.map((s) => [s.keyName, { table, series: s }] as const)),
);

/** A bundled export price key's hours starting in [from, to) (none for any other key). */
export function bundledPrices(
  keyName: string,
  from: number,
  to: number,
): { from: number; to: number; value: number }[] {
  const found = SERIES.get(keyName);
  return found ? expandSeries(found.table, found.series, { from, to }) : [];
}

const HOUR = 3_600_000;

/** The hours a bundled export price key covers, [first, end) in UTC milliseconds (null for any other key). */
export function bundledPriceSpan(keyName: string): { first: number; end: number } | null {
  const found = SERIES.get(keyName);
  if (!found) return null;
  const first = Date.parse(found.series.firstHour);
  return { first, end: first + found.series.hours * HOUR };
}
