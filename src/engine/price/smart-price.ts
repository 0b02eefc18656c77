// The marginal price of energy interval by interval: what one more kWh costs at each time, from the same rates,
// selection (season, TOU with holidays, territory, applicability, dates) and lookups as the bill engine. Counted:
// energy rates (CONSUMPTION_BASED, and per-kWh TAX rates) on imported energy at the band the assumed monthly
// consumption reaches, then the tariff's percentage riders and percentage taxes on that price, as the bill applies
// them. Not counted: fixed, demand, quantity, minimum and export (SELL) charges, which one more kWh does not change.
import { daysInMonth } from '../calendar/civil-date.ts';
import { applicabilityResolver, assumptionList, territoryAmong } from '../bill/assumptions.ts';
import { applicableBands, effective, isPercentage } from '../bill/charges.ts';
import { buildGrid } from '../bill/grid.ts';
import { Selection } from '../bill/selection.ts';
import { lookupKey, type Assumption, type BillInput, type LookupSeries } from '../bill/types.ts';
import { localClock } from '../time/local-clock.ts';
import type { Rate, RateBand } from '../tariff/model.ts';

export interface PriceInput extends Omit<BillInput, 'readings' | 'series' | 'options' | 'extraRates' | 'demandKeys'> {
  /** Grid step (ms): one hour. */
  step: number;
  /** Monthly kWh that chooses the tier band; null: the highest band. */
  consumptionAmount: number | null;
}

export interface PricePoint {
  from: number;
  to: number;
  /** $/kWh. */
  amount: number;
  /** What the time is called: the TOU's name, else the season's, else "All hours". */
  name: string;
}

/** The band's signed amount: credits are negative. */
const signed = (b: RateBand, amount: number) => effective(b, amount) * (b.isCredit ? -1 : 1);

/** The band the next kWh falls in, for a month of `monthKWh` (limits per day scale with the month's days). */
function bandAt(
  rate: Rate,
  bands: readonly RateBand[],
  monthKWh: number | null,
  daysOfMonth: number,
): RateBand | undefined {
  if (!bands.some((b) => b.consumptionUpperLimit !== null)) return bands[0];
  if (monthKWh === null) return bands.at(-1);
  const scale = rate.chargePeriod === 'DAILY' ? daysOfMonth : 1;
  return (
    bands.find((b) => b.consumptionUpperLimit === null || monthKWh < b.consumptionUpperLimit * scale) ?? bands.at(-1)
  );
}

/** Lookup value in force at an instant (a cursor per series: instants arrive in order). */
export function lookupReader(series: LookupSeries | undefined) {
  let k = 0;
  return (t: number): number | null => {
    if (!series) return null;
    while (k < series.from.length && series.to[k]! <= t) k++;
    return k < series.from.length && series.from[k]! <= t ? series.value[k]! : null;
  };
}

export function marginalPrices(input: PriceInput): { points: PricePoint[]; assumptions: Assumption[] } {
  const clock = localClock(input.zone, input.from, input.to);
  const grid = buildGrid(input.from, input.to, input.step, clock);
  const billInput: BillInput = {
    ...input,
    readings: [],
    series: [],
    extraRates: [],
    demandKeys: new Map(),
    options: {
      billingPeriod: false,
      minimums: false,
      excludeChargeClasses: new Set(),
      detailLevel: 'TOTAL',
      groupBy: null,
    },
  };
  const selection = new Selection(grid, billInput);
  const { assumptions, assume } = assumptionList();
  const ctx = { applicability: applicabilityResolver(input.properties, assume) };
  if (input.consumptionAmount === null)
    assume({
      keyName: 'consumptionAmount',
      dataValue: null,
      description: 'Not given: tiered rates are priced at their highest band',
      fromDateTime: null,
      toDateTime: null,
      accuracy: 75,
    });

  const points: PricePoint[] = [];
  for (const version of input.versions) {
    const territory = territoryAmong(version.rates, input.territoryId, assume);
    const rates = version.rates.filter((r) => r.territoryId === null || r.territoryId === territory);
    const energy = rates
      .filter(
        (r) =>
          (r.chargeType === 'CONSUMPTION_BASED' || r.chargeType === 'TAX') &&
          !isPercentage(r) &&
          r.transactionType !== 'SELL' &&
          r.transactionType !== 'SELL_EXPORT',
      )
      .map((r) => ({
        rate: r,
        bands: applicableBands(r, ctx, version),
        match: selection.matcher(r),
        lookup: lookupReader(r.variableRateKey === null ? undefined : input.lookups.get(lookupKey(r))),
      }))
      .filter((x) => x.bands.length > 0);
    const percents = rates.filter(isPercentage).map((r) => ({
      rate: r,
      bands: applicableBands(r, ctx, version).filter((b) => b.rateUnit === 'PERCENTAGE'),
      match: selection.matcher(r),
      lookup: lookupReader(r.variableRateKey === null ? undefined : input.lookups.get(lookupKey(r))),
    }));
    for (let i = 0; i < grid.n; i++) {
      const t = grid.bounds[i]!;
      if (t < version.from || (version.to !== null && t >= version.to)) continue;
      const date = grid.days[grid.day[i]!]!.date;
      let price = 0;
      let name: string | null = null;
      for (const e of energy) {
        if (!e.match.season(i) || !e.match.tou(i)) continue;
        const band = bandAt(e.rate, e.bands, input.consumptionAmount, daysInMonth(date.year, date.month));
        if (!band) continue;
        const value = e.rate.variableRateKey === null ? band.rateAmount : e.lookup(t);
        if (value === null)
          assume({
            keyName: e.rate.variableRateKey!,
            dataValue: null,
            description: 'No lookup value for part of the window: 0 is used there',
            fromDateTime: null,
            toDateTime: null,
            accuracy: 50,
          });
        price += signed(band, value ?? 0);
        if (e.rate.touId !== null) name ??= touName(input, e.rate.touId);
        else if (e.rate.seasonId !== null) name ??= input.seasons.get(e.rate.seasonId)?.seasonName ?? null;
      }
      // Riders on the energy price, then taxes on both: the bill's order.
      let riders = 0;
      let taxes = 0;
      for (const p of percents) {
        if (!p.match.season(i)) continue;
        const value = p.rate.variableRateKey === null ? null : p.lookup(t);
        for (const b of p.bands) {
          const percent = signed(b, value ?? b.rateAmount);
          if (p.rate.chargeType === 'TAX') taxes += percent;
          else riders += percent;
        }
      }
      points.push({
        from: t,
        to: grid.bounds[i + 1]!,
        amount: price * (1 + riders / 100) * (1 + taxes / 100),
        name: name ?? 'All hours',
      });
    }
  }
  return { points, assumptions };
}

function touName(input: PriceInput, touId: number): string | null {
  const tou = input.tous.get(touId);
  return tou ? (input.touGroups.get(tou.groupKey)!.tous[tou.index]!.touName ?? null) : null;
}
