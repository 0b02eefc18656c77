// Readings of a modelled profile, made for whatever range is asked: a typical baseline of the account's place scaled
// to the profile's year of kWh (TypicalBaseline), or the hourly AC output of a PVWatts system there (PVWatts).
import { PVWATTS_DEFAULTS, type PvSystem } from '../../engine/solar/pvwatts.ts';
import { solarOnDates } from '../../engine/solar/solar-on-dates.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { SolarService } from '../solar/solar.service.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';

const HOUR = 3_600_000;

/** PVWatts inputs a PVWatts profile takes as properties, and the limits each is checked against. */
const PV_PROPERTIES: Record<string, { field: keyof PvSystem; min: number; max: number }> = {
  systemSize: { field: 'systemCapacity', min: 0.05, max: 500_000 },
  tilt: { field: 'tilt', min: 0, max: 90 },
  azimuth: { field: 'azimuth', min: 0, max: 360 },
  losses: { field: 'losses', min: -5, max: 99 },
  dcAcRatio: { field: 'dcAcRatio', min: 0.5, max: 3 },
  inverterEfficiency: { field: 'inverterEfficiency', min: 90, max: 99.5 },
};
const MODULE_TYPES: Record<string, PvSystem['moduleType']> = { '0': 'STANDARD', '1': 'PREMIUM', '2': 'THIN_FILM', STANDARD: 'STANDARD', PREMIUM: 'PREMIUM', THIN_FILM: 'THIN_FILM' };
const ARRAY_TYPES: Record<string, PvSystem['arrayType']> = { '0': 'FIXED_OPEN_RACK', '1': 'FIXED_ROOF_MOUNT', '2': 'ONE_AXIS', FIXED_OPEN_RACK: 'FIXED_OPEN_RACK', FIXED_ROOF_MOUNT: 'FIXED_ROOF_MOUNT', ONE_AXIS: 'ONE_AXIS' };
export const BASELINE_PROPERTIES = ['loadSize', 'buildingType'];
export const PV_PROPERTY_KEYS = [...Object.keys(PV_PROPERTIES), 'moduleType', 'arrayType'];

/** The PV system a PVWatts profile's properties describe; systemSize is required. */
export function pvSystemOf(props: ReadonlyMap<string, string>, field: (key: string) => string): PvSystem {
  const system: PvSystem = { ...PVWATTS_DEFAULTS, systemCapacity: 0 };
  for (const [key, rule] of Object.entries(PV_PROPERTIES)) {
    const raw = props.get(key);
    if (raw === undefined) continue;
    const v = Number(raw);
    if (!(Number.isFinite(v) && v >= rule.min && v <= rule.max)) throw invalidArgument(field(key), raw, `${key} must be a number from ${rule.min} to ${rule.max}`);
    (system[rule.field] as number) = v;
  }
  if (!props.has('systemSize')) throw invalidArgument(field('systemSize'), null, 'A PVWatts profile needs systemSize (kW DC)');
  const pick = <T>(key: string, table: Record<string, T>): T | undefined => {
    const raw = props.get(key);
    if (raw === undefined) return undefined;
    const v = table[raw.toUpperCase()];
    if (v === undefined) throw invalidArgument(field(key), raw, `${key} must be one of ${Object.keys(table).join(', ')}`);
    return v;
  };
  system.moduleType = pick('moduleType', MODULE_TYPES) ?? system.moduleType;
  system.arrayType = pick('arrayType', ARRAY_TYPES) ?? system.arrayType;
  return system;
}

/** A profile's properties that a modelled source reads; others are refused so a typo is not silently unused. */
export function checkModelProperties(sourceId: string, props: ReadonlyMap<string, string>, field: (key: string) => string): void {
  const allowed = sourceId === 'PVWatts' ? PV_PROPERTY_KEYS : sourceId === 'TypicalBaseline' ? BASELINE_PROPERTIES : null;
  if (allowed === null) return;
  for (const key of props.keys()) if (!allowed.includes(key)) throw invalidArgument(field(key), key, `A ${sourceId} profile takes the properties ${allowed.join(', ')}`);
  if (sourceId === 'PVWatts') pvSystemOf(props, field);
  if (sourceId === 'TypicalBaseline' && props.has('loadSize')) {
    const v = Number(props.get('loadSize'));
    if (!(Number.isFinite(v) && v > 0 && v <= 1e12)) throw invalidArgument(field('loadSize'), props.get('loadSize')!, 'loadSize is the kWh of a year: a number more than 0');
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
      { zipCode: place.zip.zipcode, buildingType: props.get('buildingType'), customerClass: props.get('buildingType') ? undefined : place.customerClass === 'RESIDENTIAL' ? 'RESIDENTIAL' : 'GENERAL', ...(loadSize ? { sizingKeyName: 'loadSize', sizingDataValue: Number(loadSize), sizingUnit: 'kWh' } : {}) },
      place.zone,
      from,
      to,
    );
    return { readings: intervals.map((m) => ({ start: m.from, end: m.to, unit: 'kWh' as const, value: m.kwh, cost: null })), description: `typical baseline: ${description}` };
  }
  const system = pvSystemOf(props, (k) => `properties.${k}`);
  const station = await services.solar.station({ latitude: place.zip.latitude ?? 0, longitude: place.zip.longitude ?? 0, climateZone: place.zip.climate_zone ?? null }, 'address');
  const start = Math.floor(from / HOUR) * HOUR;
  const end = Math.ceil(to / HOUR) * HOUR;
  const perKw = solarOnDates(await services.solar.perKw(station, system), station.station.utcOffset, start, end);
  const readings: Reading[] = [];
  perKw.forEach((v, k) => readings.push({ start: start + k * HOUR, end: start + (k + 1) * HOUR, unit: 'kWh', value: v * system.systemCapacity, cost: null }));
  return { readings, description: `PVWatts model of ${system.systemCapacity} kW DC at weather station ${station.station.stationId} ${station.station.name}` };
}
