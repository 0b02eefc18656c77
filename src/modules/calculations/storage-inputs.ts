// Reads a request's battery (the `storage` object of a calculation or a storage profile) into the engine's battery,
// strategy, schedule and PV series. Each problem is a 400 naming the field by its path.
import type { Static } from '@sinclair/typebox';
import {
  BATTERY_DEFAULTS,
  type Battery,
  batteryProblem,
  efficienciesOfRoundTrip,
  fadedBattery,
} from '../../engine/storage/battery.ts';
import type { Schedule, ScheduleMode } from '../../engine/storage/policies.ts';
import { type SolarSeries, STRATEGIES, type StorageRequest, type Strategy } from '../../engine/storage/storage-bill.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import { enumValue } from '../../http/list-params.ts';
import type { BatteryFields, FixedScheduleInput, SolarSeriesInput, StorageInput } from './storage.schemas.ts';

type BatteryInput = { [K in keyof typeof BatteryFields]?: Static<(typeof BatteryFields)[K]> };

/** The API's name of each engine field (for naming a bad value). */
const FIELD: Record<keyof Battery, keyof typeof BatteryFields> = {
  capacityKwh: 'batteryNameplateCapacity',
  chargeKw: 'batteryChargePower',
  dischargeKw: 'batteryDischargePower',
  acToDcEfficiency: 'batteryAcToDcEfficiency',
  dcToAcEfficiency: 'batteryDcToAcEfficiency',
  inputEfficiency: 'batteryInputEfficiency',
  minSoc: 'batteryMinSoc',
  maxSoc: 'batteryMaxSoc',
  reserve: 'batteryReserve',
  initialSoc: 'batteryInitialSoc',
  capacityFadePerYear: 'batteryCapacityFade',
  coupling: 'batteryDcCoupled',
  gridCharging: 'allowGridToBattery',
  gridExport: 'allowBatteryToGrid',
  degradationCostPerKwh: 'batteryDegradationCost',
};

function numberAt(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(value)) throw invalidArgument(field, String(raw), `${field} must be a number`);
  return value;
}

function flagAt(raw: unknown, field: string): boolean | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw invalidArgument(field, String(raw), `${field} must be true or false`);
}

