// The bundled export prices read straight from their data files, for a database that has not stored them yet: a
// server loads them after it starts listening (src/data/export-prices.load.ts), and until then calculations and the
// lookups API answer from here, with the values the load stores.
import { EXPORT_PRICE_TABLES } from './export-price-keys.ts';
import { expandSeries } from './export-price-series.ts';

const SERIES = new Map(
  EXPORT_PRICE_TABLES.flatMap(({ table }) => table.series.map((s) => [s.keyName, { table, series: s }] as const)),
);

type Hour = Readonly<{ from: number; to: number; value: number }>;

/** Hours made lately, by key and range: the data is the build's own, so they never change (frozen, shared). */
const made = new Map<string, readonly Hour[]>();
const MADE_MAX = 16;

/** A bundled export price key's hours starting in [from, to) (none for any other key). */
export function bundledPrices(keyName: string, from: number, to: number): readonly Hour[] {
  const found = SERIES.get(keyName);
  if (!found) return [];
  const key = `${keyName}|${from}|${to}`;
  let hours = made.get(key);
  if (!hours) {
    hours = Object.freeze(expandSeries(found.table, found.series, { from, to }).map((h) => Object.freeze(h)));
    // Bounded: a job's chunks and a savings analysis's years ask for the same few ranges again and again.
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(key, hours);
  }
  return hours;
}

const HOUR = 3_600_000;

/**
 * One page of a bundled key's hours that meet [from, to) (an hour under way at `from` counts, as a stored row's would)
 * and how many there are in all; null for any other key. The hours are whole and contiguous, so the count is
 * arithmetic; the page's hours are made only when asked for (the caller may answer from stored rows instead).
 */
export function bundledPricesPage(
  keyName: string,
  from: number,
  to: number,
  page: { pageStart: number; pageCount: number },
): { hours: () => readonly Hour[]; total: number } | null {
  const found = SERIES.get(keyName);
  if (!found) return null;
  const seriesFirst = Date.parse(found.series.firstHour);
  const first = Math.max(seriesFirst, Math.floor(from / HOUR) * HOUR);
  const total = Math.max(0, Math.ceil((Math.min(seriesFirst + found.series.hours * HOUR, to) - first) / HOUR));
  const pageFrom = first + page.pageStart * HOUR;
  return { hours: () => bundledPrices(keyName, pageFrom, Math.min(to, pageFrom + page.pageCount * HOUR)), total };
}
