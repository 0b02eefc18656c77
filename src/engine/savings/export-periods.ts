// Year one's exports month by month and by TOU period: the kWh sent and the credit they earned, split by the TOU
// periods of the tariff's import energy rates (E-ELEC: peak, part-peak, off-peak), so that a customer sees what an
// export is worth when. The credit is the bill's own: each SELL charge the engine billed (its items' cost, tiers and
// bands included) is shared among the hours it covers by what each hour earned, kWh sent x that hour's price (its
// lookup value for hourly prices, else the same for every hour). Credit carried or expired by the export arrangement
// (net billing's carryover, a true-up) is not split: it is the month's, not an hour's.
import type { PreparedGrid } from '../bill/prepared.ts';
import { intervalAt } from '../bill/grid.ts';
import { lookupKey, type BillItem, type BillResult, type LookupSeries } from '../bill/types.ts';
import type { Rate } from '../tariff/model.ts';

export interface ExportPeriod {
  /** The TOU period's name (null: the tariff's energy rates have no TOU periods, or the hour is in none). */
  touName: string | null;
  exportedKWh: number;
  /** $ credited (positive), to the cent; null when no SELL rate credits exports (net metering nets kWh instead). */
  exportCredit: number | null;
}

const isSell = (t: string | null) => t === 'SELL' || t === 'SELL_EXPORT';
const cents = (x: number) => Math.round(x * 100) / 100 + 0;
const kwh = (x: number) => Math.round(x * 1000) / 1000 + 0;

/** The TOU group the import energy rates are priced by (the first such rate's), or null. */
function importGroup(prepared: PreparedGrid): string | null {
  for (const v of prepared.input.versions)
    for (const r of v.rates) {
      if (r.chargeType !== 'CONSUMPTION_BASED' || isSell(r.transactionType) || r.touId === null) continue;
      const tou = prepared.input.tous.get(r.touId);
      if (tou) return tou.groupKey;
    }
  return null;
}

/** The price of interval i under a lookup series (a cursor: intervals are read in order). */
function lookupReader(series: LookupSeries | undefined) {
  let k = 0;
  return (t: number): number => {
    if (!series) return 0;
    if (k < series.from.length && series.from[k]! > t) k = 0;
    while (k < series.from.length && series.to[k]! <= t) k++;
    return k < series.from.length && series.from[k]! <= t ? series.value[k]! : 0;
  };
}

/**
 * `sent`: kWh sent per interval of the prepared grid (the net load's negative part; with two meters the whole PV
 * output). `months`: the 13 edges of year one's months.
 * One list per month, in the TOU group's order, of the periods that sent anything.
 */
export function exportPeriods(
  prepared: PreparedGrid,
  result: BillResult,
  sent: ArrayLike<number>,
  months: readonly number[],
): ExportPeriod[][] {
  const { grid, selection, input } = prepared;
  const out: ExportPeriod[][] = months.slice(0, -1).map(() => []);
  if (sent.length !== grid.n) return out;
  const group = importGroup(prepared);
  const index = group ? selection.touIndexOf(group) : null;
  const names = group ? input.touGroups.get(group)!.tous.map((t) => t.touName) : [];
  const bucketOf = (i: number) => (index ? index[i]! : -1);
  // Per month and bucket (-1: no TOU period), kWh and credit.
  const sums = out.map(() => new Map<number, { kwh: number; credit: number }>());
  const monthOf = new Int16Array(grid.n);
  for (let i = 0, m = 0; i < grid.n; i++) {
    while (m < sums.length - 1 && grid.bounds[i]! >= months[m + 1]!) m++;
    monthOf[i] = m;
  }
  const at = (m: number, b: number) => {
    let s = sums[m]!.get(b);
    if (!s) {
      s = { kwh: 0, credit: 0 };
      sums[m]!.set(b, s);
    }
    return s;
  };
  for (let i = 0; i < grid.n; i++) if (sent[i]! > 0) at(monthOf[i]!, bucketOf(i)).kwh += sent[i]!;

  const rates = new Map<number, Rate>();
  for (const v of input.versions) for (const r of v.rates) rates.set(r.tariffRateId, r);
  for (const r of input.extraRates) rates.set(r.tariffRateId, r);
  let credited = false;
  for (const item of result.items) {
    const rate = sellRate(item, rates);
    if (!rate) continue;
    credited = true;
    if (item.cost === 0) continue;
    const price = rate.variableRateKey ? lookupReader(input.lookups.get(lookupKey(rate))) : () => 1;
    const match = selection.matcher(rate);
    const i0 = intervalAt(grid, item.fromDateTime);
    const i1 = intervalAt(grid, item.toDateTime);
    let whole = 0;
    const earned = new Float64Array(i1 - i0);
    for (let i = i0; i < i1; i++) {
      if (!(sent[i]! > 0) || !match.season(i) || !match.tou(i)) continue;
      earned[i - i0] = sent[i]! * price(grid.bounds[i]!);
      whole += earned[i - i0]!;
    }
    if (whole === 0) continue;
    for (let i = i0; i < i1; i++)
      if (earned[i - i0]) at(monthOf[i]!, bucketOf(i)).credit += (-item.cost * earned[i - i0]!) / whole;
  }
  return sums.map((m) =>
    [...m.entries()]
      .sort(([a], [b]) => a - b)
      .map(([b, s]) => ({
        touName: b < 0 ? null : names[b]!,
        exportedKWh: kwh(s.kwh),
        exportCredit: credited ? cents(s.credit) : null,
      })),
  );
}

/** The tariff's or caller's SELL rate an item bills (not the export ledger's own items, whose ids are negative). */
function sellRate(item: BillItem, rates: ReadonlyMap<number, Rate>): Rate | null {
  if (item.tariffRateId === null || !isSell(item.transactionType)) return null;
  const rate = rates.get(item.tariffRateId);
  return rate && rate.chargeType === 'CONSUMPTION_BASED' ? rate : null;
}
