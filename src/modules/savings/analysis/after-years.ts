// The bills step of the savings analysis, after solar: each year of the term billed on the after bill. All are billed
// on one grid of the after tariff over year one, prepared once for the designs that share it (its hours' seasons, TOU
// periods and billing periods). Year one is billed in full (its items make the months of the answer); later years
// need only the total, which the engine sums from the charges whatever the detail level, so they are billed without
// items; a year whose energy and export prices are year one's has year one's bill. With two meters (buy all / sell
// all) each year's usage and PV output are billed apart (after-year-input.ts).
import { exportRulesFor } from '../../../engine/bill/export-credits.ts';
import { prepareGrid, type PreparedGrid } from '../../../engine/bill/prepared.ts';
import type { BillResult } from '../../../engine/bill/types.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import { afterYearInput, sentIn, type YearInput } from './after-year-input.ts';
import { withYearPrices } from './export-years.ts';
import type { TermYear } from './term-years.ts';
import type { AfterBill, ExportYears, Usage } from './types.ts';

export interface AfterYears {
  /** Year one's bill, with its items, and the after tariff made ready over year one that billed it. */
  yearOne: BillResult;
  grid: PreparedGrid;
  /** Year one's net load, kWh per interval of the usage's grid. */
  yearOneNet: Float64Array;
  /** Year one's kWh sent per interval, as the after bill meters it (the PV output itself with two meters). */
  yearOneSent: Float64Array;
  /** Each year's bill total and net kWh, before escalation. */
  byYear: { cost: number; kwh: number }[];
}

export function billAfterYears(
  after: AfterBill,
  bill: PreparedBill,
  grid: Pick<Usage, 'from' | 'duration'>,
  years: Iterable<TermYear>,
  prices: ExportYears | null,
): AfterYears {
  let first: { result: BillResult; net: Float64Array; sent: Float64Array } | null = null;
  const twoMeters = exportRulesFor(bill.input.versions, bill.input.exportOverride)?.arrangement === 'BUY_ALL_SELL_ALL';
  const byYear: { cost: number; kwh: number }[] = [];
  const totalOnly = { ...bill.input.options, detailLevel: 'TOTAL' as const };
  // Later years' net loads, one after another in one array: a bill places its series and keeps nothing of it.
  let later: Float64Array | undefined;
  for (const year of years) {
    if (first && year.repeatsYearOne && !prices) {
      byYear.push({ ...byYear[0]! });
      continue;
    }
    if (first && !later) later = new Float64Array(year.usage.length);
    const { net, kwh, series }: YearInput = afterYearInput(year, grid, twoMeters, later);
    let result: BillResult;
    if (!first) {
      const input = { ...bill.input, series };
      after.grid ??= prepareGrid(input);
      result = bill.run(input, after.grid);
      first = { result, net, sent: sentIn(year, net, twoMeters) };
    } else {
      const input = withYearPrices(bill.input, prices, year.n);
      result = bill.run({ ...input, options: totalOnly, series }, after.grid!);
    }
    byYear.push({ cost: result.summary.totalCost, kwh });
  }
  if (!first) throw new RangeError('A term has at least one year');
  return { yearOne: first.result, grid: after.grid!, yearOneNet: first.net, yearOneSent: first.sent, byYear };
}
