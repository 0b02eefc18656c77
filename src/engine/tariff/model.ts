// The tariff as the bill engine reads it: versions with their rates and bands, instants as epoch milliseconds.
// The service maps stored rows into this shape (riders already expanded into rates), so the engine never sees SQL.

export const CHARGE_TYPES = [
  'FIXED_PRICE',
  'CONSUMPTION_BASED',
  'DEMAND_BASED',
  'QUANTITY',
  'MINIMUM',
  'MAXIMUM',
  'TAX',
  'NET_EXCESS_GENERATION',
] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CHARGE_CLASSES = [
  'SUPPLY',
  'TRANSMISSION',
  'DISTRIBUTION',
  'TAX',
  'CONTRACTED',
  'USER_ADJUSTED',
  'AFTER_TAX',
  'OTHER',
  'NON_BYPASSABLE',
  'NET_EXCESS',
] as const;
export const CHARGE_PERIODS = ['ONE_TIME', 'HOURLY', 'DAILY', 'MONTHLY', 'QUARTERLY', 'ANNUALLY'] as const;
export type ChargePeriod = (typeof CHARGE_PERIODS)[number];
export const TRANSACTION_TYPES = ['BUY', 'SELL', 'NET', 'BUY_IMPORT', 'SELL_EXPORT'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const RATE_UNITS = ['COST_PER_UNIT', 'PERCENTAGE', 'BLOCK', 'BLOCK_SELL_BACK'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
/** How tiers of a TOU rate count kWh: within its own TOU period, or on the billing period's total (URDB / SAM). */
export const TIER_SCOPES = ['TOU_PERIOD', 'TOTAL'] as const;
export type TierScope = (typeof TIER_SCOPES)[number];

export interface RateBand {
  tariffRateBandId: number;
  rateSequenceNumber: number;
  /** Consumption upper limit (kWh per chargePeriod of the rate); null: open. */
  consumptionUpperLimit: number | null;
  /** Demand upper limit (kW); null: open. */
  demandUpperLimit: number | null;
  applicabilityValue: string | null;
  calculationFactor: number | null;
  rateAmount: number;
  rateUnit: RateUnit;
  isCredit: boolean;
}

export interface Rate {
  tariffRateId: number;
  tariffId: number;
  tariffSequenceNumber: number;
  rateGroupName: string;
  rateName: string;
  chargeType: ChargeType;
  chargeClass: readonly string[];
  chargePeriod: ChargePeriod;
  transactionType: TransactionType | null;
  quantityKey: string | null;
  applicabilityKey: string | null;
  variableRateKey: string | null;
  variableRateSubKey: string | null;
  seasonId: number | null;
  touId: number | null;
  territoryId: number | null;
  /** The rate applies from (inclusive) and to (exclusive); null: the whole version. */
  from: number | null;
  to: number | null;
  tierScope: TierScope;
  bands: readonly RateBand[];
}

/**
 * How energy sent to the grid is billed:
 * - NET_METERING: each billing period nets imports and exports per TOU period; a net export is a kWh credit that
 *   offsets the same TOU period's kWh in later periods; at the true-up the credit left is paid at yearEndSellRate.
 * - NET_BILLING: imports are billed and exports credited at the SELL rates, interval by interval.
 * - NET_BILLING_CARRYOVER: net billing, with each period's energy charges floored at $0 and the excess credit carried
 *   as dollars to the next period; at the true-up the credit left is paid (yearEndCreditPaid) or expires.
 * - BUY_ALL_SELL_ALL: two meters; the whole load is billed, all generation credited at the SELL rates, no netting.
 */
export const EXPORT_ARRANGEMENTS = [
  'NET_METERING',
  'NET_BILLING',
  'NET_BILLING_CARRYOVER',
  'BUY_ALL_SELL_ALL',
] as const;
export type ExportArrangement = (typeof EXPORT_ARRANGEMENTS)[number];

export interface ExportRules {
  arrangement: ExportArrangement;
  /** The month (1-12) whose billing period ends the credit year. */
  trueUpMonth: number;
  /** $/kWh paid for the kWh credit left at the true-up (net metering). */
  yearEndSellRate: number;
  /** Whether the dollar credit left at the true-up is paid (net billing with carryover); else it expires. */
  yearEndCreditPaid: boolean;
  /** Local date (YYYY-MM-DD) from which a new solar customer's application gets this arrangement; null: unsaid. */
  newSolarFrom?: string | null;
}

export const DEFAULT_TRUE_UP_MONTH = 12;

export interface TariffVersion {
  tariffId: number;
  masterTariffId: number;
  tariffName: string;
  /** Instant the version takes effect (local midnight of its effective date) and ends (exclusive; null: open). */
  from: number;
  to: number | null;
  rates: readonly Rate[];
  /** Defaults of the applicability properties the rates use (keyName -> value). */
  propertyDefaults: ReadonlyMap<string, string>;
  /** The export arrangement; null: exports are billed as the rates say (SELL, NET, NET_EXCESS_GENERATION). */
  exportRules: ExportRules | null;
}
