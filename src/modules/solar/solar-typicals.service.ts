// Typical solar production for a place and a system (the original API's typical solar, as PVWatts answers it): the
// place's weather station (station-choice.ts), PVWatts v8 over its typical year, by hour, day, month or the year.
import { pvwattsV8Hourly } from '../../engine/solar/v8/pvwatts-v8.ts';
import {
  MODULE_TYPES,
  V8_ARRAY_TYPES,
  V8_DEFAULTS,
  type V8System,
  v8SystemProblem,
} from '../../engine/solar/v8/system.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { ARRAY_CODES, MODULE_CODES } from './pv-inputs.ts';
import type { SolarService } from './solar.service.ts';
import { SOLAR_GROUPS } from './solar-typicals.schemas.ts';
import type { WeatherRepository } from './weather.repository.ts';

export interface SolarBestQuery {
  zipCode?: string;
  postCode?: string;
  country?: string;
  addressString?: string;
  lat?: number;
  lng?: number;
  systemSize: number;
  moduleType?: string;
  arrayType?: string;
  tilt?: number;
  azimuth?: number;
  losses?: number;
  dcAcRatio?: number;
  inverterEfficiency?: number;
  gcr?: number;
  bifaciality?: number;
  soiling?: string;
  groupBy?: string;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The query's system, PVWatts's defaults filled in; a 400 naming the first input out of range. */
export function systemOfQuery(q: SolarBestQuery): V8System {
  const name = <T extends string>(
    key: string,
    raw: string | undefined,
    codes: Record<string, T>,
    names: readonly T[],
  ) => {
    if (raw === undefined) return undefined;
    const v = codes[raw.trim()] ?? names.find((n) => n === raw.trim().toUpperCase());
    if (v === undefined)
      throw invalidArgument(key, raw, `${key} must be one of ${[...names, ...Object.keys(codes)].join(', ')}`);
    return v;
  };
  let soiling: number[] | undefined;
  if (q.soiling !== undefined) {
    soiling = q.soiling.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
  }
  const system: V8System = {
    ...V8_DEFAULTS,
    systemCapacity: q.systemSize,
    moduleType: name('moduleType', q.moduleType, MODULE_CODES, MODULE_TYPES) ?? V8_DEFAULTS.moduleType,
    arrayType: name('arrayType', q.arrayType, ARRAY_CODES, V8_ARRAY_TYPES) ?? V8_DEFAULTS.arrayType,
    tilt: q.tilt ?? V8_DEFAULTS.tilt,
    azimuth: q.azimuth ?? V8_DEFAULTS.azimuth,
    losses: q.losses ?? V8_DEFAULTS.losses,
    dcAcRatio: q.dcAcRatio ?? V8_DEFAULTS.dcAcRatio,
    inverterEfficiency: q.inverterEfficiency ?? V8_DEFAULTS.inverterEfficiency,
    groundCoverageRatio: q.gcr ?? V8_DEFAULTS.groundCoverageRatio,
    bifaciality: q.bifaciality ?? 0,
    ...(soiling ? { soiling } : {}),
  };
  const problem = v8SystemProblem(system);
  if (problem) {
    const [field, message] = problem;
    const param = field === 'systemCapacity' ? 'systemSize' : field === 'groundCoverageRatio' ? 'gcr' : field;
    const shown = message.replace('systemCapacity', 'systemSize').replace('groundCoverageRatio', 'gcr');
    throw invalidArgument(param, field === 'soiling' ? q.soiling : system[field], shown);
  }
  return system;
}

export class SolarTypicalsService {
  constructor(
    private readonly zipcodes: ZipcodesService,
    private readonly solar: SolarService,
    private readonly weather: WeatherRepository,
  ) {}

