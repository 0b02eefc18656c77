// Small hand-made tariffs for the engine's tests: every figure is chosen so the expected bill can be worked by hand.
import { DateTime } from 'luxon';
import type {
  BillInput,
  DemandKey,
  DetailLevel,
  GroupBy,
  UsageReading,
  UsageSeries,
} from '../../../src/engine/bill/types.ts';
import type { ExportRules, Rate, RateBand, TariffVersion } from '../../../src/engine/tariff/model.ts';
import { compileTouGroup, type TouDef } from '../../../src/engine/time/tou-schedule.ts';

export const ZONE = 'America/Los_Angeles';
export const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();

let nextId = 1;
export function band(amount: number, extra: Partial<RateBand> = {}): RateBand {
  return {
    tariffRateBandId: nextId++,
    rateSequenceNumber: 1,
    consumptionUpperLimit: null,
    demandUpperLimit: null,
    applicabilityValue: null,
    calculationFactor: null,
    rateAmount: amount,
    rateUnit: 'COST_PER_UNIT',
    isCredit: false,
    ...extra,
  };
}

export function rate(chargeType: Rate['chargeType'], bands: RateBand[], extra: Partial<Rate> = {}): Rate {
  const id = nextId++;
  return {
    tariffRateId: id,
    tariffId: 1,
    tariffSequenceNumber: id,
    rateGroupName: `${chargeType} ${id}`,
    rateName: `${chargeType} ${id}`,
    chargeType,
    chargeClass: [],
    chargePeriod: 'MONTHLY',
    transactionType: null,
    quantityKey: null,
    applicabilityKey: null,
    variableRateKey: null,
    variableRateSubKey: null,
    seasonId: null,
    touId: null,
    territoryId: null,
    from: null,
    to: null,
    tierScope: 'TOU_PERIOD',
    bands,
    ...extra,
  };
}

export function version(
  rates: Rate[],
  from = '2020-01-01',
  to: string | null = null,
  tariffId = 1,
  defaults: Record<string, string> = {},
): TariffVersion {
  return {
    tariffId,
    masterTariffId: 1,
    tariffName: 'Test',
    from: at(from),
    to: to === null ? null : at(to),
    rates: rates.map((r) => ({ ...r, tariffId })),
    propertyDefaults: new Map(Object.entries(defaults)),
    exportRules: null,
  };
}

/** TOU group "g": ON_PEAK 4-9 pm every day (touId 1), OFF_PEAK all other hours (touId 2); no seasons. */
const per = (fromHour: number, toHour: number) => ({
  fromDayOfWeek: 0,
  fromHour,
  fromMinute: 0,
  toDayOfWeek: 6,
  toHour,
  toMinute: 0,
});
const TOUS: TouDef[] = [
  {
    touId: 1,
    touName: 'Peak',
    touType: 'ON_PEAK',
    seasonId: null,
    calendarId: null,
    isDynamic: false,
    periods: [per(16, 21)],
  },
  {
    touId: 2,
    touName: 'Off-Peak',
    touType: 'OFF_PEAK',
    seasonId: null,
    calendarId: null,
    isDynamic: false,
    periods: [per(21, 16)],
  },
];
export const PEAK = 1;
export const OFF_PEAK = 2;

/** TOU group "h": WEEKDAY_PEAK 4-9 pm Monday - Friday (touId 3); HOLIDAY_OFF (touId 4) all other hours and, on the
 * dates of calendar 99, the whole day. */
