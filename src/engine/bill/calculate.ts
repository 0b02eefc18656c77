// The bill engine: a pure function from a tariff, its time data and usage to a CalculatedCost's numbers.
// Steps: an interval grid in the tariff's zone, the range cut into billing periods and, inside them, pieces under one
// tariff version (prepared.ts: all that does not depend on the usage); usage placed on the grid; each piece's
// charges; minimums per period; percentage rates on their base; items shaped by detail level and grouping, rounded
// once.
import type { Rate, TariffVersion, TransactionType } from '../tariff/model.ts';
import { percentageCharges, usageCharges, type PieceContext, type RawItem } from './charges.ts';
import type { Piece } from './piece.ts';
import { billingDemand, highestReading } from './billing-demand.ts';
import { exportLedger, exportRulesFor } from './export-credits.ts';
import { intervalAt, type Grid } from './grid.ts';
import { buildItems } from './items.ts';
import { MAX_CHARGE, roundTo } from './money.ts';
import { fitsGrid, prepareGrid, type PreparedGrid } from './prepared.ts';
import { settlePeriod, settleYears } from './settlement.ts';
import { applicabilityResolver, assumptionList, territoryAmong } from './assumptions.ts';
import { BillInputError, lookupKey, type BillInput, type BillResult, type UsageSeries } from './types.ts';
import { type GridUsage, placeUsage, seriesOnGrid } from './usage.ts';

const HOUR = 3_600_000;

/**
 * The usage of `input` on the prepared grid, as its bill places it: readings that name a TOU period on the hours of
 * that type in the tariff's (first) TOU group; each interval's flows netted, except with two meters (buy all / sell
 * all), where load and generation stay apart. `reuse`: arrays the caller no longer needs (placeUsage).
 */
export function placeBillUsage(
  input: BillInput,
  prepared: PreparedGrid,
  reuse: Pick<GridUsage, 'imported' | 'exported'> | null = null,
): GridUsage {
  const rates = [...input.versions.flatMap((v) => v.rates), ...input.extraRates];
  const firstTou = rates.find((r) => r.touId !== null && input.tous.has(r.touId));
  const readingGroup = firstTou ? input.tous.get(firstTou.touId!)!.groupKey : null;
  const rules = exportRulesFor(input.versions, input.exportOverride);
  return placeUsage(
    prepared.grid,
    input.readings,
    input.series,
    (i) => (readingGroup === null ? null : prepared.selection.touTypeAt(readingGroup, i)),
    rules?.arrangement === 'BUY_ALL_SELL_ALL',
    reuse,
  );
}

/**
 * The usage the last bill on a prepared grid placed that is not kept aside (placedRecently: readings, several series,
 * a long grid): the next such bill on the grid places its own in the same arrays (a caller billing many usages on one
 * grid makes no new ones per bill). Bills on a grid run one at a time, and nothing of a bill's placed usage outlives
 * it but the grid's Selection, which the next attaches its own to.
 */
const placedOn = new WeakMap<PreparedGrid, GridUsage>();

/** A bill's usage totals: kWh net, kWh sent out, and the highest kW drawn over one interval. */
interface UsageTotals {
  kWh: number;
  exportedKwh: number;
  kW: number;
}

/**
 * Usage recently placed from one series on a grid's own intervals (usage.ts's fast path), with its totals: an account
 * billed on several tariffs over one range (a portfolio job's scenarios, a comparison) places the same series on
 * grids of the same intervals (a grid's bounds are its start, end and step), so its next bills take them as they are.
 * A few are kept, as a process's job slots bill their accounts in turn (two accounts' bills on one tariff between an
 * account's bills on the next). Kept usage owns its arrays: a placement writes into those of the oldest kept, which it
 * drops, so nothing kept is stale and a caller billing many usages (the savings analysis) makes no new arrays. Bills
 * run one at a time, each placing and reading its usage within its own synchronous call.
 */
