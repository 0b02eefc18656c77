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

/**
 * Year `n`'s export prices, as lookups keyed as the bill reads them, for the SELL rates that name a bundled export
 * price key; each price divided by `scale` (see pricesOnYearOne).
 */
export type ExportPricesOfYear = (n: number, scale: number) => Promise<Map<string, LookupSeries>>;

export function exportPricesByYear(
  loader: Pick<TariffContextLoader, 'splicedLookups'>,
  priced: readonly Rate[],
  vintage: number,
  zone: string,
  from: number,
  to: number,
): ExportPricesOfYear {
  return async (n, scale) => {
    const later = (ms: number) => DateTime.fromMillis(ms, { zone }).plus({ years: n }).toMillis();
    const [fromN, toN] = [later(from), later(to)];
    // One extra day each side: a DST change on another date in year n moves a few hours across the range's edges.
    const clock = localClock(zone, from, toN + 86_400_000);
    const out = new Map<string, LookupSeries>();
    for (const r of priced) {
      const plan = vintagePlan(r.variableRateKey!, vintage, zone, fromN - 86_400_000, toN + 86_400_000);
      const source = await loader.splicedLookups(plan.segments);
      out.set(lookupKey(r), pricesOnYearOne(source, clock, { from, to, step: HOUR }, n, scale));
    }
    return out;
  };
}
