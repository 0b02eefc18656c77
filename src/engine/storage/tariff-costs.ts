// A billing period's charges as a function of the meter's imports and exports, read from the same prepared tariff,
// selection (season, TOU, holidays, territory, applicability, dates), lookups and export arrangement as the bill
// engine, for the optimiser to minimise:
// - energy: $ per kWh imported and per kWh exported in each interval (TOU prices, lookup-priced rates such as hourly
//   export prices, SELL credits, NET rates), riders and taxes applied as the bill applies them to that piece;
// - tiers: blocks of kWh at rising prices (exact in a linear program), counted over the rate's intervals;
// - demand: a peak per demand rate over its hours (or over its key's demand intervals), tiers rising;
// - the period's minimum charge (the bill is the greater of its charges and the minimum);
// - the constant rest (fixed, quantity, demand the caller gave) so the model's total is the bill.
// What a linear program cannot state exactly is approximated and named in `approximations` (the answer says so).
import { applicabilityResolver, assumptionList, territoryAmong } from '../bill/assumptions.ts';
import { givenDemandKw, highestReading, isGivenDemand, ownDemandKey } from '../bill/billing-demand.ts';
import {
  applicableBands,
  effective,
  isAfterTax,
  isPercentage,
  type PieceContext,
  periodsHeld,
  usageCharges,
} from '../bill/charges.ts';
import { exportLedger, exportRulesFor } from '../bill/export-credits.ts';
import type { Piece } from '../bill/piece.ts';
import type { PreparedGrid } from '../bill/prepared.ts';
import { type BillInput, lookupKey } from '../bill/types.ts';
import type { GridUsage } from '../bill/usage.ts';
import { lookupReader } from '../price/smart-price.ts';
import type { Rate, RateBand, TariffVersion } from '../tariff/model.ts';

const HOUR = 3_600_000;

/** kWh in blocks at rising prices: cost is the sum over blocks of price x the kWh that fall in it. */
export interface TierBlock {
  /** Intervals (relative to the period's first) whose kWh count. */
  intervals: Int32Array;
  /** NET: imports less exports (below zero at the first price); IMPORT: imports. */
  side: 'IMPORT' | 'NET';
  /** kWh width of each block (the last Infinity) and its $/kWh, rising. */
  widths: number[];
  prices: number[];
  /** Whether the charge is before tax (counts toward the minimum), and what riders and taxes multiplied it by. */
  preTax: boolean;
  weight: number;
}

/** A demand charge: $/kW on the highest kW of its windows, in blocks at rising prices. */
export interface DemandBlock {
  /** Each window's intervals (relative) and the hours its kWh are averaged over. */
  windows: { intervals: Int32Array; hours: number }[];
  widths: number[];
  prices: number[];
  preTax: boolean;
  weight: number;
}

export interface PeriodCosts {
  /** The period's intervals on the grid, [i0, i1). */
  i0: number;
  i1: number;
  /** $ per kWh imported and per kWh exported (negative: credit), riders and taxes included. */
  importCost: Float64Array;
  exportCost: Float64Array;
  tiers: TierBlock[];
  demands: DemandBlock[];
  /** The constant part of the bill ($), riders and taxes included. */
  constant: number;
  /**
   * The period's minimum: before tax, the charges are raised to `amount`; the shortfall costs `multiplier` per $
   * (riders and taxes). `preTaxImport` / `preTaxExport` / `preTaxConstant`: the before-tax charges' own terms.
   */
  minimum: {
    amount: number;
    multiplier: number;
    preTaxImport: Float64Array;
    preTaxExport: Float64Array;
    preTaxConstant: number;
  } | null;
  /** How the period's riders and taxes multiply a before-tax dollar (per interval, relative). */
  multiplier: Float64Array;
}

export interface TariffCosts {
  periods: PeriodCosts[];
  /** What the model could not state exactly (said in the answer's assumptions). */
  approximations: string[];
}

