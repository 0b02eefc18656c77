// Year one month by month: a bill's cost split by the month its items fall in (the bills are monthly from the start
// of year one, so each item lies in one), by charge type, and the kWh drawn and sent in the month.
import type { BillResult } from '../bill/types.ts';
import type { MonthFigures } from './projection.ts';

export interface MonthDetail extends MonthFigures {
  importedKWh: number;
  exportedKWh: number;
  /** $ by charge type (FIXED_PRICE, CONSUMPTION_BASED, ..., NET_EXCESS_GENERATION for credits), to the cent. */
  charges: Record<string, number>;
}

const cents = (x: number) => Math.round(x * 100) / 100 + 0;
const kwh = (x: number) => Math.round(x * 1000) / 1000 + 0;

/**
 * `months` holds the 13 edges of the 12 months. `values` are kWh per interval of the grid (negative: sent). `sent`,
 * when the meter records more than the net (two meters: the whole PV output is sent), is the kWh sent per interval:
 * then each interval draws values + sent.
 */
export function monthFigures(
  result: BillResult | null,
  values: ArrayLike<number>,
  grid: { from: number; duration: number },
  months: readonly number[],
  sent?: ArrayLike<number>,
): MonthDetail[] {
  const out: MonthDetail[] = months.slice(0, -1).map((from, k) => ({
    period: { from, to: months[k + 1]! },
    kwh: 0,
    cost: 0,
    importedKWh: 0,
    exportedKWh: 0,
    charges: {},
  }));
  const monthOf = (t: number) => {
    let k = 0;
    while (k < out.length - 1 && t >= months[k + 1]!) k++;
    return out[k]!;
  };
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const t = grid.from + i * grid.duration;
    while (m < out.length - 1 && t >= months[m + 1]!) m++;
    const v = values[i]!;
    if (sent) {
      out[m]!.importedKWh += v + sent[i]!;
      out[m]!.exportedKWh += sent[i]!;
    } else if (v >= 0) out[m]!.importedKWh += v;
    else out[m]!.exportedKWh -= v;
  }
  for (const item of result?.items ?? []) {
    const month = monthOf(item.fromDateTime);
    month.cost += item.cost;
    month.charges[item.chargeType] = (month.charges[item.chargeType] ?? 0) + item.cost;
  }
  for (const month of out) {
    month.kwh = kwh(month.importedKWh - month.exportedKWh);
    month.importedKWh = kwh(month.importedKWh);
    month.exportedKWh = kwh(month.exportedKWh);
    for (const k of Object.keys(month.charges)) month.charges[k] = cents(month.charges[k]!);
  }
  return out;
}
