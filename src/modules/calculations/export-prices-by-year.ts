// The hourly export prices of a later year of a term, for bills that are run on year one's grid (the savings
// analysis bills every year of its term on year one's hours). A customer's vintage locks its prices for nine years,
// then they float: year n is credited at the prices the vintage's plan gives n years after year one, laid on year
// one's hours by local date and time (engine/savings/year-prices.ts).
import { DateTime } from 'luxon';
import { lookupKey, type LookupSeries } from '../../engine/bill/types.ts';
import { pricesOnYearOne } from '../../engine/savings/year-prices.ts';
import { localClock } from '../../engine/time/local-clock.ts';
import type { Rate } from '../../engine/tariff/model.ts';
import { vintagePlan } from './export-vintage.ts';
import type { TariffContextLoader } from './tariff-context.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Year `n`'s export prices, as lookups keyed as the bill reads them, for the SELL rates that name a bundled export
 * price key; each price divided by `scale` (see pricesOnYearOne).
 */
export type ExportPricesOfYear = (n: number, scale: number) => Promise<Map<string, LookupSeries>>;

/**
 * Year n's prices on year one's hours, unscaled, by key, vintage, zone, range and n: reading and laying a year of two
 * keys costs ~20 ms, and a 20-year analysis needs 19 years of them on every request for the same year one. Export
 * price lookups change only when their data is loaded again (a server's first start, `ratebook import lookups`), so
 * a laid year is kept for CACHE_MS: a new load reaches later-year savings figures within that time.
 */
const CACHE_MS = 5 * 60_000;
const CACHE_SIZE = 200;
const laidYears = new Map<string, { at: number; series: LookupSeries }>();

async function laidYear(
  loader: Pick<TariffContextLoader, 'splicedLookups'>,
  keyName: string,
  vintage: number,
  zone: string,
  range: { from: number; to: number },
  n: number,
): Promise<LookupSeries> {
  const key = `${keyName}|${vintage}|${zone}|${range.from}|${range.to}|${n}`;
  const now = Date.now();
  const kept = laidYears.get(key);
  if (kept && now - kept.at < CACHE_MS) return kept.series;
  const { from, to } = range;
  const later = (ms: number) => DateTime.fromMillis(ms, { zone }).plus({ years: n }).toMillis();
  const [fromN, toN] = [later(from), later(to)];
  // One extra day each side: a DST change on another date in year n moves a few hours across the range's edges.
  const clock = localClock(zone, from, toN + DAY);
  const plan = vintagePlan(keyName, vintage, zone, fromN - DAY, toN + DAY);
  const series = pricesOnYearOne(await loader.splicedLookups(plan.segments), clock, { from, to, step: HOUR }, n, 1);
  laidYears.delete(key);
  if (laidYears.size >= CACHE_SIZE) laidYears.delete(laidYears.keys().next().value!);
  laidYears.set(key, { at: now, series });
  return series;
}

export function exportPricesByYear(
  loader: Pick<TariffContextLoader, 'splicedLookups'>,
  priced: readonly Rate[],
  vintage: number,
  zone: string,
  from: number,
  to: number,
): ExportPricesOfYear {
  return async (n, scale) => {
    const out = new Map<string, LookupSeries>();
    for (const r of priced) {
      const laid = await laidYear(loader, r.variableRateKey!, vintage, zone, { from, to }, n);
      out.set(lookupKey(r), { from: laid.from, to: laid.to, value: laid.value.map((v) => v / scale) });
    }
    return out;
  };
}