  async best(q: SolarBestQuery) {
    const system = systemOfQuery(q);
    const groupBy = (q.groupBy ?? 'MONTH').trim().toUpperCase();
    if (!(SOLAR_GROUPS as readonly string[]).includes(groupBy))
      throw invalidArgument('groupBy', q.groupBy, `groupBy must be one of ${SOLAR_GROUPS.join(', ')}`);
    const { zip, param: locationParam } = await this.zipcodes.placeOfQuery(q);
    const latitude = q.lat !== undefined && q.lng !== undefined && !q.zipCode ? q.lat : zip.latitude;
    const longitude = q.lat !== undefined && q.lng !== undefined && !q.zipCode ? q.lng : zip.longitude;
    if (latitude === null || longitude === null)
      throw invalidArgument(locationParam, zip.zipcode, `ZIP code ${zip.zipcode} has no known location`);
    const choice = await this.solar.station(
      { latitude, longitude, climateZone: zip.climate_zone ?? null },
      locationParam,
    );
    const weather = await this.weather.weather(choice.station);
    const hourly = pvwattsV8Hourly(system, weather);
    const intervals: {
      month: number;
      day: number | null;
      hour: number | null;
      acKWh: number;
      dcKWh: number;
      poaKWhPerM2: number;
      cellTemperature: number | null;
    }[] = [];
    const monthlyPoa = new Array<number>(12).fill(0);
    let ac = 0;
    let dc = 0;
    let current: (typeof intervals)[number] | null = null;
    for (let i = 0; i < hourly.ac.length; i++) {
      const month = weather.month[i]!;
      const day = weather.day[i]!;
      const hour = weather.hour[i]!;
      const a = hourly.ac[i]! / 1000;
      const d = hourly.dc[i]! / 1000;
      const p = hourly.poa[i]! / 1000;
      ac += a;
      dc += d;
      monthlyPoa[month - 1]! += p;
      if (groupBy === 'YEAR') continue;
      const startsGroup =
        groupBy === 'HOUR' || current === null || current.month !== month || (groupBy === 'DAY' && current.day !== day);
      if (startsGroup) {
        current = {
          month,
          day: groupBy === 'MONTH' ? null : day,
          hour: groupBy === 'HOUR' ? hour : null,
          acKWh: 0,
          dcKWh: 0,
          poaKWhPerM2: 0,
          cellTemperature: groupBy === 'HOUR' ? round(hourly.cellTemperature[i]!, 2) : null,
        };
        intervals.push(current);
      }
      current!.acKWh += a;
      current!.dcKWh += d;
      current!.poaKWhPerM2 += p;
    }
    for (const x of intervals) {
      x.acKWh = round(x.acKWh, 4);
      x.dcKWh = round(x.dcKWh, 4);
      x.poaKWhPerM2 = round(x.poaKWhPerM2, 4);
    }
    const kWhPerKw = ac / system.systemCapacity;
    const { station } = choice;
    return {
      model: {
        name: 'PVWatts',
        version: '8',
        description:
          "Ratebook's port of NREL's PVWatts v8 (SSC pvwattsv8), bifacial modules included: no snow, wind stow, shading or degradation",
      },
      weatherStation: {
        stationId: station.stationId,
        name: station.name,
        dataset: station.dataset,
        latitude: station.latitude,
        longitude: station.longitude,
        elevation: station.elevation,
        utcOffset: station.utcOffset,
        distanceKm: round(choice.distanceKm, 1),
        sameClimateZone: choice.sameZone,
        timeConvention:
          weather.convention === 'INSTANT'
            ? 'each hour read at its time stamp (minute) as an instant'
            : 'each hour read as the average of the hour, the sun at its middle',
        source: station.source,
      },
      system: {
        systemSize: system.systemCapacity,
        moduleType: system.moduleType,
        arrayType: system.arrayType,
        tilt: system.tilt,
        azimuth: system.azimuth,
        losses: system.losses,
        dcAcRatio: system.dcAcRatio,
        inverterEfficiency: system.inverterEfficiency,
        gcr: system.groundCoverageRatio,
        bifaciality: system.bifaciality ?? 0,
        soiling: system.soiling ? [...system.soiling] : null,
      },
      groupBy,
      annual: {
        acKWh: round(ac, 3),
        dcKWh: round(dc, 3),
        solarRadiationKWhPerM2PerDay: round(monthlyPoa.reduce((s, p, m) => s + p / DAYS_IN_MONTH[m]!, 0) / 12, 4),
        capacityFactor: round((kWhPerKw / 8760) * 100, 3),
        kWhPerKw: round(kWhPerKw, 3),
      },
      intervals,
    };
  }
}
