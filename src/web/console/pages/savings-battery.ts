// The savings page's battery (#38): its fields (property inputs tagged storage), the storage figures of the analysis'
// answer, and a July day of year one hour by hour: load, PV, the battery's state of charge and the grid.
// The analysis answers no hourly dispatch, so the page asks POST /rest/v1/ondemand/calculate for year one with the
// analysis's own inputs: the after tariff it billed, the place's typical baseline (baselineType), the PVWatts output of
// the same system at the same weather station (GET /rest/v1/typicals/solar/best, laid on year one's hours as the
// analysis lays it: pv-on-dates.ts) and the same battery, half full at the start of the year as the analysis starts it.
// A FIXED_SCHEDULE battery's windows (battery-schedule.ts) go to the analysis as storageSchedule and to the calculation
// as its fixedSchedule. That calculation is the analysis's year-one dispatch: the page shows its battery savings beside
// the analysis's storageAvoidedCost, and says so in words if they ever differ.
import type { Api } from '../api.ts';
import { lineChart } from '../charts.ts';
import { field, fmt, h, table } from '../dom.ts';
import { pvOnDates } from '../pv-on-dates.ts';
import { describeSchedule, type FixedSchedule, scheduleFields } from './battery-schedule.ts';
import type { Analysis } from './savings-types.ts';

const HOUR = 3_600_000;
const STRATEGIES = [
  ['SELF_CONSUMPTION', 'Self-consumption: store PV surplus, cover the home'],
  ['BILL_OPTIMAL', 'Bill-optimal: the dispatch that bills least'],
  ['FIXED_SCHEDULE', 'Fixed schedule: charge and discharge windows by the clock'],
] as const;

export interface BatteryFields {
  element: HTMLElement;
  /** The property inputs tagged storage, none when no capacity is given. */
  inputs(): Record<string, unknown>[];
}

export function batteryFields(params: URLSearchParams): BatteryFields {
  const number = (name: string, value: string | null) =>
    h('input', { name, type: 'number', min: 0.1, max: 10000, step: 'any', value: value ?? '' });
  const capacity = number('storageCapacity', params.get('battery'));
  const power = number('storagePower', params.get('power') ?? (params.get('battery') ? '5' : null));
  const dispatch = h(
    'select',
    { name: 'storageDispatch' },
    STRATEGIES.map(([v, l]) => h('option', { value: v, selected: v === params.get('dispatch') }, l)),
  );
  const schedule = scheduleFields();
  const showSchedule = () => schedule.enable(dispatch.value === 'FIXED_SCHEDULE');
  dispatch.addEventListener('change', showSchedule);
  showSchedule();
  const element = h(
    'div',
    {},
    h(
      'fieldset',
      { class: 'row align-top' },
      h('legend', {}, 'Battery (optional)'),
      field('Usable capacity (kWh)', capacity, 'empty: solar alone'),
      field('Power (kW)', power, 'charging and discharging'),
      field('Dispatch', dispatch),
    ),
    schedule.element,
  );
  return {
    element,
    inputs: () =>
      capacity.value === ''
        ? []
        : [
            { keyName: 'storageCapacity', dataValue: Number(capacity.value), scenarios: 'storage' },
            { keyName: 'storagePower', dataValue: Number(power.value || capacity.value), scenarios: 'storage' },
            { keyName: 'storageDispatch', dataValue: dispatch.value, scenarios: 'storage' },
            ...(dispatch.value === 'FIXED_SCHEDULE'
              ? [{ keyName: 'storageSchedule', dataValue: JSON.stringify(schedule.schedule()), scenarios: 'storage' }]
              : []),
          ],
  };
}

interface SolarHours {
  weatherStation: { stationId: string; utcOffset: number };
  intervals: { acKWh: number }[];
}

interface Dispatch {
  totalCost: number;
  storage: {
    savings: number;
    totalCostWithoutBattery: number;
    usableCapacityKwh: number;
    intervals: Record<'load' | 'solar' | 'soc' | 'gridImport' | 'gridExport' | 'charge' | 'discharge', number[]>;
  };
}

/** What the request asked for, as the analysis read it. */
export interface BatteryRequest {
  zip: string;
  customerClass: string;
  systemSize: number;
  storage: Record<string, unknown>[];
}

const inputValue = (inputs: Record<string, unknown>[], key: string) => inputs.find((i) => i.keyName === key)?.dataValue;

