// What bundleRates, applicableRatesOnly and filterRiderRates do to a listed version's rates (populateRates output).
// Pure: the service hands in the rates, the time window the listing is about and the riders' rates in that window.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { TariffRateBandSchema, TariffRateSchema } from './tariffs.schemas.ts';

type TariffRate = Static<typeof TariffRateSchema>;
type Band = Static<typeof TariffRateBandSchema>;

/** The instants the listing is about for one version: the listed day, or the part of the range the version covers. */
export interface Window {
  from: number;
  to: number;
}

export interface Shaping {
  bundleRates: boolean;
  applicableRatesOnly: boolean;
  filterRiderRates: boolean;
  territoryId?: number;
  /** Monthly kWh and kW. */
  consumption?: number;
  demand?: number;
}

export const shapes = (s: Shaping) => s.bundleRates || s.applicableRatesOnly || s.filterRiderRates;

/** A rate that names a rider instead of charging: the rider tariff's own rates apply in its place. */
export const isRiderPointer = (r: TariffRate) =>
  r.riderId !== null && r.chargeType === null && r.rateBands.length === 0;
/** A rider's rate: the pointer itself, or a rate bundled in its place. */
const isRiderRate = (r: TariffRate) => r.riderId !== null;

const millis = (iso: string | null) => (iso === null ? null : DateTime.fromISO(iso, { setZone: true }).toMillis());

/**
 * Whether a rate applies to the listing: its own dates meet the window; with a territory given, it has no territory or
 * that one; a rider pointer names a rider with rates in the window (`ridersInEffect`).
 */
function applies(rate: TariffRate, window: Window, s: Shaping, ridersInEffect: ReadonlySet<number>): boolean {
  const from = millis(rate.fromDateTime);
  const to = millis(rate.toDateTime);
  if (from !== null && from >= window.to) return false;
  if (to !== null && to <= window.from) return false;
  if (s.territoryId !== undefined && rate.territory !== null && rate.territory.territoryId !== s.territoryId)
    return false;
  if (isRiderPointer(rate) && !ridersInEffect.has(rate.riderId!)) return false;
  return true;
}

/**
 * The tiers a monthly figure reaches: bands are grouped by applicabilityValue; within a group, tiers (bands with an
 * upper limit) after the one holding `value` are dropped. The first tier of each group always stays. Only rates the
 * bill engine tiers on that quantity are trimmed: energy (CONSUMPTION_BASED, TAX) on monthly rates by consumption,
 * DEMAND_BASED by demand; a rate with a variableLimitKey keeps its bands (its limits come from a property).
 */
function reachedTiers(rate: TariffRate, quantity: 'consumption' | 'demand', value: number): Band[] {
  const limitOf = (b: Band) =>
    quantity === 'consumption'
      ? b.hasConsumptionLimit
        ? b.consumptionUpperLimit
        : null
      : b.hasDemandLimit
        ? b.demandUpperLimit
        : null;
  const tiered =
    quantity === 'consumption'
      ? (rate.chargeType === 'CONSUMPTION_BASED' || rate.chargeType === 'TAX') &&
        (rate.chargePeriod === null || rate.chargePeriod === 'MONTHLY')
      : rate.chargeType === 'DEMAND_BASED';
  if (!tiered || rate.variableLimitKey !== null || !rate.rateBands.some((b) => limitOf(b) !== null))
    return rate.rateBands;
  const lowerOf = new Map<string, number>();
  return rate.rateBands.filter((b) => {
    const group = b.applicabilityValue ?? '';
    const lower = lowerOf.get(group);
    const upper = limitOf(b);
    lowerOf.set(group, upper ?? Infinity);
    return lower === undefined || lower < value;
  });
}

/**
 * The version's rates as the listing asks:
 * - bundleRates: each rider pointer is replaced, in its place, by `riderRates` of that rider (the rates of the rider
 *   versions in effect in the window); a pointer whose rider has none there stays as it is.
 * - filterRiderRates: rider rates (pointers and bundled rates) that do not apply (see applies()) are dropped.
 * - applicableRatesOnly: every rate that does not apply is dropped, and with consumption or demand the tiers they do
 *   not reach (see reachedTiers()).
 */
export function shapeRates(
  rates: readonly TariffRate[],
  window: Window,
  s: Shaping,
  riderRates: ReadonlyMap<number, readonly TariffRate[]>,
): TariffRate[] {
  const ridersInEffect = new Set([...riderRates].filter(([, list]) => list.length > 0).map(([id]) => id));
  let out: TariffRate[] = [];
  for (const rate of rates) {
    const bundled = s.bundleRates && isRiderPointer(rate) ? riderRates.get(rate.riderId!) : undefined;
    if (bundled?.length)
      out.push(
        ...bundled.map((r) => ({
          ...r,
          riderId: rate.riderId,
          riderTariffId: r.tariffId,
          rateBands: r.rateBands.map((b) => ({ ...b })),
        })),
      );
    else out.push(rate);
  }
  if (s.filterRiderRates || s.applicableRatesOnly)
    out = out.filter((r) => (!s.applicableRatesOnly && !isRiderRate(r)) || applies(r, window, s, ridersInEffect));
  if (s.applicableRatesOnly) {
    out = out.map((r) => {
      let bands = r.rateBands;
      if (s.consumption !== undefined) bands = reachedTiers({ ...r, rateBands: bands }, 'consumption', s.consumption);
      if (s.demand !== undefined) bands = reachedTiers({ ...r, rateBands: bands }, 'demand', s.demand);
      return bands === r.rateBands ? r : { ...r, rateBands: bands };
    });
  }
  return out;
}
