// Readings of a modelled profile, made for whatever range is asked: a typical baseline of the account's place scaled
// to the profile's year of kWh (TypicalBaseline), or the hourly AC output of a PVWatts system there (PVWatts).
import {
  V8_ARRAY_TYPES as ARRAY_TYPES,
  MODULE_TYPES,
  V8_LIMITS as PV_LIMITS,
  V8_DEFAULTS as PVWATTS_DEFAULTS,
  type V8System as PvSystem,
} from '../../engine/solar/v8/system.ts';
import { ARRAY_CODES, MODULE_CODES, PV_KEYS } from '../solar/pv-inputs.ts';
import { solarOnDates } from '../../engine/solar/solar-on-dates.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { baselineClassOf } from '../../domain/baselines/building-types.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';

const HOUR = 3_600_000;

/** The PVWatts inputs a PVWatts profile takes as properties (named as the savings analysis names them). */
const PV_NUMBERS = ['systemSize', 'tilt', 'azimuth', 'losses', 'dcAcRatio', 'inverterEfficiency', 'gcr', 'bifaciality'];
export const BASELINE_PROPERTIES = ['loadSize', 'buildingType'];
export const PV_PROPERTY_KEYS = [...PV_NUMBERS, 'moduleType', 'arrayType', 'soiling'];

/** The PV system a PVWatts profile's properties describe; systemSize is required. */
export function pvSystemOf(props: ReadonlyMap<string, string>, field: (key: string) => string): PvSystem {
  const system: PvSystem = { ...PVWATTS_DEFAULTS, systemCapacity: 0 };
  for (const key of PV_NUMBERS) {
    const raw = props.get(key);
    if (raw === undefined) continue;
    const name = PV_KEYS[key] as keyof typeof PV_LIMITS;
    const [min, max] = PV_LIMITS[name];
    const v = Number(raw);
    if (!(Number.isFinite(v) && v >= min && v <= max))
      throw invalidArgument(field(key), raw, `${key} must be a number from ${min} to ${max}`);
    system[name] = v;
  }
  if (!props.has('systemSize'))
    throw invalidArgument(field('systemSize'), null, 'A PVWatts profile needs systemSize (kW DC)');
  // A PVWatts code (0, 1, 2) or Ratebook's name, in any case.
  const pick = <T extends string>(key: string, codes: Record<string, T>, names: readonly T[]): T | undefined => {
    const raw = props.get(key);
    if (raw === undefined) return undefined;
    const v = codes[raw] ?? names.find((n) => n === raw.toUpperCase());
    if (v === undefined)
      throw invalidArgument(field(key), raw, `${key} must be one of ${[...Object.keys(codes), ...names].join(', ')}`);
    return v;
  };
  system.moduleType = pick('moduleType', MODULE_CODES, MODULE_TYPES) ?? system.moduleType;
  system.arrayType = pick('arrayType', ARRAY_CODES, ARRAY_TYPES) ?? system.arrayType;
  // Soiling, percent: one value for the year or twelve, comma-separated from January (PVWatts v8's).
  const soiling = props.get('soiling');
  if (soiling !== undefined) {
    const values = soiling.split(',').map((v) => (v.trim() === '' ? Number.NaN : Number(v)));
    if (!((values.length === 1 || values.length === 12) && values.every((v) => v >= 0 && v <= 100)))
      throw invalidArgument(
        field('soiling'),
        soiling,
        'soiling must be one percentage (0-100) for the year, or twelve comma-separated, January first',
      );
    system.soiling = values;
  }
  return system;
}

/** A profile's properties that a modelled source reads; others are refused so a typo is not silently unused. */
export function checkModelProperties(
  sourceId: string,
  props: ReadonlyMap<string, string>,
  field: (key: string) => string,
): void {
  const allowed =
    sourceId === 'PVWatts' ? PV_PROPERTY_KEYS : sourceId === 'TypicalBaseline' ? BASELINE_PROPERTIES : null;
  if (allowed === null) return;
  for (const key of props.keys())
    if (!allowed.includes(key))
      throw invalidArgument(field(key), key, `A ${sourceId} profile takes the properties ${allowed.join(', ')}`);
  if (sourceId === 'PVWatts') pvSystemOf(props, field);
  if (sourceId === 'TypicalBaseline' && props.has('loadSize')) {
    const v = Number(props.get('loadSize'));
    if (!(Number.isFinite(v) && v > 0 && v <= 1e12))
      throw invalidArgument(
        field('loadSize'),
        props.get('loadSize')!,
        'loadSize is the kWh of a year: a number more than 0',
      );
  }
}

export interface ModelPlace {
  zip: ZipRow;
  zone: string;
  customerClass: string;
}

export async function modelledReadings(
  services: { baselines: BaselinesService; solar: SolarService },
  sourceId: string,
  props: ReadonlyMap<string, string>,
  place: ModelPlace,
  from: number,
  to: number,
): Promise<{ readings: Reading[]; description: string }> {
  if (sourceId === 'TypicalBaseline') {
    const loadSize = props.get('loadSize');
    const { intervals, description } = await services.baselines.typicalUsage(
      {
        zipCode: place.zip.zipcode,
        buildingType: props.get('buildingType'),
        customerClass: props.get('buildingType') ? undefined : baselineClassOf(place.customerClass),
        ...(loadSize ? { sizingKeyName: 'loadSize', sizingDataValue: Number(loadSize), sizingUnit: 'kWh' } : {}),
      },
      place.zone,
      from,
      to,
    );
    return {
      readings: intervals.map((m) => ({ start: m.from, end: m.to, unit: 'kWh' as const, value: m.kwh, cost: null })),
      description: `typical baseline: ${description}`,
    };
  }
  const system = pvSystemOf(props, (k) => `properties.${k}`);
  const station = await services.solar.station(
    {
      latitude: place.zip.latitude ?? 0,
      longitude: place.zip.longitude ?? 0,
      climateZone: place.zip.climate_zone ?? null,
    },
    'address',
  );
  const start = Math.floor(from / HOUR) * HOUR;
  const end = Math.ceil(to / HOUR) * HOUR;
  const perKw = solarOnDates(await services.solar.perKw(station, system), station.station.utcOffset, start, end);
  const readings: Reading[] = [];
  perKw.forEach((v, k) => {
    readings.push({
      start: start + k * HOUR,
      end: start + (k + 1) * HOUR,
      unit: 'kWh',
      value: v * system.systemCapacity,
      cost: null,
    });
  });
  return {
    readings,
    description: `PVWatts model of ${system.systemCapacity} kW DC at weather station ${station.station.stationId} ${station.station.name}`,
  };
}
