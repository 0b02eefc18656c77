// The charges of one piece of a bill (a billing period, or the part of it under one tariff version): usage
// charges first (fixed, energy with tiers, demand, quantities), then the percentage riders and taxes on their
// base. Minimums and net excess generation are settled per billing period by the caller.
import type { Rate, RateBand, TariffVersion, TransactionType } from '../tariff/model.ts';
import { ownDemandKey, type BilledDemand } from './billing-demand.ts';
import type { Piece } from './piece.ts';
import type { Measure, Selection } from './selection.ts';
import type { BillInput } from './types.ts';

export interface RawItem {
  piece: Piece;
  rate: Rate;
  band: RateBand | null;
  quantityKey: string;
  quantity: number;
  /** Effective amount per unit (rate x calculation factor, or the lookup value), or the percentage. */
  amount: number;
  cost: number;
  tierLower: number | null;
  tierUpper: number | null;
  proration: number | null;
  demandAt: number | null;
  /** How the item spreads over the piece's intervals when grouped by day or hour. */
  weight: 'IMPORTED' | 'EXPORTED' | 'TIME';
}

export interface PieceContext {
  selection: Selection;
  input: BillInput;
  /** Applicability value of a key: the caller's, else the tariff's default (recorded as an assumption). */
  applicability(key: string, version: TariffVersion): string | null;
  /** The lookup value weighted over a rate's intervals; records missing values as an assumption. */
  lookupAmount(rate: Rate, piece: Piece, weight: TransactionType | 'TIME'): number;
  /** Demand given as a reading for the piece (kW), for a rate of the given TOU type, if any. */
  demandReading(piece: Piece, touType: string | null): number | null;
  /** The demand the rate bills: its peak (over its key's demand interval), a ratchet's floor, or the caller's value. */
  billedDemand(rate: Rate, piece: Piece, measured: BilledDemand, reading: number | null): BilledDemand;
  touTypeOf(rate: Rate): string | null;
  /** The export arrangement's ledger: the share of imported kWh net metering leaves to bill. */
  exports: { kwhFactor(rate: Rate, allTou: boolean): number };
}

export const isPercentage = (r: Rate) => r.bands.some((b) => b.rateUnit === 'PERCENTAGE');
const isSell = (t: TransactionType | null) => t === 'SELL' || t === 'SELL_EXPORT';
const sign = (band: RateBand | null, rate: Rate) => (band?.isCredit ? -1 : 1) * (isSell(rate.transactionType) ? -1 : 1);
export const isAfterTax = (r: Rate) => r.chargeClass.includes('AFTER_TAX');

/**
 * The bands that apply: all (the rate's own list, not a copy: a year's bill asks for every rate's in each of 12
 * pieces), or those whose applicabilityValue matches the property (none: the rate is out).
 */
export function applicableBands(
  rate: Rate,
  ctx: Pick<PieceContext, 'applicability'>,
  version: TariffVersion,
): readonly RateBand[] {
  if (rate.applicabilityKey === null) return rate.bands;
  const value = ctx.applicability(rate.applicabilityKey, version);
  return rate.bands.filter(
    (b) =>
      b.applicabilityValue === null || (value !== null && b.applicabilityValue.toLowerCase() === value.toLowerCase()),
  );
}

/** How many charge periods (months, days, ...) of the rate the piece holds, from the time the rate applied. */
export function periodsHeld(rate: Rate, piece: Piece, activeMs: number): number {
  const share = activeMs / piece.periodMs;
  switch (rate.chargePeriod) {
    case 'DAILY':
      return share * piece.periodDays;
    case 'HOURLY':
      return activeMs / 3_600_000;
    case 'ANNUALLY':
      return share / 12;
    case 'QUARTERLY':
      return share / 3;
    case 'ONE_TIME':
      return piece.first ? 1 : 0;
    default:
      return share;
  }
}

/** A band's amount (or the lookup value given) times its calculation factor. */
export const effective = (band: RateBand, amount = band.rateAmount) => amount * (band.calculationFactor ?? 1);

/**
 * An item of the piece. Its fields are written out rather than spread from `fields`, so that where this is inlined
 * the optimiser can leave the `fields` object unmade (a year's bill makes hundreds of items).
 */
function item(
  piece: Piece,
  rate: Rate,
  band: RateBand | null,
  fields: Partial<RawItem> & Pick<RawItem, 'quantityKey' | 'quantity' | 'amount' | 'cost'>,
): RawItem {
  return {
    piece,
    rate,
    band,
    quantityKey: fields.quantityKey,
    quantity: fields.quantity,
    amount: fields.amount,
    cost: fields.cost,
    tierLower: fields.tierLower ?? null,
    tierUpper: fields.tierUpper ?? null,
    proration: fields.proration ?? null,
    demandAt: fields.demandAt ?? null,
    weight: fields.weight ?? 'TIME',
  };
}

