// The typical load profiles of ../shared/reference/loads (read in place, never copied into the repository; see its
// README), as rows of load_profiles: each a building type in a place with its annual kWh and its 8760 hourly shape
// (fractions of the annual kWh, hour-beginning from Jan 1 00:00 local standard time).
// - DOECRB: REopt's normalized DOE commercial reference building profiles (9 types x 16 ASHRAE climate-zone cities),
//   scaled by REopt's annual kWh for the type and city. On the 2017 calendar: Jan 1 is a Sunday.
// - OPENEI_RES: OpenEI's single-family homes (TMY3 stations of Boston, Long Beach, St. Louis; BASE, LOW, HIGH), the
//   `Electricity:Facility` column in kW (= kWh per hour), hour-ending rows. The homes keep one schedule every day (no
//   weekday shape); start_day 7 is recorded as for the commercial profiles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import type { LoadProfilesTable } from '../../db/database.ts';
import { CRB_CITIES, CRB_SOURCE, type StationZone } from '../climate/climate-zones.ts';

export const HOURS = 8760;
const CRB_DIR = 'reopt-crb-electric';
const CRB_ANNUAL = 'reopt-crb_total_electric_annual_kwh.json';
const HOMES_DIR = 'openei-residential';
const REOPT =
  'NREL REopt.jl data/load_profiles/electric (normalized DOE commercial reference building profiles, EnergyPlus, 1989 code) and total_electric_annual_kwh.json @ 029db01dc17ddfc726b3fc5bb7fb72b8541cff0e, Apache-2.0';
const OPENEI =
  'OpenEI "Commercial and Residential Hourly Load Profiles for all TMY3 Locations in the United States" (NREL, ODC-BY 1.0; developed at the National Renewable Energy Laboratory), single-family house, copied in AndySouth/codata-energy-vis @ e3acac773a6364aafb610801e7c79b9024d558e8';

export class ReferenceLoadError extends Error {}

export type ProfileRow = Insertable<LoadProfilesTable>;

/** The shape of an hourly series: each value's fraction of the total (which is returned as annual kWh). */
function shapeOf(values: readonly number[], what: string): { annual: number; shape: number[] } {
  if (values.length !== HOURS) throw new ReferenceLoadError(`${what}: ${values.length} hourly values, not ${HOURS}`);
  let annual = 0;
  for (const v of values) {
    if (!Number.isFinite(v) || v < 0) throw new ReferenceLoadError(`${what}: a value ${v} is not a load`);
    annual += v;
  }
  if (!(annual > 0)) throw new ReferenceLoadError(`${what}: the values total nothing`);
  // Ten significant digits: far below a watt-hour of any year, and half the stored size of full doubles.
  return { annual, shape: values.map((v) => Number((v / annual).toPrecision(10))) };
}

/** REopt's CRB profiles: one row per file, annual kWh from the JSON of the same commit. */
export function readCrbProfiles(dir: string): ProfileRow[] {
  const annual = JSON.parse(readFileSync(join(dir, CRB_ANNUAL), 'utf8')) as Record<string, Record<string, number>>;
  const rows: ProfileRow[] = [];
  for (const file of readdirSync(join(dir, CRB_DIR))
    .filter((f) => f.endsWith('.dat'))
    .sort()) {
    const m = /^crb8760_norm_([A-Za-z]+)_([A-Za-z]+)\.dat$/.exec(file);
    if (!m) throw new ReferenceLoadError(`${file}: not a crb8760_norm_<City>_<Building>.dat file`);
    const [, city, building] = m as unknown as [string, string, string];
    const place = CRB_CITIES.find((c) => c.city === city);
    if (!place) throw new ReferenceLoadError(`${file}: ${city} is not one of REopt's CRB cities`);
    const kwh = annual[city]?.[building.toLowerCase()];
    if (typeof kwh !== 'number' || !(kwh > 0))
      throw new ReferenceLoadError(`${file}: no annual kWh for ${city} ${building} in ${CRB_ANNUAL}`);
    const values = readFileSync(join(dir, CRB_DIR, file), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .map(Number);
    // The files are fractions already (each sums to 1); the shape is taken as read, renormalized only by rounding.
    const { shape } = shapeOf(values, file);
    rows.push({
      profile_id: `DOECRB-${city}-${building}`,
      source_id: 'DOECRB',
      building_type: building,
      customer_class: building === 'MidriseApartment' ? 'RESIDENTIAL' : 'GENERAL',
      variant: null,
      place: city,
      state: null,
      climate_zone: place.zone,
      latitude: place.lat,
      longitude: place.lng,
      start_day: 7,
      annual_kwh: kwh,
      shape: JSON.stringify(shape),
      source: `${REOPT}: ${CRB_DIR}/${file}, annual ${kwh} kWh (${city}.${building.toLowerCase()}); ${CRB_SOURCE}`,
    });
  }
  return rows;
}

/** OpenEI's single-family homes; each station's zone from the weather-station table (by its WMO id). */
export function readOpenEiHomes(dir: string, stations: ReadonlyMap<string, StationZone>): ProfileRow[] {
  const zoneOfWmo = new Map<string, string>();
  for (const s of stations.values()) zoneOfWmo.set(s.wmo, s.zone);
  const rows: ProfileRow[] = [];
  for (const file of readdirSync(join(dir, HOMES_DIR))
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const m = /^USA_([A-Z]{2})_(.+)\.(\d{6})_TMY3_(BASE|LOW|HIGH)\.csv$/.exec(file);
    if (!m) throw new ReferenceLoadError(`${file}: not a USA_<ST>_<station>.<wmo>_TMY3_<BASE|LOW|HIGH>.csv file`);
    const [, state, station, wmo, variant] = m as unknown as [string, string, string, string, string];
    const zone = zoneOfWmo.get(wmo);
    if (!zone) throw new ReferenceLoadError(`${file}: station ${wmo} is not in the weather-station table`);
    const lines = readFileSync(join(dir, HOMES_DIR, file), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    const column = lines[0]!.split(',').findIndex((h) => h.trim() === 'Electricity:Facility [kW](Hourly)');
    if (column < 0) throw new ReferenceLoadError(`${file}: no Electricity:Facility [kW](Hourly) column`);
    if (lines[1]!.split(',')[0]!.trim() !== '01/01  01:00:00')
      throw new ReferenceLoadError(`${file}: the first row is not 01/01 01:00:00 (hour ending)`);
    const { annual, shape } = shapeOf(
      lines.slice(1).map((l) => Number(l.split(',')[column])),
      file,
    );
    rows.push({
      profile_id: `OPENEI_RES-${state}-${wmo}-${variant}`,
      source_id: 'OPENEI_RES',
      building_type: 'SingleFamilyDetached',
      customer_class: 'RESIDENTIAL',
      variant,
      place: `USA_${state}_${station}.${wmo}`,
      state,
      climate_zone: zone,
      latitude: null,
      longitude: null,
      start_day: 7,
      annual_kwh: Math.round(annual * 1000) / 1000,
      shape: JSON.stringify(shape),
      source: `${OPENEI}: ${HOMES_DIR}/${file}, column Electricity:Facility [kW](Hourly) (hour-ending rows, the first is Jan 1 00:00-01:00), annual ${Math.round(annual)} kWh`,
    });
  }
  return rows;
}
