// What the steps of the savings analysis share: the answer's types, what every scenario's bill of a request shares,
// year one's usage and PV output on its grid, what a request's designs read once, how an assumption is written, and
// the zone of the place.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { StationChoice } from '../../solar/station-choice.ts';
import type { PreparedGrid } from '../../../engine/bill/prepared.ts';
import type { LookupSeries } from '../../../engine/bill/types.ts';
import type { TermCalendar } from '../../../engine/savings/term-calendar.ts';
import type { LoadedAccount } from '../../accounts/accounts.service.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import type { RequestCache } from '../../calculations/request-cache.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { AccountAnalysisSchema, AnalysisBody } from '../analysis.schemas.ts';

export type AccountAnalysis = Static<typeof AccountAnalysisSchema>;
export type Assumption = AccountAnalysis['scenarios'][number]['assumptions'][number];

export const HOUR = 3_600_000;

export type Body = Static<typeof AnalysisBody>;

/** The stored account a request names (of the caller's organization), with the field that named it. */
export interface AccountSource {
  account: LoadedAccount;
  field: 'accountId' | 'providerAccountId';
  value: string;
}

/** What every scenario's bill of one request shares: the request, its place, year one and the tariff data read. */
export interface BillRequest {
  body: Body;
  zip: ZipRow;
  orgId: number | null;
  account: AccountSource | null;
  yearOne: { from: string; to: string };
  cache: RequestCache;
}

/** Year one's usage on its grid: kWh per interval of `duration` from `from`. */
export interface Usage {
  from: number;
  duration: number;
  values: Float64Array;
  noted: string;
  accuracy: number;
  /** The usage profile's id, when the usage is an account's readings. */
  dataValue: string | null;
  /** More the answer says of the usage (gaps filled, readings not read). */
  more: Assumption[];
}

/** Year one's PV output on the usage's grid (kWh per interval), the weather station it was modelled at, and what is said of it. */
export interface Production {
  values: Float64Array;
  /** The array's DC output on the same grid, with its inverter, when PVWatts modelled it (a DC-coupled battery's). */
  dc: { values: Float64Array; inverterAcKw: number; efficiency: number } | null;
  station: StationChoice | null;
  assumptions: Assumption[];
}

/** What the designs of one request share once made: weather stations, the PV output of the account's profiles, the term. */
export interface Memo {
  stations: Map<string, Promise<StationChoice>>;
  pv: Map<string, Promise<{ hourly: Float64Array; description: string | null; station: StationChoice | null }>>;
  calendars: Map<string, TermCalendar>;
  /** The after scenario's bill by its inputs (designs that differ only in their PV system share it). */
  afterBills: Map<string, AfterBill>;
}

/** A bill after solar made ready over year one, and its tariff's grid once a design has prepared it. */
export interface AfterBill {
  bill: Promise<PreparedBill>;
  grid: PreparedGrid | null;
  /** Each term year's export prices on year one's hours, by term length and rate inflation (export-years.ts). */
  exportYears: Map<string, Promise<ExportYears>>;
}

/** Year n's export prices as the bill's lookups (index 0, year one, is the bill's own: null). */
export type ExportYears = readonly (ReadonlyMap<string, LookupSeries> | null)[];

export function note(
  keyName: string,
  dataValue: string | null,
  description: string,
  fromDateTime: string | null,
  toDateTime: string | null,
  accuracy: number,
): Assumption {
  return {
    keyName,
    displayName: null,
    description,
    fromDateTime,
    toDateTime,
    dataType: null,
    dataValue,
    unit: null,
    accuracy,
  };
}

/** The place's IANA zone (ZIP codes carry one), else UTC. */
export function zoneOf(zip: ZipRow): string {
  return zip.time_zone_id && DateTime.local().setZone(zip.time_zone_id).isValid ? zip.time_zone_id : 'UTC';
}