/** A charge type's items for a rate in a piece, pushed onto the piece's list (no list a rate). */
type ChargeItems = (
  out: RawItem[],
  rate: Rate,
  bands: readonly RateBand[],
  piece: Piece,
  m: Measure,
  ctx: PieceContext,
) => void;

const fixedCharge: ChargeItems = (out, rate, bands, piece, m, ctx) => {
  const held = periodsHeld(rate, piece, m.activeMs);
  if (held === 0) return;
  const lookup = rate.variableRateKey ? ctx.lookupAmount(rate, piece, 'TIME') : null;
  for (const b of bands) {
    const amount = effective(b, lookup ?? b.rateAmount);
    out.push(
      item(piece, rate, b, {
        quantityKey: 'fixed',
        quantity: held,
        amount,
        cost: sign(b, rate) * held * amount,
        proration: m.activeMs / piece.periodMs,
      }),
    );
  }
};

function energyQuantity(rate: Rate, m: Measure, allTou: boolean, ctx: PieceContext): number {
  const imp = allTou ? m.importedAllTou : m.imported;
  const exp = allTou ? m.exportedAllTou : m.exported;
  if (isSell(rate.transactionType)) return exp;
  // Under net metering the period's exports and carried credit are already netted out of the imports.
  const netted = ctx.exports.kwhFactor(rate, allTou);
  if (netted !== 1) return imp * netted;
  if (rate.transactionType === 'NET') return imp - exp;
  return imp;
}

/** Energy charges: tiers with limits per charge period scaled to the piece, counted on the rate's kWh or the total. */
const energyCharge: ChargeItems = (out, rate, bands, piece, m, ctx) => {
  if (m.activeMs === 0) return;
  const own = energyQuantity(rate, m, false, ctx);
  const tiered = bands.some((b) => b.consumptionUpperLimit !== null);
  const shared = tiered && rate.touId !== null && rate.tierScope === 'TOTAL';
  const counted = shared ? energyQuantity(rate, m, true, ctx) : own;
  const share = shared ? (counted === 0 ? 0 : own / counted) : 1;
  const scale = periodsHeld(rate, piece, m.activeMs);
  const lookup = rate.variableRateKey ? ctx.lookupAmount(rate, piece, rate.transactionType ?? 'BUY') : null;
  const weight = isSell(rate.transactionType) ? 'EXPORTED' : 'IMPORTED';
  const before = out.length;
  let lower = 0;
  for (const [k, b] of bands.entries()) {
    const upper = b.consumptionUpperLimit === null ? Infinity : b.consumptionUpperLimit * scale;
    // Negative net energy (a NET rate with more export than import) is credited at the first tier's price.
    const inTier = counted < 0 ? (k === 0 ? counted : 0) : Math.max(0, Math.min(counted, upper) - lower);
    const quantity = inTier * share;
    const amount = effective(b, lookup ?? b.rateAmount);
    if (quantity !== 0 || (k === 0 && out.length === before && (counted === 0 || !tiered))) {
      out.push(
        item(piece, rate, b, {
          quantityKey: 'consumption',
          quantity,
          amount,
          cost: sign(b, rate) * quantity * amount,
          tierLower: tiered ? lower : null,
          tierUpper: tiered && upper !== Infinity ? upper : null,
          proration: tiered ? scale : null,
          weight,
        }),
      );
    }
    if (!tiered) continue;
    lower = upper;
    if (counted <= upper) break;
  }
};

const demandCharge: ChargeItems = (out, rate, bands, piece, m, ctx) => {
  if (m.activeMs === 0) return;
  const reading = ctx.demandReading(piece, ctx.touTypeOf(rate));
  const billed = ctx.billedDemand(rate, piece, { kw: m.peakKw, at: m.peakAt }, reading);
  const peak = billed.kw;
  const quantityKey = ownDemandKey(rate) ?? 'demand';
  const proration = m.activeMs / piece.periodMs;
  const lookup = rate.variableRateKey ? ctx.lookupAmount(rate, piece, 'TIME') : null;
  const tiered = bands.some((b) => b.demandUpperLimit !== null);
  let lower = 0;
  for (const [k, b] of bands.entries()) {
    const upper = b.demandUpperLimit ?? Infinity;
    const quantity = tiered ? Math.max(0, Math.min(peak, upper) - lower) : peak;
    const amount = effective(b, lookup ?? b.rateAmount);
    if (quantity > 0 || k === 0) {
      out.push(
        item(piece, rate, b, {
          quantityKey,
          quantity,
          amount,
          cost: sign(b, rate) * quantity * amount * proration,
          tierLower: tiered ? lower : null,
          tierUpper: tiered && upper !== Infinity ? upper : null,
          proration,
          demandAt: billed.at,
        }),
      );
    }
    if (!tiered) break;
    lower = upper;
    if (peak <= upper) break;
  }
};