/** The battery a request describes (after `batteryYearsInService` of capacity fade). */
export function readBattery(b: BatteryInput, path: string): Battery {
  const num = (k: keyof typeof BatteryFields) => numberAt(b[k], `${path}${k}`);
  const capacityKwh = num('batteryNameplateCapacity');
  if (capacityKwh === undefined) throw missingArgument(`${path}batteryNameplateCapacity`);
  const power = num('batteryNameplatePower');
  const chargeKw = num('batteryChargePower') ?? power;
  const dischargeKw = num('batteryDischargePower') ?? power;
  if (chargeKw === undefined || dischargeKw === undefined)
    throw missingArgument(
      `${path}batteryNameplatePower`,
      `${path}batteryNameplatePower is required (or both batteryChargePower and batteryDischargePower)`,
    );
  const rte = num('batteryRoundTripEfficiency');
  const parts = (['batteryAcToDcEfficiency', 'batteryDcToAcEfficiency', 'batteryInputEfficiency'] as const).filter(
    (k) => num(k) !== undefined,
  );
  if (rte !== undefined && parts.length)
    throw invalidArgument(
      `${path}batteryRoundTripEfficiency`,
      String(rte),
      `Give batteryRoundTripEfficiency or the efficiencies it is made of (${parts.join(', ')}), not both`,
    );
  if (rte !== undefined && !(rte > 0 && rte <= 1))
    throw invalidArgument(
      `${path}batteryRoundTripEfficiency`,
      String(rte),
      'batteryRoundTripEfficiency must be above 0 and at most 1',
    );
  const split = rte === undefined ? null : efficienciesOfRoundTrip(rte);
  const battery: Battery = {
    ...BATTERY_DEFAULTS,
    capacityKwh,
    chargeKw,
    dischargeKw,
    acToDcEfficiency: split?.acToDcEfficiency ?? num('batteryAcToDcEfficiency') ?? BATTERY_DEFAULTS.acToDcEfficiency,
    dcToAcEfficiency: split?.dcToAcEfficiency ?? num('batteryDcToAcEfficiency') ?? BATTERY_DEFAULTS.dcToAcEfficiency,
    inputEfficiency: split?.inputEfficiency ?? num('batteryInputEfficiency') ?? BATTERY_DEFAULTS.inputEfficiency,
    minSoc: num('batteryMinSoc') ?? BATTERY_DEFAULTS.minSoc,
    maxSoc: num('batteryMaxSoc') ?? BATTERY_DEFAULTS.maxSoc,
    reserve: num('batteryReserve') ?? BATTERY_DEFAULTS.reserve,
    initialSoc: num('batteryInitialSoc') ?? BATTERY_DEFAULTS.initialSoc,
    capacityFadePerYear: num('batteryCapacityFade') ?? BATTERY_DEFAULTS.capacityFadePerYear,
    coupling: flagAt(b.batteryDcCoupled, `${path}batteryDcCoupled`) ? 'DC' : 'AC',
    gridCharging: flagAt(b.allowGridToBattery, `${path}allowGridToBattery`) ?? BATTERY_DEFAULTS.gridCharging,
    gridExport: flagAt(b.allowBatteryToGrid, `${path}allowBatteryToGrid`) ?? BATTERY_DEFAULTS.gridExport,
    degradationCostPerKwh: num('batteryDegradationCost') ?? BATTERY_DEFAULTS.degradationCostPerKwh,
  };
  const problem = batteryProblem(battery);
  if (problem) {
    const name =
      problem.field === 'chargeKw' && b.batteryChargePower === undefined
        ? 'batteryNameplatePower'
        : problem.field === 'dischargeKw' && b.batteryDischargePower === undefined
          ? 'batteryNameplatePower'
          : FIELD[problem.field];
    throw invalidArgument(`${path}${name}`, String(b[name] ?? battery[problem.field]), problem.message);
  }
  const years = num('batteryYearsInService') ?? 0;
  if (!(years >= 0 && years <= 50))
    throw invalidArgument(`${path}batteryYearsInService`, String(years), 'batteryYearsInService must be from 0 to 50');
  return fadedBattery(battery, years);
}

/** The strategy, from Ratebook's name or the original's object; BILL_OPTIMAL by default, as the original. */
export function readStrategy(
  raw: BatteryInput['dispatchStrategy'],
  path: string,
): { strategy: Strategy; schedule: Schedule | null } {
  const field = `${path}dispatchStrategy`;
  if (raw === undefined) return { strategy: 'BILL_OPTIMAL', schedule: null };
  if (typeof raw === 'string') {
    const strategy = enumValue(field, raw, STRATEGIES);
    if (strategy === undefined) throw missingArgument(field);
    if (strategy === 'FIXED_SCHEDULE')
      throw invalidArgument(field, raw, 'FIXED_SCHEDULE needs its schedule: send {"fixedSchedule": {...}}');
    return { strategy, schedule: null };
  }
  const chosen = [raw.optimize === true, raw.chargeOnSurplus === true, raw.fixedSchedule !== undefined].filter(Boolean);
  if (chosen.length !== 1)
    throw invalidArgument(
      field,
      JSON.stringify(raw),
      'dispatchStrategy names one strategy: {"optimize": true}, {"chargeOnSurplus": true} or {"fixedSchedule": {...}}',
    );
  if (raw.optimize) return { strategy: 'BILL_OPTIMAL', schedule: null };
  if (raw.chargeOnSurplus) return { strategy: 'SELF_CONSUMPTION', schedule: null };
  return { strategy: 'FIXED_SCHEDULE', schedule: readSchedule(raw.fixedSchedule!, `${field}.fixedSchedule`) };
}