const isSell = (r: Rate) => r.transactionType === 'SELL' || r.transactionType === 'SELL_EXPORT';
const signOf = (b: RateBand, r: Rate) => (b.isCredit ? -1 : 1) * (isSell(r) ? -1 : 1);
const rising = (prices: readonly number[]) => prices.every((p, k) => k === 0 || p >= prices[k - 1]! - 1e-12);

/**
 * The tariff's charges, period by period, for the optimiser. `base`: the usage without a battery (attached to the
 * prepared selection while reading; approximations are taken at it, such as the tier a declining block reaches).
 */
export function tariffCosts(prepared: PreparedGrid, input: BillInput, base: GridUsage): TariffCosts {
  const { grid, selection } = prepared;
  selection.attach(base);
  const { assume } = assumptionList();
  const approximations = new Set<string>();
  const rules = exportRulesFor(prepared.input.versions, input.exportOverride);
  const ledger = exportLedger(rules, selection, new Set(input.tous.keys()), assume);
  const netMetering = rules?.arrangement === 'NET_METERING';
  if (netMetering)
    approximations.add(
      "Net metering's monthly netting per TOU period is taken as crediting each exported kWh at that period's import price (exact while each period's net is an import)",
    );
  if (rules?.arrangement === 'NET_BILLING_CARRYOVER')
    approximations.add(
      'Export credit carried to later periods is valued at its face (exact when the credit is used before the true-up)',
    );
  const applicability = applicabilityResolver(input.properties, assume);
  const allRates = (v: TariffVersion): Rate[] => [...v.rates, ...input.extraRates];
  const demandReadings = input.readings.filter((r) => r.keyName === 'demand');
  const touTypeOf = (rate: Pick<Rate, 'touId'>): string | null => {
    const t = rate.touId === null ? undefined : input.tous.get(rate.touId);
    return t ? (input.touGroups.get(t.groupKey)!.tous[t.index]!.touType ?? null) : null;
  };
  const lookupAverage = (rate: Rate, piece: Piece) =>
    selection.lookupAverage(input.lookups.get(lookupKey(rate)), rate, piece.i0, piece.i1, 'TIME').value;
  // The constant charges are billed by the bill engine's own code, on a context that needs no usage.
  const constantCtx: PieceContext = {
    selection,
    input,
    applicability,
    lookupAmount: (rate, piece) => lookupAverage(rate, piece),
    demandReading: () => null,
    billedDemand: (_r, _p, measured) => measured,
    touTypeOf,
    exports: { kwhFactor: () => 1 },
  };

  const periods: PeriodCosts[] = [];
  for (const pieces of prepared.pieces) {
    if (pieces.length === 0) continue;
    const i0 = pieces[0]!.i0;
    const i1 = pieces.at(-1)!.i1;
    const n = i1 - i0;
    const pc: PeriodCosts = {
      i0,
      i1,
      importCost: new Float64Array(n),
      exportCost: new Float64Array(n),
      tiers: [],
      demands: [],
      constant: 0,
      minimum: null,
      multiplier: new Float64Array(n),
    };
    const preImport = new Float64Array(n);
    const preExport = new Float64Array(n);
    let preConstant = 0;
    let minimumAmount = 0;
    let hasMinimum = false;
    let lastMultiplier = 1;
    for (const piece of pieces) {
      const territory = territoryAmong(allRates(piece.version), input.territoryId, assume);
      const rates = allRates(piece.version).filter(
        (r) =>
          !r.chargeClass.some((c) => input.options.excludeChargeClasses.has(c)) &&
          (r.territoryId === null || r.territoryId === territory) &&
          !ledger.skips(r),
      );
      // Riders on the charges before tax, taxes on those and the riders: a before-tax dollar costs (1+R)(1+X).
      let riders = 0;
      let taxes = 0;
      for (const r of rates) {
        if (!isPercentage(r)) continue;
        const m = selection.measure(r, piece.i0, piece.i1);
        if (m.activeMs === 0) continue;
        const share = m.activeMs / (piece.to - piece.from);
        const lookup = r.variableRateKey ? lookupAverage(r, piece) : null;
        for (const b of applicableBands(r, { applicability }, piece.version)) {
          if (b.rateUnit !== 'PERCENTAGE') continue;
          const percent = signOf(b, r) * effective(b, lookup ?? b.rateAmount) * share;
          if (r.chargeType === 'TAX') taxes += percent / 100;
          else riders += percent / 100;
        }
      }
      const mult = (1 + riders) * (1 + taxes);
      lastMultiplier = mult;
      pc.multiplier.fill(mult, piece.i0 - i0, piece.i1 - i0);
      /** What a rate's $ costs in the bill, and whether it counts toward the minimum. */
      const weight = (r: Rate) => (r.chargeType === 'TAX' || isAfterTax(r) ? 1 : mult);
      const preTax = (r: Rate) => !(r.chargeType === 'TAX' || isAfterTax(r));

      for (const x of usageCharges(
        piece,
        rates.filter((r) => !isPercentage(r) && (r.chargeType === 'FIXED_PRICE' || r.chargeType === 'QUANTITY')),
        constantCtx,
      )) {
        pc.constant += x.cost * weight(x.rate);
        if (preTax(x.rate)) preConstant += x.cost;
      }

      for (const rate of rates) {
        if (isPercentage(rate)) continue;
        const bands = applicableBands(rate, { applicability }, piece.version);
        if (bands.length === 0) continue;
        const m = selection.measure(rate, piece.i0, piece.i1);
        if (m.activeMs === 0) continue;
        const own = selection.intervalsOf(rate, piece.i0, piece.i1, i0);
        const w = weight(rate);
        if (rate.chargeType === 'MINIMUM' && input.options.minimums) {
          if (rate.chargePeriod === 'ANNUALLY') {
            approximations.add('Annual minimum charges are left out of the optimisation (the bill applies them)');
            continue;
          }
          minimumAmount += effective(bands[0]!) * periodsHeld(rate, piece, m.activeMs);
          hasMinimum = true;
        } else if (rate.chargeType === 'MAXIMUM') {
          approximations.add('Maximum (bill cap) charges are left out of the optimisation (the bill applies them)');
        } else if (rate.chargeType === 'NET_EXCESS_GENERATION') {
          approximations.add('Net excess generation credits are left out of the optimisation (the bill applies them)');
        } else if (rate.chargeType === 'CONSUMPTION_BASED' || rate.chargeType === 'TAX') {
          energy(rate, bands, piece, m.activeMs, own, w, preTax(rate));
        } else if (rate.chargeType === 'DEMAND_BASED') {
          demand(rate, bands, piece, m.activeMs, own, w, preTax(rate));
        }
      }
    }
    if (hasMinimum)
      pc.minimum = {
        amount: minimumAmount,
        multiplier: lastMultiplier,
        preTaxImport: preImport,
        preTaxExport: preExport,
        preTaxConstant: preConstant,
      };
    // A credit above the lowest price an import may cost would pay to draw and send the same kWh: a linear program
    // cannot state what one meter nets, so the credit is capped there.
    const lowestTier = new Float64Array(n);
    for (const t of pc.tiers) {
      const low = Math.min(0, ...t.prices);
      for (const i of t.intervals) lowestTier[i] = Math.min(lowestTier[i]!, low);
    }
    for (let t = 0; t < n; t++) {
      const floor = -(pc.importCost[t]! + lowestTier[t]!);
      if (pc.exportCost[t]! < floor - 1e-12) {
        pc.exportCost[t] = floor;
        approximations.add(
          'Where an exported kWh earns more than an imported one costs, the optimiser counts the credit at the import price',
        );
      }
    }
    periods.push(pc);

    function energy(
      rate: Rate,
      bands: readonly RateBand[],
      piece: Piece,
      activeMs: number,
      own: Int32Array,
      w: number,
      pre: boolean,
    ) {
      const sell = isSell(rate);
      // Net metering nets a period's bought kWh against its sent ones: taken as a NET rate.
      const net = rate.transactionType === 'NET' || (netMetering && !sell);
      const tiered = bands.some((b) => b.consumptionUpperLimit !== null);
      const read = rate.variableRateKey ? lookupReader(input.lookups.get(lookupKey(rate))) : null;
      const add = (i: number, cost: number) => {
        const t = own[i]!;
        const target = sell ? pc.exportCost : pc.importCost;
        target[t]! += cost * w;
        if (net) pc.exportCost[t]! -= cost * w;
        if (pre) {
          (sell ? preExport : preImport)[t]! += cost;
          if (net) preExport[t]! -= cost;
        }
      };
      if (!tiered) {
        const costAt = (value: number | null) => {
          let cost = 0;
          for (const b of bands) cost += signOf(b, rate) * effective(b, value ?? b.rateAmount);
          return cost;
        };
        // A price of its own in each interval only where a lookup prices it.
        const fixed = read ? 0 : costAt(null);
        for (let i = 0; i < own.length; i++) add(i, read ? costAt(read(grid.bounds[own[i]! + i0]!) ?? 0) : fixed);
        return;
      }
      const scale = periodsHeld(rate, piece, activeMs);
      const prices = bands.map((b) => signOf(b, rate) * effective(b));
      const exact = !sell && !read && rising(prices) && !(rate.touId !== null && rate.tierScope === 'TOTAL');
      if (exact) {
        let lower = 0;
        const widths = bands.map((b) => {
          const upper = b.consumptionUpperLimit === null ? Number.POSITIVE_INFINITY : b.consumptionUpperLimit * scale;
          const width = Math.max(0, upper - lower);
          lower = upper;
          return width;
        });
        pc.tiers.push({
          intervals: Int32Array.from(own),
          side: net ? 'NET' : 'IMPORT',
          widths,
          prices: prices.map((p) => p * w),
          preTax: pre,
          weight: w,
        });
        return;
      }
      // Otherwise the price of the tier the usage without a battery reaches, counted as the bill counts it.
      approximations.add(
        'Tiered energy charges whose prices fall with use (or count kWh across TOU periods, or are priced by lookup) are priced at the tier the usage without a battery reaches',
      );
      const all = rate.touId !== null && rate.tierScope === 'TOTAL';
      const mask = new Uint8Array(n);
      for (const t of own) mask[t] = 1;
      let counted = 0;
      for (let t = 0; t < n; t++) {
        const i = t + i0;
        if (i < piece.i0 || i >= piece.i1 || !(mask[t] || all)) continue;
        counted += sell ? base.exported[i]! : base.imported[i]! - (net ? base.exported[i]! : 0);
      }
      const band =
        bands.find(
          (b) => b.consumptionUpperLimit === null || counted <= 0 || counted < b.consumptionUpperLimit * scale,
        ) ?? bands.at(-1)!;
      for (let i = 0; i < own.length; i++) {
        const value = read ? (read(grid.bounds[own[i]! + i0]!) ?? 0) : null;
        add(i, signOf(band, rate) * effective(band, value ?? band.rateAmount));
      }
    }

    function demand(
      rate: Rate,
      bands: readonly RateBand[],
      piece: Piece,
      activeMs: number,
      own: Int32Array,
      w: number,
      pre: boolean,
    ) {
      const proration = activeMs / piece.periodMs;
      const lookup = rate.variableRateKey ? lookupAverage(rate, piece) : null;
      const prices = bands.map((b) => signOf(b, rate) * effective(b, lookup ?? b.rateAmount) * proration);
      const tiered = bands.some((b) => b.demandUpperLimit !== null);
      const keyName = ownDemandKey(rate);
      const stored = keyName === null ? undefined : input.demandKeys.get(keyName);
      // A demand the caller gave, or a demand reading for the piece: the battery changes neither.
      const given = keyName !== null && isGivenDemand(stored) ? input.properties.get(keyName) : undefined;
      const reading = highestReading(demandReadings, piece.from, piece.to, touTypeOf(rate));
      const fixedKw = given !== undefined ? (givenDemandKw(given) ?? 0) : reading;
      if (fixedKw !== null) {
        const cost = demandCost(bands, prices, fixedKw, tiered);
        pc.constant += cost * w;
        if (pre) preConstant += cost;
        return;
      }
      if (stored?.lookback)
        approximations.add(
          "Demand ratchets: the optimiser shaves each period's own peak; the ratchet's floor from other periods is the bill's",
        );
      const minutes = stored?.intervalMinutes ?? null;
      const windows: { intervals: Int32Array; hours: number }[] = [];
      if (minutes !== null && grid.step < minutes * 60_000) {
        // Clock windows of the key's demand interval, as a meter with that interval reads them.
        let key = -1;
        let current: number[] = [];
        let start = 0;
        const close = () => {
          if (current.length) windows.push({ intervals: Int32Array.from(current), hours: minutes / 60 });
        };
        for (const t of own) {
          const i = t + i0;
          const k = grid.day[i]! * 1440 + Math.floor(grid.minute[i]! / minutes);
          if (k !== key || grid.bounds[i]! - start >= minutes * 60_000) {
            close();
            key = k;
            current = [];
            start = grid.bounds[i]!;
          }
          current.push(t);
        }
        close();
      } else {
        for (const t of own)
          windows.push({
            intervals: Int32Array.of(t),
            hours: (grid.bounds[t + i0 + 1]! - grid.bounds[t + i0]!) / HOUR,
          });
      }
      if (!tiered || rising(prices)) {
        let lower = 0;
        const widths = tiered
          ? bands.map((b) => {
              const upper = b.demandUpperLimit ?? Number.POSITIVE_INFINITY;
              const width = Math.max(0, upper - lower);
              lower = upper;
              return width;
            })
          : [Number.POSITIVE_INFINITY];
        // Untiered, the bill charges the peak at the first band.
        pc.demands.push({
          windows,
          widths,
          prices: (tiered ? prices : [prices[0]!]).map((p) => p * w),
          preTax: pre,
          weight: w,
        });
        return;
      }
      approximations.add(
        'Demand tiers whose prices fall with demand are priced at the tier the peak without a battery reaches',
      );
      let peak = 0;
      for (const win of windows) {
        let kwh = 0;
        for (const t of win.intervals) kwh += base.imported[t + i0]!;
        peak = Math.max(peak, kwh / win.hours);
      }
      let lower = 0;
      let k = bands.length - 1;
      for (let j = 0; j < bands.length; j++) {
        const upper = bands[j]!.demandUpperLimit ?? Number.POSITIVE_INFINITY;
        if (peak < upper) {
          k = j;
          break;
        }
        lower = upper;
      }
      const offset = demandCost(bands, prices, lower, true) - prices[k]! * lower;
      pc.constant += offset * w;
      if (pre) preConstant += offset;
      pc.demands.push({
        windows,
        widths: [Number.POSITIVE_INFINITY],
        prices: [prices[k]! * w],
        preTax: pre,
        weight: w,
      });
    }
  }
  return { periods, approximations: [...approximations] };
}

/** $ of a peak (kW) under demand bands with prorated prices, as the bill engine bills tiers. */
function demandCost(bands: readonly RateBand[], prices: readonly number[], kw: number, tiered: boolean): number {
  if (!tiered) return prices[0]! * kw;
  let lower = 0;
  let cost = 0;
  for (let k = 0; k < bands.length; k++) {
    const upper = bands[k]!.demandUpperLimit ?? Number.POSITIVE_INFINITY;
    cost += prices[k]! * Math.max(0, Math.min(kw, upper) - lower);
    lower = upper;
    if (kw <= upper) break;
  }
  return cost;
}