interface Placed {
  series: UsageSeries;
  from: number;
  to: number;
  step: number;
  usage: GridUsage;
  totals: UsageTotals;
}
const placedRecently: Placed[] = [];
const PLACED_KEPT = 4;
/** Longer grids' usage is not kept aside (4 x 2 arrays of a year of minutes would be 34 MB held): a year of 15 minutes. */
const KEPT_MAX_INTERVALS = 366 * 96;

/** The bill's series when its placed usage may be kept (placed as it is, on a grid not too long); else null. */
function keepable(input: BillInput, grid: Grid, gross: boolean): UsageSeries | null {
  return grid.n <= KEPT_MAX_INTERVALS ? seriesOnGrid(grid, input.readings, input.series, gross) : null;
}

/** What `placedRecently` holds of a keepable series on the grid (undefined: it must be placed). */
function placedBefore(series: UsageSeries, grid: Grid): Placed | undefined {
  return placedRecently.find(
    (p) => p.series === series && p.step === grid.step && p.from === grid.bounds[0] && p.to === grid.bounds[grid.n],
  );
}

/** The bill's usage placed on the prepared grid, kept when it may serve again (`only`: its keepable series). */
function placeAndKeep(
  input: BillInput,
  prepared: PreparedGrid,
  only: UsageSeries | null,
): Pick<Placed, 'usage' | 'totals'> {
  const { grid } = prepared;
  if (!only) {
    // Not kept: placed into the arrays of the grid's bill before (placeUsage writes over them where it can).
    const usage = placeBillUsage(input, prepared, placedOn.get(prepared) ?? null);
    placedOn.set(prepared, usage);
    return { usage, totals: usageTotals(grid, usage) };
  }
  const oldest = placedRecently.length >= PLACED_KEPT ? placedRecently.pop()! : null;
  const reuse = oldest?.usage.imported.length === grid.n ? oldest.usage : null;
  const usage = placeBillUsage(input, prepared, reuse);
  const placed = {
    series: only,
    from: grid.bounds[0]!,
    to: grid.bounds[grid.n]!,
    step: grid.step,
    usage,
    totals: usageTotals(grid, usage),
  };
  placedRecently.unshift(placed);
  return placed;
}

/**
 * The bill of `given`. `prepared`: its tariff made ready for its grid (prepareGrid), when the caller bills many usages
 * on one tariff and range; it must have been prepared from an input sharing this one's tariff, range and time data.
 */
