// The export prices step of the savings analysis: under net billing at hourly export prices (a SELL rate naming a
// bundled export price key), each later year of the term is credited at that year's prices of the customer's
// vintage (locked for nine years, then floating), not at year one's escalated. Every year is billed on year one's
// hours and its bill then escalated by the utility's rate inflation (projection), so year n's prices are laid on
// year one's hours divided by year n's escalation: a bill scales with all its prices, so once escalated the year's
// charges have risen by the inflation and its export credits are the published prices of that year.
import { escalation } from '../../../engine/savings/term.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import type { AfterBill, ExportYears } from './types.ts';

/** Each year's export prices for a term of `years` (null: the after bill has no hourly export prices). */
export function exportYearsOf(
  after: AfterBill,
  bill: PreparedBill,
  years: number,
  utilityInflation: number,
): Promise<ExportYears> | null {
  const ofYear = bill.exportPricesOfYear;
  if (!ofYear) return null;
  const key = `${years}|${utilityInflation}`;
  let found = after.exportYears.get(key);
  if (!found) {
    found = Promise.all(
      Array.from({ length: years }, (_, n) => (n === 0 ? null : ofYear(n, escalation(utilityInflation, n)))),
    );
    after.exportYears.set(key, found);
  }
  return found;
}

/** The bill input of year `n`: the after bill's, with that year's export prices when they differ from year one's. */
export function withYearPrices<T extends { lookups: PreparedBill['input']['lookups'] }>(
  input: T,
  prices: ExportYears | null,
  n: number,
): T {
  const year = prices?.[n];
  return year ? { ...input, lookups: new Map([...input.lookups, ...year]) } : input;
}