/** The original's charge and discharge times of use as a mode for each day of the week, month and hour. */
export function readSchedule(s: Static<typeof FixedScheduleInput>, path: string): Schedule {
  const otherwise = (enumValue(`${path}.otherwise`, s.otherwise, ['IDLE', 'SELF_CONSUMPTION'] as const) ??
    'IDLE') as ScheduleMode;
  const modes: ScheduleMode[][][] = Array.from({ length: 7 }, () =>
    Array.from({ length: 12 }, () => Array<ScheduleMode>(24).fill(otherwise)),
  );
  const set = (tous: typeof s.chargeTous, mode: ScheduleMode, name: string) => {
    tous.forEach((tou, k) => {
      const months = span(tou.season?.seasonFromMonth ?? 1, tou.season?.seasonToMonth ?? 12, 12, 1, true);
      tou.touPeriods.forEach((p, j) => {
        const days = span(p.fromDayOfWeek ?? 0, p.toDayOfWeek ?? 6, 7, 0, true);
        const hours = span(p.fromHour, p.toHour, 24, 0, false);
        for (const d of days)
          for (const m of months)
            for (const h of hours) {
              const cell = modes[d]![m - 1]!;
              if (cell[h] !== otherwise && cell[h] !== mode)
                throw invalidArgument(
                  `${path}.${name}[${k}].touPeriods[${j}]`,
                  null,
                  'A charge time and a discharge time overlap: each hour takes one',
                );
              cell[h] = mode;
            }
      });
    });
  };
  set(s.chargeTous, 'CHARGE', 'chargeTous');
  set(s.dischargeTous, 'DISCHARGE', 'dischargeTous');
  return modes;
}

/** The values from `from` to `to` (included or not), wrapping past `size` (months count from `first`). */
function span(from: number, to: number, size: number, first: number, inclusive: boolean): number[] {
  const out: number[] = [];
  const last = inclusive ? to : to - 1;
  if (!inclusive && from === to) return out;
  for (let v = from, k = 0; k < size; k++) {
    out.push(v);
    if (v === last) break;
    v = v + 1 >= size + first ? first : v + 1;
  }
  return out;
}

/** The PV series beside the usage, inside the calculation's range. */
export function readSolar(
  s: Static<typeof SolarSeriesInput>,
  path: string,
  range: { from: number; to: number },
  zone: string,
  dcToAcEfficiency: number,
): SolarSeries {
  const from = dateTimeParam(`${path}.fromDateTime`, s.fromDateTime, zone)?.value.toMillis() ?? range.from;
  const end = from + s.dataSeries.length * s.duration;
  if (from < range.from || end > range.to)
    throw invalidArgument(
      `${path}.dataSeries`,
      `${s.dataSeries.length} values`,
      `The PV series runs from ${new Date(from).toISOString()} to ${new Date(end).toISOString()}, outside the calculation range`,
    );
  const factor = s.dataFactor ?? 1;
  if (!(Number.isFinite(factor) && factor >= 0 && factor <= 1000))
    throw invalidArgument(`${path}.dataFactor`, String(factor), 'dataFactor must be from 0 to 1000');
  const values = Float64Array.from(s.dataSeries, (v, j) => {
    const kwh = v * factor;
    if (!(kwh >= 0 && kwh <= 1e6))
      throw invalidArgument(`${path}.dataSeries[${j}]`, String(v), 'PV output must be from 0 to 1,000,000 kWh a value');
    return kwh;
  });
  const side = enumValue(`${path}.side`, s.side, ['AC', 'DC'] as const) ?? 'AC';
  if (s.inverterAcKw !== undefined && !(s.inverterAcKw > 0 && s.inverterAcKw <= 1e6))
    throw invalidArgument(`${path}.inverterAcKw`, String(s.inverterAcKw), 'inverterAcKw must be above 0 (kW)');
  return { from, duration: s.duration, values, side, dcToAcEfficiency, inverterAcKw: s.inverterAcKw ?? null };
}

/** The whole `storage` object of a calculation. */
export function readStorage(
  s: Static<typeof StorageInput>,
  path: string,
  range: { from: number; to: number },
  zone: string,
): StorageRequest & { populateDispatch: boolean } {
  const battery = readBattery(s, path);
  const { strategy, schedule } = readStrategy(s.dispatchStrategy, path);
  const efficiency = numberAt(s.solarDcToAcEfficiency, `${path}solarDcToAcEfficiency`) ?? 0.96;
  if (!(efficiency >= 0.5 && efficiency <= 1))
    throw invalidArgument(
      `${path}solarDcToAcEfficiency`,
      String(efficiency),
      'solarDcToAcEfficiency must be from 0.5 to 1',
    );
  const solar = s.solar ? readSolar(s.solar, `${path}solar`, range, zone, efficiency) : null;
  return { battery, strategy, schedule, solar, populateDispatch: s.populateDispatch ?? true };
}