export function calculateBill(given: BillInput, prepared: PreparedGrid = prepareGrid(given)): BillResult {
  if (!fitsGrid(prepared, given))
    throw new RangeError("The prepared grid is of another tariff, range or step than the bill's");
  const input: BillInput = { ...given, versions: prepared.input.versions };
  const { clock, grid, periods, selection } = prepared;
  const { assumptions, assume } = assumptionList();
  for (const a of input.noted ?? []) assume(a);
  for (const s of prepared.stretches) {
    assume({
      keyName: 'tariffEffectiveOn',
      dataValue: String(s.version.tariffId),
      description: `No version of the tariff is in effect for this time: version ${s.version.tariffId}, the nearest, is applied`,
      fromDateTime: s.from,
      toDateTime: s.to,
      accuracy: 75,
    });
  }

  const allRates = (v: TariffVersion): Rate[] => [...v.rates, ...input.extraRates];
  const rules = exportRulesFor(input.versions, input.exportOverride);
  const gross = rules?.arrangement === 'BUY_ALL_SELL_ALL';
  const keptSeries = keepable(input, grid, gross);
  const { usage, totals } = (keptSeries && placedBefore(keptSeries, grid)) ?? placeAndKeep(input, prepared, keptSeries);
  selection.attach(usage);
  const ledger = exportLedger(rules, selection, new Set(input.tous.keys()), assume);

  const territoryOf = (v: TariffVersion): number | null => territoryAmong(allRates(v), input.territoryId, assume);
  // The rates a version bills: the same in every piece of it (a year of monthly bills has 12), so chosen once a bill.
  const billedRatesOf = new Map<TariffVersion, Rate[]>();
  const billedRates = (v: TariffVersion): Rate[] => {
    let rates = billedRatesOf.get(v);
    if (rates) return rates;
    const territory = territoryOf(v);
    rates = allRates(v).filter(
      (r) =>
        !r.chargeClass.some((c) => input.options.excludeChargeClasses.has(c)) &&
        (r.territoryId === null || r.territoryId === territory) &&
        !ledger.skips(r),
    );
    billedRatesOf.set(v, rates);
    return rates;
  };
  const touTypeOf = (rate: Pick<Rate, 'touId'>): string | null => {
    const t = rate.touId === null ? null : input.tous.get(rate.touId);
    return t ? (input.touGroups.get(t.groupKey)!.tous[t.index]!.touType ?? null) : null;
  };
  const billed = billingDemand({
    input,
    grid,
    selection,
    clock,
    periods,
    periodStart: prepared.periodStart,
    demandReadings: usage.demandReadings,
    assume,
    touTypeOf,
  });

  const ctx: PieceContext = {
    selection,
    input,
    applicability: applicabilityResolver(input.properties, assume),
    lookupAmount(rate: Rate, piece: Piece, weight: TransactionType | 'TIME') {
      const series = input.lookups.get(lookupKey(rate));
      const { value, uncovered } = selection.lookupAverage(series, rate, piece.i0, piece.i1, weight);
      if (uncovered > 0)
        assume({
          keyName: rate.variableRateKey!,
          dataValue: null,
          description: `No lookup value for ${Math.round(uncovered * 100)}% of the time the rate applied in a period: 0 is used there`,
          fromDateTime: piece.from,
          toDateTime: piece.to,
          accuracy: 50,
        });
      return value;
    },
    demandReading: (piece, touType) => highestReading(usage.demandReadings, piece.from, piece.to, touType),
    billedDemand: billed,
    touTypeOf,
    exports: ledger,
  };

  // Usage charges and each period's minimum; then annual minimums over whole years; then percentages on the result.
  // Periods in order: export credit carries from one to the next.
  const settledPeriods = [];
  const monthOf = (piece: Piece) => grid.days[grid.day[Math.min(grid.n - 1, piece.i0)]!]!.date.month;
  for (const pieces of prepared.pieces) {
    if (pieces.length === 0) continue;
    ledger.beginPeriod(pieces);
    const settled = pieces.map((piece) => {
      const rates = billedRates(piece.version);
      return { piece, rates, items: usageCharges(piece, rates, ctx) };
    });
    ledger.endPeriod(settled, monthOf(pieces[0]!));
    settlePeriod(settled, ctx, input.options.minimums);
    ledger.trueUp(settled, monthOf(pieces[0]!));
    settledPeriods.push(settled);
  }
  ledger.finish(settledPeriods.length ? monthOf(settledPeriods.at(-1)![0]!.piece) : null);
  if (input.options.minimums) {
    const partial = settleYears(
      settledPeriods,
      (t) => grid.days[grid.day[Math.min(grid.n - 1, intervalAt(grid, t))]!]!.date.year,
      clock,
      ctx,
    );
    if (partial)
      assume({
        keyName: 'annualMinimum',
        dataValue: null,
        description: 'The tariff has an annual minimum, compared only over whole calendar years of the range',
        fromDateTime: null,
        toDateTime: null,
        accuracy: 75,
      });
  }
  const raw: RawItem[] = [];
  for (const settled of settledPeriods)
    for (const s of settled) raw.push(...s.items, ...percentageCharges(s.piece, s.rates, s.items, ctx));
  // Absurd inputs (a demand of 1e308 kW) must be refused, not rounded: past this no cent is exact.
  let total = 0;
  for (const x of raw) {
    total += Math.abs(x.cost);
    if (!(total < MAX_CHARGE))
      throw new BillInputError(
        x.rate.tariffRateId < 0 ? 'rateInputs' : 'propertyInputs',
        `The inputs give charges of ${Number.isFinite(total) ? `over ${MAX_CHARGE.toExponential()} dollars` : 'no finite amount'} (${x.rate.rateName}): more than a bill can be computed to the cent`,
      );
  }

  if (usage.spreadFlat) {
    const timeDependent = input.versions.some((v) =>
      allRates(v).some((r) => r.touId !== null || r.chargeType === 'DEMAND_BASED' || r.variableRateKey !== null),
    );
    assume({
      keyName: 'consumption',
      dataValue: null,
      description: 'Totals were spread over their range by a flat profile',
      fromDateTime: input.from,
      toDateTime: input.to,
      accuracy: timeDependent ? 50 : 90,
    });
  }
  if (!input.series.length && !input.readings.length) {
    assume({
      keyName: 'consumption',
      dataValue: '0',
      description: 'No usage given: zero kWh billed (only charges that do not depend on usage are real)',
      fromDateTime: input.from,
      toDateTime: input.to,
      accuracy: 25,
    });
  }
  const { kWh, exportedKwh } = totals;
  let { kW } = totals;
  const creditsExports =
    rules?.arrangement === 'NET_METERING' ||
    input.versions.some((v) =>
      allRates(v).some(
        (r) =>
          r.transactionType === 'SELL' ||
          r.transactionType === 'SELL_EXPORT' ||
          r.transactionType === 'NET' ||
          r.chargeType === 'NET_EXCESS_GENERATION',
      ),
    );
  if (exportedKwh > 0 && !creditsExports) {
    assume({
      keyName: 'consumption',
      dataValue: String(roundTo(exportedKwh, 6)),
      description:
        'Energy sent to the grid (kWh) is not credited: the tariff has no rate for exported energy (SELL, NET or NET_EXCESS_GENERATION)',
      fromDateTime: input.from,
      toDateTime: input.to,
      accuracy: 75,
    });
  }
  for (const [key, value] of input.properties)
    assume({
      keyName: key,
      dataValue: value,
      description: 'Given',
      fromDateTime: null,
      toDateTime: null,
      accuracy: 100,
    });

  const tous = new Map<number, { touName: string; touType: string | null }>();
  for (const [touId, t] of input.tous) tous.set(touId, input.touGroups.get(t.groupKey)!.tous[t.index]!);
  const { items, summary } = buildItems(raw, input.options.detailLevel, input.options.groupBy, {
    grid,
    selection,
    imported: usage.imported,
    exported: usage.exported,
    touName: (id) => {
      const t = id === null ? undefined : tous.get(id);
      return { touName: t?.touName ?? null, touType: t?.touType ?? null };
    },
    seasonName: (id) => (id === null ? null : (input.seasons.get(id)?.seasonName ?? null)),
  });

  // Demand readings dated before the range are history for ratchets, not this bill's demand.
  for (const r of usage.demandReadings) if (r.to > input.from) kW = Math.max(kW, r.value);
  const accuracy = assumptions.reduce((a, x) => Math.min(a, x.accuracy), 100);
  return { items, summary: { ...summary, kWh: roundTo(kWh, 6), kW: roundTo(kW, 6) }, assumptions, accuracy };
}

/**
 * The usage's totals in one pass (typed-array loops: a reduce over a typed array is several times slower). Every
 * interval but the last is one step long, so the highest kW among them is that of the most kWh (x -> x h / step
 * rounds monotonically): one division, not one per interval.
 */
function usageTotals(grid: Grid, usage: GridUsage): UsageTotals {
  let kWh = 0;
  let exportedKwh = 0;
  let mostKwh = 0;
  const { imported, exported } = usage;
  const last = grid.n - 1;
  for (let i = 0; i < last; i++) {
    const a = imported[i]!;
    const b = exported[i]!;
    kWh += a - b;
    exportedKwh += b;
    if (a > mostKwh) mostKwh = a;
  }
  let kW = (mostKwh * HOUR) / grid.step;
  if (last >= 0) {
    const a = imported[last]!;
    const b = exported[last]!;
    kWh += a - b;
    exportedKwh += b;
    const kw = (a * HOUR) / (grid.bounds[last + 1]! - grid.bounds[last]!);
    if (kw > kW) kW = kw;
  }
  return { kWh, exportedKwh, kW };
}