/** The battery's figures, then year one's dispatch recomputed and its July day drawn. */
export async function batteryView(api: Api, a: Analysis, r: BatteryRequest): Promise<HTMLElement[]> {
  const s = a.summary;
  const money = (v: number | undefined) => fmt.money(v, a.currency);
  const year = a.series.find((x) => x.scenario === 'after' && x.seriesPeriod === 'MONTH')!;
  const after = a.scenarios.find((x) => x.name === 'after')!;
  const from = Date.parse(year.fromDateTime);
  const to = Date.parse(year.toDateTime);
  const capacity = Number(inputValue(r.storage, 'storageCapacity'));
  const strategy = String(inputValue(r.storage, 'storageDispatch'));
  // FIXED_SCHEDULE's windows, as the analysis read them from storageSchedule; a calculation takes them as its
  // dispatchStrategy's fixedSchedule.
  const scheduleText = inputValue(r.storage, 'storageSchedule');
  const schedule = scheduleText === undefined ? null : (JSON.parse(String(scheduleText)) as FixedSchedule);
  const figures = h(
    'p',
    { class: 'battery-summary' },
    `The battery (${fmt.qty(capacity)} kWh, ${fmt.qty(Number(inputValue(r.storage, 'storagePower')))} kW, ${strategy.replace('_', ' ').toLowerCase()}${schedule ? `: ${describeSchedule(schedule)}` : ''}) saves ${money(s.storageAvoidedCost)} in year one, ${money(s.lifetimeStorageAvoidedCost)} over ${s.projectDuration} years; it takes in ${fmt.qty(s.storageChargedKWh)} kWh and gives back ${fmt.qty(s.storageDischargedKWh)} kWh, ${fmt.qty(s.storageCycles)} full cycles.`,
  );

  // The analysis's PV: the same system at the same station, on year one's hours.
  const pv = await api.get<SolarHours>('/rest/v1/typicals/solar/best', {
    zipCode: r.zip,
    systemSize: r.systemSize,
    groupBy: 'HOUR',
  });
  const station = pv.results[0]!.weatherStation;
  if (a.weatherStation && station.stationId !== a.weatherStation.stationId)
    throw new Error(
      `The typical solar answer took station ${station.stationId}, the analysis ${a.weatherStation.stationId}: the day cannot be drawn on the analysis's own PV output`,
    );
  const solar = pvOnDates(
    pv.results[0]!.intervals.map((i) => i.acKWh),
    station.utcOffset,
    from,
    to,
  );
  const calc = await api.post<Dispatch>('/rest/v1/ondemand/calculate', {
    masterTariffId: after.masterTariffId,
    fromDateTime: year.fromDateTime,
    toDateTime: year.toDateTime,
    detailLevel: 'TOTAL',
    address: { zip: r.zip },
    propertyInputs: [
      { keyName: 'baselineType', dataValue: 'typicalElectricity' },
      { keyName: 'buildingId', dataValue: r.customerClass },
    ],
    storage: {
      batteryNameplateCapacity: capacity,
      batteryNameplatePower: Number(inputValue(r.storage, 'storagePower')),
      batteryRoundTripEfficiency: 0.9,
      batteryInitialSoc: 0.5,
      dispatchStrategy: schedule ? { fixedSchedule: schedule } : strategy,
      solar: { duration: HOUR, fromDateTime: year.fromDateTime, dataSeries: solar },
    },
  });
  const d = calc.results[0]!.storage;
  const same = Math.abs(d.savings - (s.storageAvoidedCost ?? Number.NaN)) < 0.005;
  const check = h(
    'p',
    { class: same ? 'meta battery-check' : 'error battery-check', role: same ? null : 'alert' },
    same
      ? `Year one's dispatch, recomputed by a calculation with the same load, PV, tariff and battery, saves ${money(d.savings)}, the analysis's figure: the day below is the analysis's own.`
      : `Year one's dispatch, recomputed by a calculation with the same load, PV, tariff and battery, saves ${money(d.savings)}, not the analysis's ${money(s.storageAvoidedCost)}: the day below may differ from the analysis's.`,
  );

  // 15 July of year one, from local midnight: the July month's start (its offset is the tariff's) plus 14 days.
  const july = a.seriesData.find((m) => m.seriesId === year.seriesId && m.fromDateTime.slice(5, 7) === '07');
  if (!july) return [figures, check];
  const dayStart = Date.parse(july.fromDateTime) + 14 * 24 * HOUR;
  const first = Math.round((dayStart - from) / HOUR);
  const day = (k: keyof Dispatch['storage']['intervals']) => d.intervals[k].slice(first, first + 24);
  const [load, pvDay, soc, imp, exp] = [day('load'), day('solar'), day('soc'), day('gridImport'), day('gridExport')];
  const grid = imp.map((v, i) => v - exp[i]!);
  const date = `${july.fromDateTime.slice(0, 8)}15`;
  const hourLabel = (i: number) => `${String(i).padStart(2, '0')}:00`;
  return [
    figures,
    check,
    lineChart({
      caption: `A July day with the battery (${date}), hour by hour`,
      description: `Lines of the home's load, the PV output, the battery's state of charge and the grid (drawn above zero, sent below) for each hour of ${date}; the table below holds the figures.`,
      x: load.map((_, i) => (dayStart + i * HOUR) / 1000),
      series: [
        { label: 'Load (kWh)', values: load },
        { label: 'PV (kWh)', values: pvDay },
        { label: 'Battery (kWh held at the hour’s end)', values: soc },
        { label: 'Grid (kWh, + drawn, − sent)', values: grid },
      ],
      yLabel: 'kWh',
      format: (v) => v.toFixed(2),
      xFormat: (seconds) => hourLabel(Math.round((seconds * 1000 - dayStart) / HOUR)),
    }),
    table(
      `${date} hour by hour (kWh; held: in the battery at the hour’s end, at most ${fmt.qty(d.usableCapacityKwh)})`,
      ['Hour', 'Load', 'PV', 'Held', 'Drawn', 'Sent'],
      load.map((v, i) => [
        hourLabel(i),
        v.toFixed(2),
        pvDay[i]!.toFixed(2),
        soc[i]!.toFixed(2),
        imp[i]!.toFixed(2),
        exp[i]!.toFixed(2),
      ]),
      { class: 'battery-day' },
    ),
  ];
}
