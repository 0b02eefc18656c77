// Every table's row type, in one place, so that Kysely types every query of every module.
// SQL names are snake_case; each module maps rows to the API's camelCase in its repository.
import type { Generated, Kysely } from 'kysely';

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
  lse_id: number;
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

export interface Database {
  organizations: OrganizationsTable;
  applications: ApplicationsTable;
  seed_runs: SeedRunsTable;
  zipcodes: ZipcodesTable;
  lses: LsesTable;
  territories: TerritoriesTable;
  territory_items: TerritoryItemsTable;
  territory_lses: TerritoryLsesTable;
  utility_taxes: UtilityTaxesTable;
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
}

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the typed query builder plus what differs between the two engines. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema every statement runs in, when not the default search path. */
  schema?: string;
  close(): Promise<void>;
}
