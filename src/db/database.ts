// Every table's row type, in one place, so that Kysely types every query of every module.
// SQL names are snake_case; each module maps rows to the API's camelCase in its repository.
import type { NoticeListener, NoticeLog } from './pg-notices.ts';
import type { Generated, Kysely } from 'kysely';
import type { ReadRoutingCounts } from './read-replica.ts';

export interface OrganizationsTable {
  org_id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ApplicationsTable {
  app_id: string;
  org_id: number;
  name: string;
  /** scrypt salt and derived key, both base64; the key itself is never stored. */
  key_salt: string;
  key_hash: string;
  /** Comma list of permission tiers granted beyond public reference data. */
  tiers: string;
  status: 'ACTIVE' | 'REVOKED';
  created_at: string;
  key_rotated_at: string | null;
  revoked_at: string | null;
}

/** One rotation, revocation or admin key reset; `seq` only grows (migration 0016). */
export interface KeyChangesTable {
  seq: Generated<number>;
  app_id: string;
  changed_at: string;
}

export interface SeedRunsTable {
  seed_name: string;
  seed_version: number;
  applied_at: string;
}

export interface ZipcodesTable {
  zipcode: string;
  city: string | null;
  city_mixed_case: string | null;
  county: string | null;
  state: string | null;
  state_ansi: number | null;
  county_ansi: number | null;
  latitude: number | null;
  longitude: number | null;
  /** Hours west of UTC in standard time (5 = Eastern), as the original API reports it. */
  time_zone: number | null;
  day_light_saving: boolean | number | null;
  /** IANA zone derived from the coordinates. */
  time_zone_id: string | null;
  area_code: string | null;
  city_type: string | null;
  city_alias_abbreviation: string | null;
  city_alias_mixed_case: string | null;
  elevation: number | null;
  classification_code: string | null;
  /** IECC climate zone (3B, 5A, 7, ...); null where none is known (overseas military ZIPs) or not loaded. */
  climate_zone?: string | null;
}

type ClassColumns<P extends string> = {
  [K in `${P}_service_types`]: string | null;
} & { [K in `${P}_revenues` | `${P}_sales` | `${P}_customers`]: number | null };

export type LsesTable = {
  lse_id: number;
  name: string;
  code: string | null;
  website_home: string | null;
  offering_type: string | null;
  ownership: string | null;
  service_types: string | null;
  total_revenues: number | null;
  total_sales: number | null;
  total_customers: number | null;
  bpr_from_date_offset: number | null;
  bpr_to_date_offset: number | null;
  bpr_style: string | null;
  time_zone_id: string | null;
  source: string | null;
} & ClassColumns<'residential'> &
  ClassColumns<'commercial'> &
  ClassColumns<'industrial'> &
  ClassColumns<'transportation'>;

export interface TerritoriesTable {
  territory_id: number;
  territory_name: string;
  /** Null for a territory of no utility (the IECC climate zones). */
  lse_id: number | null;
  parent_territory_id: number | null;
  usage_type: string;
  item_types: string | null;
  dereg_res: boolean | number | null;
  dereg_candi: boolean | number | null;
  center_latitude: number | null;
  center_longitude: number | null;
  source: string | null;
}

export interface TerritoryItemsTable {
  territory_item_id: Generated<number>;
  territory_id: number;
  territory_type: string;
  value: string;
  state: string | null;
  exclude: boolean | number;
  partial: boolean | number;
  match_key: string;
}

export interface TerritoryLsesTable {
  territory_id: number;
  lse_id: number;
  distribution: boolean | number | null;
  supplier_residential: boolean | number | null;
  supplier_general: boolean | number | null;
  residential_coverage: number | null;
  general_coverage: number | null;
}

export interface UtilityTaxesTable {
  utility_tax_id: number;
  rate_name: string;
  /** Local dates, YYYY-MM-DD. */
  from_date: string | null;
  to_date: string | null;
  rate_amount_electricity: number | null;
  rate_amount_gas: number | null;
  territory_id: number;
  /** Comma list: RESIDENTIAL, GENERAL, SPECIAL_USE. */
  customer_classes: string;
  source: string | null;
}

export interface IncentivesTable {
  incentive_id: number;
  master_incentive_id: number;
  incentive_name: string;
  /** taxCredit, rebate. */
  incentive_type: string;
  /** solarPv, storage, heatPump, electricVehicle, evCharger. */
  project_type: string;
  customer_class: string;
  /** FEDERAL, STATE, UTILITY. */
  jurisdiction: string;
  state: string | null;
  lse_id: number | null;
  lse_name: string | null;
  /** Local dates, YYYY-MM-DD; end_date exclusive. */
  start_date: string | null;
  end_date: string | null;
  end_reason: string | null;
  /** 0 or 1; null when unknown. */
  is_exhausted: number | null;
  rate: number;
  /** PERCENTAGE (of the project's cost) or COST_PER_UNIT. */
  rate_unit: string;
  /** JSON {keyName, displayName, quantityUnit}, or null. */
  quantity_key: string | null;
  payment_cap: number | null;
  percent_cost_cap: number | null;
  incentive_paid_to: string | null;
  summary: string;
  requirements: string;
  /** JSON [{url, title, dateRead}]. */
  sources: string;
}

export interface IncentiveApplicabilitiesTable {
  incentive_id: number;
  position: number;
  applicability_key: string;
  display_name: string;
  description: string;
  required_value: string | null;
  /** '=' or 'IN'; null for a number or a quantity. */
  operator: string | null;
  min_value: number | null;
  max_value: number | null;
  quantity_unit: string | null;
  /** JSON [{displayValue, dataValue}], or null. */
  choices: string | null;
}

export interface SeasonsTable {
  season_id: number;
  lse_id: number;
  season_group_id: number;
  season_name: string;
  from_month: number;
  from_day: number;
  from_edge_predominance: string | null;
  to_month: number;
  to_day: number;
  to_edge_predominance: string | null;
  source: string | null;
}

export interface CalendarsTable {
  calendar_id: number;
  calendar_name: string;
  calendar_type: string;
  lse_id: number | null;
  source: string | null;
}

export interface CalendarEventsTable {
  calendar_event_id: number;
  calendar_id: number;
  calendar_event_name: string;
  lse_id: number | null;
  calendar_event_type: string;
  date_definition_type: string;
  locale: string | null;
  fixed_month: number | null;
  fixed_day: number | null;
  day_of_week: number | null;
  week_of_month: number | null;
  adjustment: number | null;
}

export interface CalendarDatesTable {
  event_date_id: Generated<number>;
  calendar_event_id: number;
  start_date: string;
  start_time: string | null;
  end_time: string | null;
  sub_key: string | null;
}

export interface TouGroupsTable {
  lse_id: number;
  tou_group_id: number;
  privacy: 'PUBLIC' | 'PRIVATE';
  owner_org_id: number | null;
  source: string | null;
}

export interface TousTable {
  tou_id: number;
  lse_id: number;
  tou_group_id: number;
  tou_name: string;
  calendar_id: number | null;
  season_id: number | null;
  tou_type: string | null;
  is_dynamic: boolean | number;
}

export interface TouPeriodsTable {
  tou_period_id: number;
  tou_id: number;
  from_day_of_week: number;
  from_hour: number;
  from_minute: number;
  to_day_of_week: number;
  to_hour: number;
  to_minute: number;
  calendar_id: number | null;
}

export interface PropertyKeysTable {
  key_name: string;
  sub_key_name: string | null;
  display_name: string | null;
  family: string | null;
  keyspace: string | null;
  description: string | null;
  data_type: string;
  quantity_unit: string | null;
  formula_detail: string | null;
  lookback_interval_quantity: number | null;
  lookback_quantity: number | null;
  lookback_period: string | null;
  lookback_tou_id: number | null;
  lookback_season_id: number | null;
  entity_id: number | null;
  entity_type: string | null;
  privacy: string;
  source: string | null;
}

export interface PropertyKeyChoicesTable {
  key_name: string;
  sequence: number;
  display_value: string | null;
  value: string;
  data_value: string | null;
  likelihood: number | null;
}

export interface PropertyLookupsTable {
  lookup_id: Generated<number>;
  key_name: string;
  sub_key_name: string;
  /** Epoch milliseconds; from inclusive, to exclusive. */
  from_time: number;
  to_time: number;
  best_value: number | null;
  best_accuracy: number | null;
  actual_value: number | null;
  lse_forecast_value: number | null;
  lse_forecast_accuracy: number | null;
  forecast_value: number | null;
  forecast_accuracy: number | null;
}

export interface PropertyLookupStatsTable {
  key_name: string;
  sub_key_name: string;
  lookup_count: number;
  min_from_time: number | null;
  max_to_time: number | null;
  total_duration: number;
  max_duration: number;
  value_sum: number;
  value_count: number;
  last_updated: number;
}

type Bool = boolean | number;

export interface TariffsTable {
  tariff_id: number;
  master_tariff_id: number;
  tariff_code: string | null;
  tariff_book_name: string | null;
  tariff_name: string;
  lse_id: number;
  service_type: string;
  prior_tariff_id: number | null;
  distribution_lse_id: number | null;
  tariff_type: string;
  customer_class: string;
  customer_count: number | null;
  customer_likelihood: number | null;
  customer_count_source: string | null;
  /** Key of the imported source record (URDB label) and a hash of it; null for starter and API-made tariffs. */
  import_key: string | null;
  import_hash: string | null;
  territory_id: number | null;
  privacy: string;
  effective_date: string;
  end_date: string | null;
  closed_date: string | null;
  time_zone: string;
  effective_on_rule: string | null;
  billing_period: string | null;
  currency: string;
  charge_types: string | null;
  charge_period: string | null;
  min_monthly_consumption: number | null;
  max_monthly_consumption: number | null;
  min_monthly_demand: number | null;
  max_monthly_demand: number | null;
  has_time_of_use_rates: Bool;
  has_tiered_rates: Bool;
  has_contracted_rates: Bool;
  has_tariff_applicability: Bool;
  has_rate_applicability: Bool;
  has_net_metering: Bool;
  last_updated: string | null;
  source: string | null;
  /** NET_METERING, NET_BILLING, NET_BILLING_CARRYOVER, BUY_ALL_SELL_ALL; null: exports as the rates say. */
  export_arrangement: string | null;
  /** 1-12; null: December. */
  true_up_month: number | null;
  /** $/kWh paid for kWh credit left at the true-up; null: 0. */
  year_end_sell_rate: number | null;
  /** Whether dollar credit left at the true-up is paid (else it expires); null: false. */
  year_end_credit_paid: Bool | null;
  /** Local date from which a new solar customer's application gets the export arrangement (0016); null: unsaid. */
  export_arrangement_from: string | null;
  /** The organization that wrote the version over the API (0019): only it sees or bills it. Null: reference data. */
  owner_org_id: number | null;
}

export interface TariffRatesTable {
  tariff_rate_id: number;
  tariff_id: number;
  master_tariff_rate_id: number | null;
  rider_tariff_id: number | null;
  rider_id: number | null;
  tariff_sequence_number: number | null;
  rate_group_name: string | null;
  rate_name: string | null;
  from_date_time: string | null;
  to_date_time: string | null;
  charge_type: string | null;
  charge_class: string | null;
  charge_period: string | null;
  transaction_type: string | null;
  quantity_key: string | null;
  applicability_key: string | null;
  variable_limit_key: string | null;
  variable_rate_key: string | null;
  variable_rate_sub_key: string | null;
  variable_factor_key: string | null;
  edge_predominance: string | null;
  territory_id: number | null;
  season_id: number | null;
  tou_id: number | null;
  proration_rules: string | null;
  /** null (tiers within the rate's TOU period) or TOTAL (tiers on the billing period's total kWh). */
  tier_scope: string | null;
}

export interface TariffRateBandsTable {
  tariff_rate_band_id: number;
  tariff_rate_id: number;
  rate_sequence_number: number;
  has_consumption_limit: Bool;
  consumption_upper_limit: number | null;
  has_demand_limit: Bool;
  demand_upper_limit: number | null;
  has_property_limit: Bool;
  property_upper_limit: number | null;
  applicability_value: string | null;
  calculation_factor: number | null;
  rate_amount: number | null;
  rate_unit: string | null;
  is_credit: Bool;
  prev_upper_limit: number | null;
}

export interface TariffPropertiesTable {
  tariff_id: number;
  sequence: number;
  key_name: string;
  property_types: string | null;
  operator: string | null;
  property_value: string | null;
  min_value: string | null;
  max_value: string | null;
  period: string | null;
  quantity_key: string | null;
  is_default: Bool;
}

export interface LoadProfilesTable {
  profile_id: string;
  source_id: string;
  building_type: string;
  customer_class: string;
  variant: string | null;
  place: string;
  state: string | null;
  climate_zone: string;
  latitude: number | null;
  longitude: number | null;
  start_day: number;
  annual_kwh: number;
  /** JSON array of 8760 fractions of annual_kwh. */
  shape: string;
  source: string;
}

export interface WeatherStationsTable {
  station_id: string;
  dataset: string;
  station_name: string;
  state: string | null;
  latitude: number;
  longitude: number;
  utc_offset: number;
  elevation: number | null;
  climate_zone: string | null;
  file_name: string;
  source: string;
  /** JSON of the hourly weather (see weather-json.ts). */
  weather: string;
}

export interface AccountsTable {
  account_id: string;
  org_id: number;
  provider_account_id: string | null;
  account_name: string | null;
  customer_org_id: string | null;
  customer_org_name: string | null;
  owner: string | null;
  status: string;
  type: string;
  /** JSON of the address as given. */
  address: string | null;
  zip_code: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  lse_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface AccountPropertiesTable {
  account_id: string;
  key_name: string;
  data_value: string;
  from_date_time: string | null;
  to_date_time: string | null;
}

export interface AccountTariffsTable {
  account_id: string;
  effective_date: string;
  master_tariff_id: number;
}

export interface UsageProfilesTable {
  profile_id: string;
  org_id: number;
  account_id: string;
  provider_profile_id: string | null;
  profile_name: string | null;
  description: string | null;
  meter_id: string | null;
  service_types: string;
  source_id: string;
  is_default: boolean;
  properties: string | null;
  model: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReadingChunksTable {
  profile_id: string;
  unit: string;
  /** Epoch seconds (bigint: PostgreSQL hands them back as strings, so read them with Number()). */
  chunk_start: number | string;
  first_start: number | string;
  last_end: number | string;
  reading_count: number;
  data: Uint8Array;
}

/** Calculation history (request and response of each calculation, deflated JSON text). */
/** A portfolio job (migration 0023): the request and its state; progress is counted from its results. */
export interface PortfolioJobsTable {
  job_id: string;
  org_id: number;
  kind: string;
  name: string | null;
  state: string;
  /** JSON: the kind's body and the scenarios. */
  request: string;
  account_count: number;
  chunk_size: number;
  /** Runs of the job's chunks that reached their end (migration 0025): a chunk run twice counts twice. */
  chunks_ended: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** An account of a job, at its position (as named, or found by the job's filter). */
export interface PortfolioJobAccountsTable {
  job_id: string;
  position: number;
  account_id: string | null;
  provider_account_id: string | null;
}

/** One account's result in a job: written once per (job, position), by upsert. */
export interface PortfolioJobResultsTable {
  job_id: string;
  position: number;
  account_id: string | null;
  provider_account_id: string | null;
  status: string;
  /** JSON: the scenarios' figures and any error. */
  result: string;
  finished_at: string;
}

export interface OrgUsageTable {
  org_id: number;
  day: string;
  operation: string;
  calls: number;
  errors: number;
}

export interface CalculationHistoryTable {
  request_id: string;
  org_id: number;
  app_id: string;
  kind: string;
  tier: string | null;
  method: string;
  url: string;
  created_at: string;
  encoding: string;
  request_body: Uint8Array | null;
  request_bytes: number;
  request_truncated: boolean;
  response_type: string;
  response_body: Uint8Array;
  response_bytes: number;
  response_truncated: boolean;
}

/** Tariff documents (rate sheets, advice letters, URDB records), each once by document_key. */
export interface DocumentsTable {
  document_id: number;
  document_key: string;
  document_title: string;
  source_url: string;
  source_content_type: string | null;
  document_type: string;
  lse_id: number | null;
  effective_date: string | null;
  origin: string;
}

/** Which tariff versions a document covers. */
export interface TariffDocumentsTable {
  tariff_id: number;
  document_id: number;
}

export interface Database {
  calculation_history: CalculationHistoryTable;
  documents: DocumentsTable;
  tariff_documents: TariffDocumentsTable;
  accounts: AccountsTable;
  account_properties: AccountPropertiesTable;
  account_tariffs: AccountTariffsTable;
  usage_profiles: UsageProfilesTable;
  reading_chunks: ReadingChunksTable;
  organizations: OrganizationsTable;
  org_usage: OrgUsageTable;
  portfolio_jobs: PortfolioJobsTable;
  portfolio_job_accounts: PortfolioJobAccountsTable;
  portfolio_job_results: PortfolioJobResultsTable;
  applications: ApplicationsTable;
  key_changes: KeyChangesTable;
  seed_runs: SeedRunsTable;
  load_profiles: LoadProfilesTable;
  weather_stations: WeatherStationsTable;
  zipcodes: ZipcodesTable;
  lses: LsesTable;
  territories: TerritoriesTable;
  territory_items: TerritoryItemsTable;
  territory_lses: TerritoryLsesTable;
  utility_taxes: UtilityTaxesTable;
  incentives: IncentivesTable;
  incentive_applicabilities: IncentiveApplicabilitiesTable;
  seasons: SeasonsTable;
  calendars: CalendarsTable;
  calendar_events: CalendarEventsTable;
  calendar_dates: CalendarDatesTable;
  tou_groups: TouGroupsTable;
  tous: TousTable;
  tou_periods: TouPeriodsTable;
  property_keys: PropertyKeysTable;
  property_key_choices: PropertyKeyChoicesTable;
  property_lookups: PropertyLookupsTable;
  property_lookup_stats: PropertyLookupStatsTable;
  tariffs: TariffsTable;
  tariff_rates: TariffRatesTable;
  tariff_rate_bands: TariffRateBandsTable;
  tariff_properties: TariffPropertiesTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the typed query builder plus what differs between the two engines. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema every statement runs in, when not the default search path. */
  schema?: string;
  /** SQLite: how long a write waits for another process's lock before giving up (SQLITE_BUSY). */
  lockWaitMs?: number;
  /** PostgreSQL with DATABASE_READ_URL: GET and HEAD handlers read from the replica; statements sent to each pool. */
  readRouting?: ReadRoutingCounts;
  /** PostgreSQL: LISTEN on a channel over a connection of its own, kept open (pg-notices.ts). */
  listen?(channel: string, onNotice: () => void, log: NoticeLog): NoticeListener;
  close(): Promise<void>;
}