const HOLIDAY_TOUS: TouDef[] = [
  {
    touId: 3,
    touName: 'Weekday Peak',
    touType: 'ON_PEAK',
    seasonId: null,
    calendarId: null,
    isDynamic: false,
    periods: [{ fromDayOfWeek: 0, fromHour: 16, fromMinute: 0, toDayOfWeek: 4, toHour: 21, toMinute: 0 }],
  },
  {
    touId: 4,
    touName: 'Off-Peak',
    touType: 'OFF_PEAK',
    seasonId: null,
    calendarId: 99,
    isDynamic: false,
    periods: [
      { fromDayOfWeek: 0, fromHour: 21, fromMinute: 0, toDayOfWeek: 0, toHour: 16, toMinute: 0 },
      { fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
    ],
  },
];
export const WEEKDAY_PEAK = 3;
export const HOLIDAY_OFF = 4;

/** Seasons 10 (June - September) and 11 (October - May). */
export const SUMMER = 10;
export const WINTER = 11;

export interface BillOptionsInput {
  from: string;
  to: string;
  versions: TariffVersion[];
  series?: UsageSeries[];
  readings?: UsageReading[];
  properties?: Record<string, string>;
  demandKeys?: DemandKey[];
  territoryId?: number | null;
  extraRates?: Rate[];
  detailLevel?: DetailLevel;
  groupBy?: GroupBy | null;
  billingPeriod?: boolean;
  minimums?: boolean;
  excludeChargeClasses?: string[];
  lookups?: Record<string, { from: string; to: string; value: number }[]>;
  versionFixed?: boolean;
  exportOverride?: Partial<ExportRules> | null;
  /** Local dates (YYYY-MM-DD) on calendar 99. */
  holidays?: string[];
  /** Edge predominance of the summer season's start and the winter season's end (the June 1 edge). */
  juneEdge?: 'PREDOMINANT' | 'SUBSERVIENT';
}

export function billInput(o: BillOptionsInput): BillInput {
  return {
    from: at(o.from),
    to: at(o.to),
    zone: ZONE,
    versions: o.versions,
    versionFixed: o.versionFixed ?? false,
    exportOverride: o.exportOverride ?? null,
    seasons: new Map([
      [
        SUMMER,
        {
          seasonId: SUMMER,
          seasonName: 'Summer',
          seasonFromMonth: 6,
          seasonFromDay: 1,
          seasonToMonth: 9,
          seasonToDay: 30,
          fromEdgePredominance: o.juneEdge ?? null,
        },
      ],
      [
        WINTER,
        {
          seasonId: WINTER,
          seasonName: 'Winter',
          seasonFromMonth: 10,
          seasonFromDay: 1,
          seasonToMonth: 5,
          seasonToDay: 31,
          toEdgePredominance: o.juneEdge ?? null,
        },
      ],
    ]),
    touGroups: new Map([
      ['g', compileTouGroup(TOUS, [])],
      ['h', compileTouGroup(HOLIDAY_TOUS, [])],
    ]),
    tous: new Map([
      [PEAK, { groupKey: 'g', index: 0 }],
      [OFF_PEAK, { groupKey: 'g', index: 1 }],
      [WEEKDAY_PEAK, { groupKey: 'h', index: 0 }],
      [HOLIDAY_OFF, { groupKey: 'h', index: 1 }],
    ]),
    calendarsOn: (date) =>
      o.holidays?.includes(`${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`)
        ? new Set([99])
        : new Set(),
    lookups: new Map(
      Object.entries(o.lookups ?? {}).map(([key, values]) => [
        `${key}\u0000`,
        {
          from: Float64Array.from(values.map((v) => at(v.from))),
          to: Float64Array.from(values.map((v) => at(v.to))),
          value: Float64Array.from(values.map((v) => v.value)),
        },
      ]),
    ),
    readings: o.readings ?? [],
    series: o.series ?? [],
    properties: new Map(Object.entries(o.properties ?? {})),
    demandKeys: new Map((o.demandKeys ?? []).map((k) => [k.keyName, k])),
    territoryId: o.territoryId ?? null,
    extraRates: o.extraRates ?? [],
    options: {
      billingPeriod: o.billingPeriod ?? false,
      minimums: o.minimums ?? true,
      excludeChargeClasses: new Set(o.excludeChargeClasses ?? []),
      detailLevel: o.detailLevel ?? 'ALL',
      groupBy: o.groupBy ?? null,
    },
  };
}

/** Consumption in kWh per hour from `from`, one value per hour. */
export const hourly = (from: string, values: number[]): UsageSeries => ({
  keyName: 'consumption',
  from: at(from),
  duration: 3_600_000,
  values,
  exports: null,
});

/** A total over [from, to), spread flat. */
export const total = (from: string, to: string, value: number, period: string | null = null): UsageReading => ({
  keyName: 'consumption',
  from: at(from),
  to: at(to),
  value,
  period,
  field: 'propertyInputs[0]',
});