/** A quantity charge: the caller's value of the rate's quantity key, per charge period held. */
const quantityCharge: ChargeItems = (out, rate, bands, piece, m, ctx) => {
  const value = Number(ctx.input.properties.get(rate.quantityKey ?? '') ?? 0);
  const held = periodsHeld(rate, piece, m.activeMs);
  for (const b of bands) {
    const amount = effective(b);
    const quantity = (Number.isFinite(value) ? value : 0) * held;
    out.push(
      item(piece, rate, b, {
        quantityKey: rate.quantityKey ?? 'quantity',
        quantity,
        amount,
        cost: sign(b, rate) * quantity * amount,
        proration: m.activeMs / piece.periodMs,
      }),
    );
  }
};

/** Usage charges of the piece, percentage rates aside. */
export function usageCharges(piece: Piece, rates: readonly Rate[], ctx: PieceContext): RawItem[] {
  const out: RawItem[] = [];
  for (const rate of rates) {
    if (
      isPercentage(rate) ||
      rate.chargeType === 'MINIMUM' ||
      rate.chargeType === 'MAXIMUM' ||
      rate.chargeType === 'NET_EXCESS_GENERATION'
    )
      continue;
    const bands = applicableBands(rate, ctx, piece.version);
    if (bands.length === 0) continue;
    const m = ctx.selection.measure(rate, piece.i0, piece.i1);
    if (rate.chargeType === 'FIXED_PRICE') fixedCharge(out, rate, bands, piece, m, ctx);
    else if (rate.chargeType === 'CONSUMPTION_BASED' || rate.chargeType === 'TAX')
      energyCharge(out, rate, bands, piece, m, ctx);
    else if (rate.chargeType === 'DEMAND_BASED') demandCharge(out, rate, bands, piece, m, ctx);
    else if (rate.chargeType === 'QUANTITY') quantityCharge(out, rate, bands, piece, m, ctx);
  }
  return out;
}

/**
 * Percentage rates of the piece on their base: riders (any charge type but TAX) on the charges before tax, taxes on
 * those plus the riders. Charges classed AFTER_TAX stay out of both bases.
 */
export function percentageCharges(
  piece: Piece,
  rates: readonly Rate[],
  before: readonly RawItem[],
  ctx: PieceContext,
): RawItem[] {
  const out: RawItem[] = [];
  const baseOf = (items: readonly RawItem[]) =>
    items.reduce((sum, x) => (x.rate.chargeType === 'TAX' || isAfterTax(x.rate) ? sum : sum + x.cost), 0);
  const apply = (rate: Rate, base: number) => {
    const bands = applicableBands(rate, ctx, piece.version).filter((b) => b.rateUnit === 'PERCENTAGE');
    const m = ctx.selection.measure(rate, piece.i0, piece.i1);
    if (m.activeMs === 0) return;
    // A percentage rate limited to a season or dates takes that share of the piece's base.
    const share = m.activeMs / (piece.to - piece.from);
    const lookup = rate.variableRateKey ? ctx.lookupAmount(rate, piece, 'TIME') : null;
    for (const b of bands) {
      const percent = effective(b, lookup ?? b.rateAmount);
      out.push(
        item(piece, rate, b, {
          quantityKey: 'percentage',
          quantity: base * share,
          amount: percent,
          cost: (sign(b, rate) * base * share * percent) / 100,
          proration: share,
        }),
      );
    }
  };
  const { riders, taxes } = percentagesOf(rates);
  if (!riders.length && !taxes.length) return out;
  const riderBase = baseOf(before);
  for (const r of riders) apply(r, riderBase);
  const taxBase = riderBase + baseOf(out);
  for (const r of taxes) apply(r, taxBase);
  return out;
}

/** The percentage rates among a piece's rates, riders and taxes apart: found once per list (a bill's pieces share one). */
const percentages = new WeakMap<readonly Rate[], { riders: Rate[]; taxes: Rate[] }>();
function percentagesOf(rates: readonly Rate[]): { riders: Rate[]; taxes: Rate[] } {
  let known = percentages.get(rates);
  if (!known) {
    const all = rates.filter(isPercentage);
    known = { riders: all.filter((r) => r.chargeType !== 'TAX'), taxes: all.filter((r) => r.chargeType === 'TAX') };
    percentages.set(rates, known);
  }
  return known;
}
