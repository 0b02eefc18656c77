// The shape of a starter tariff version as written in the data files beside this one. Flags (hasTieredRates,
// hasTimeOfUseRates, ...) and chargeTypes are derived from the rates by the seeder, so a data file cannot
// contradict itself. Every figure comes from the published source named in `source` (a rate sheet, an
// advice letter or an OpenEI URDB record) and its effective date.
import type { KeyDefinition } from '../../../domain/properties/property-key-row.ts';
import type { StarterSeason, StarterTouGroup } from '../time.data.ts';

export interface StarterBand {
  id: number;
  /** $ per unit (kWh, kW, day or month per the rate), or a percentage when unit is PERCENTAGE. */
  amount: number;
  /** Consumption upper limit of a tier (kWh per chargePeriod of the rate: per month, or per day for DAILY). */
  upTo?: number;
  /** Demand upper limit of a demand tier (kW). */
  demandUpTo?: number;
  factor?: number;
  applicabilityValue?: string;
  isCredit?: boolean;
  unit?: 'COST_PER_UNIT' | 'PERCENTAGE' | 'BLOCK' | 'BLOCK_SELL_BACK';
}

export interface StarterRate {
  id: number;
  seq: number;
  group: string;
  name: string;
  chargeType:
    | 'FIXED_PRICE'
    | 'CONSUMPTION_BASED'
    | 'DEMAND_BASED'
    | 'QUANTITY'
    | 'MINIMUM'
    | 'MAXIMUM'
    | 'TAX'
    | 'NET_EXCESS_GENERATION';
  /** Comma-separated SUPPLY, TRANSMISSION, DISTRIBUTION, TAX, NON_BYPASSABLE, AFTER_TAX, OTHER, ... */
  chargeClass?: string;
  /** MONTHLY unless given; a DAILY fixed charge is $/day, a DAILY tier limit is kWh/day. */
  chargePeriod?: 'MONTHLY' | 'DAILY' | 'ANNUALLY';
  transactionType?: 'BUY' | 'SELL' | 'NET';
  quantityKey?: string;
  seasonId?: number;
  touId?: number;
  territoryId?: number;
  applicabilityKey?: string;
  variableRateKey?: string;
  riderId?: number;
  /** Local start and end (exclusive) of this rate when they differ from the version's. */
  from?: string;
  to?: string;
  bands: StarterBand[];
}

export interface StarterTariffProperty {
  keyName: string;
  propertyTypes: string;
  operator: string;
  propertyValue: string | null;
  isDefault: boolean;
}

export interface StarterTariff {
  tariffId: number;
  masterTariffId: number;
  tariffCode: string;
  tariffName: string;
  lseId: number;
  priorTariffId: number | null;
  tariffType: 'DEFAULT' | 'ALTERNATIVE' | 'RIDER' | 'OPTIONAL_EXTRA';
  customerClass: 'RESIDENTIAL' | 'GENERAL' | 'SPECIAL_USE';
  customerCount: number | null;
  /**
   * Local date the version takes effect; endDate is exclusive. Versions of one tariff are contiguous: a version ends
   * only where its successor starts, or where the utility closed the schedule (then every version carries
   * `closedDate`, the end of the last one). The latest version of an open schedule has endDate null: it stays in
   * effect until figures of a successor are loaded, and `lastUpdated` tells how fresh it is.
   */
  effectiveDate: string;
  endDate: string | null;
  /** Local date the utility closed the schedule (the last version's endDate); absent for an open schedule. */
  closedDate?: string;
  /**
   * Local date of the newest information about these figures: when they were last read or verified as current in
   * the source named (a rate page's reading, a registry's verification date, a URDB record's last update), else the
   * date of the document itself. Seeded as the version's lastUpdated (local midnight in its zone).
   */
  lastUpdated: string;
  timeZone: string;
  /** As published, when the original recorded it; otherwise derived from the rates. */
  chargeTypes?: string;
  /** Local start of every rate of the version (the effective date at midnight unless the original recorded another). */
  ratesFrom?: string;
  hasNetMetering?: boolean;
  /**
   * How a solar customer's exports are billed on this version (the arrangement's rules; absent: not stated), and the
   * local date from which a new solar customer's application gets it (NBT: applications after 2023-04-14).
   */
  exportRules?: {
    arrangement: 'NET_METERING' | 'NET_BILLING' | 'NET_BILLING_CARRYOVER' | 'BUY_ALL_SELL_ALL';
    trueUpMonth?: number;
    yearEndCreditPaid?: boolean;
    newSolarFrom?: string;
  };
  properties: StarterTariffProperty[];
  rates: StarterRate[];
  source: string;
}

/** Published values of a LOOKUP key over a local date range (the tariff's zone), e.g. a quarterly fuel factor. */
export interface StarterLookupValue {
  keyName: string;
  subKeyName?: string;
  /** Local dates, YYYY-MM-DD; `to` is exclusive. */
  from: string;
  to: string;
  value: number;
  source: string;
}

/** One data file's contribution: tariffs and the seasons, TOU groups, property keys and lookup values they use. */
export interface StarterTariffSet {
  tariffs: readonly StarterTariff[];
  seasons?: readonly StarterSeason[];
  touGroups?: readonly StarterTouGroup[];
  keys?: readonly KeyDefinition[];
  lookups?: readonly StarterLookupValue[];
}
