// What the bill engine takes and gives. Instants are epoch milliseconds; quantities are already in kWh and kW
// (the service converts units, applies dataFactor and the operator sign before the engine sees them).
import type { CivilDate } from '../calendar/civil-date.ts';
import type { SeasonDef } from '../time/seasons.ts';
import type { CompiledTouGroup } from '../time/tou-schedule.ts';
import type { ChargeType, ExportRules, Rate, TariffVersion, TransactionType } from '../tariff/model.ts';

/** QUANTITY_KEY: one item per quantity key (fixed, consumption, demand, minimum, ...) in each group. */
export const DETAIL_LEVELS = ['TOTAL', 'CHARGE_TYPE', 'CHARGE_TYPE_AND_TOU', 'RATE', 'QUANTITY_KEY', 'ALL'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];
/** NONE: no grouping asked for, the natural one (one group per billing period), as when groupBy is left out. */
export const GROUP_BYS = ['NONE', 'ALL', 'YEAR', 'MONTH', 'DAY', 'HOUR', 'QTRHOUR'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** A total over a time range (spread flat over it), optionally only over the hours of one TOU type. */
export interface UsageReading {
  keyName: 'consumption' | 'demand';
  from: number;
  to: number;
  value: number;
  /** A TOU type (ON_PEAK, ...): the value belongs to the hours of that type within the range. */
  period: string | null;
  /** Where the reading came from in the request, to name it in an error. */
  field: string;
}

/** Equal-length values from `from`, one per `duration` ms (kWh for consumption; negative values are exports). */
export interface UsageSeries {
  keyName: 'consumption';
  from: number;
  duration: number;
  values: ArrayLike<number>;
  exports: ArrayLike<number> | null;
}

/** How lookup series are keyed in BillInput.lookups: a rate's variableRateKey and sub key. */
export const lookupKey = (rate: { variableRateKey: string | null; variableRateSubKey: string | null }): string =>
  `${rate.variableRateKey}\u0000${rate.variableRateSubKey ?? ''}`;

export interface LookupSeries {
  from: Float64Array;
  to: Float64Array;
  value: Float64Array;
}

/**
 * How a DEMAND property key's value is found over earlier billing periods (a demand ratchet): the billing demand of a
 * period is the greater of its own peak and `factor` x the highest demand of the current and the `periods` billing
 * periods before it, counting only demand in the season and TOU named.
 */
export interface DemandLookback {
  periods: number;
  factor: number;
  seasonId: number | null;
  touId: number | null;
}

/**
 * A DEMAND key a demand rate names as its quantityKey (any key but `demand` itself): measured (with a lookback or a
 * demand interval) or, without either, a demand the caller gives.
 */
export interface DemandKey {
  keyName: string;
  displayName: string | null;
  /** Its formula as stored (shown on items with fields=ext). */
  formula: string | null;
  /** Demand is the average kW over clock intervals of this many minutes (null: over each interval of the data). */
  intervalMinutes: number | null;
  /** null: a demand the caller gives (such as the demand coincident with the system peak), not a ratchet. */
  lookback: DemandLookback | null;
}

export interface Assumption {
  keyName: string;
  displayName: string | null;
  description: string;
  dataValue: string | null;
  fromDateTime: number | null;
  toDateTime: number | null;
  accuracy: number;
}

export interface BillOptions {
  /** The range is an actual billing cycle: bills start at `from` and run a month each, fixed charges whole. */
  billingPeriod: boolean;
  minimums: boolean;
  excludeChargeClasses: ReadonlySet<string>;
  detailLevel: DetailLevel;
  /** null (or NONE): one group per billing period (the natural grouping). */
  groupBy: GroupBy | null;
}

export interface BillInput {
  from: number;
  to: number;
  zone: string;
  /** Versions of the master tariff that meet the range, in order (or the single one chosen by tariffEffectiveOn). */
  versions: readonly TariffVersion[];
  /** The versions apply over the whole range when the caller fixed the version with tariffEffectiveOn. */
  versionFixed: boolean;
  seasons: ReadonlyMap<number, SeasonDef>;
  touGroups: ReadonlyMap<string, CompiledTouGroup>;
  /** touId -> its group key and index within the group's TOUs. */
  tous: ReadonlyMap<number, { groupKey: string; index: number }>;
  calendarsOn: (date: CivilDate) => ReadonlySet<number>;
  /** Lookup values by lookupKey(rate). */
  lookups: ReadonlyMap<string, LookupSeries>;
  readings: readonly UsageReading[];
  series: readonly UsageSeries[];
  /** Applicability and quantity properties given by the caller. */
  properties: ReadonlyMap<string, string>;
  /** The DEMAND keys that demand rates name as quantityKey (by keyName). */
  demandKeys: ReadonlyMap<string, DemandKey>;
  territoryId: number | null;
  /** Extra rates: the caller's rateInputs and the utility taxes of the address, applied in every version. */
  extraRates: readonly Rate[];
  /** The caller's export arrangement and true-up terms, over the tariff's (what-if studies); null: the tariff's. */
  exportOverride: Partial<ExportRules> | null;
  /** What the caller's side assumed before the engine ran (a typical baseline for missing usage), said first. */
  noted?: readonly Omit<Assumption, 'displayName'>[];
  options: BillOptions;
}

export interface BillItem {
  tariffId: number;
  tariffRateId: number | null;
  tariffRateBandId: number | null;
  rateSequenceNumber: number | null;
  rateGroupName: string;
  rateName: string;
  fromDateTime: number;
  toDateTime: number;
  quantityKey: string;
  rateType: string;
  rateAmount: number;
  tierLowerLimit: number | null;
  tierUpperLimit: number | null;
  itemQuantity: number;
  cost: number;
  rateProration: number | null;
  chargeType: ChargeType;
  chargeClass: string | null;
  period: string | null;
  demandInterval: number | null;
  duration: number;
  touId: number | null;
  touName: string | null;
  seasonId: number | null;
  seasonName: string | null;
  transactionType: TransactionType | null;
}

export interface BillSummary {
  subTotalCost: number;
  /** The part of subTotalCost added by MINIMUM charges (the shortfall below a minimum bill). */
  preTaxMinimumCost: number;
  /** The part of subTotalCost taken off by MAXIMUM charges (0 or negative). */
  preTaxMaximumCost: number;
  taxCost: number;
  totalCost: number;
  adjustedTotalCost: number;
  /** The cost of the charges classed NON_BYPASSABLE, whatever their part of the bill. */
  nonBypassableCost: number;
  kWh: number;
  kW: number;
}

export interface BillResult {
  items: BillItem[];
  summary: BillSummary;
  assumptions: Assumption[];
  accuracy: number;
}

export class BillInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
