// Hourly AC output of a PV system from a typical year of weather, after NREL's PVWatts (Dobos 2014, "PVWatts
// Version 5 Manual", NREL/TP-6A20-62641; the module coefficients of versions 7 and 8): the sun's position, the
// plane of array (fixed, or tracking about one axis), Perez's sky diffuse, the glass cover's angle-of-incidence
// losses on the beam, Fuentes's cell temperature, the PVWatts DC model with its low-light correction, the system
// losses, and the PVWatts inverter model with clipping at the AC rating.
import { fuentesCellTemperatures } from './cell-temperature.ts';
import {
  cosIncidenceOn,
  coverOf,
  groundReflectedOn,
  perezOn,
  planeOf,
  zenithOf,
  type Plane,
} from './plane-of-array.ts';
import { SunHours, type Place } from './sun-position.ts';

const RAD = Math.PI / 180;

export const MODULE_TYPES = ['STANDARD', 'PREMIUM', 'THIN_FILM'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
export const ARRAY_TYPES = ['FIXED_OPEN_RACK', 'FIXED_ROOF_MOUNT', 'ONE_AXIS'] as const;
export type ArrayType = (typeof ARRAY_TYPES)[number];

/** A PV system as PVWatts names its inputs. */
export interface PvSystem {
  /** Nameplate DC capacity, kW. */
  systemCapacity: number;
  moduleType: ModuleType;
  arrayType: ArrayType;
  /** Degrees from horizontal (for one-axis trackers, the tilt of the axis). */
  tilt: number;
  /** Degrees clockwise from north (180 = south); for trackers, of the axis. */
  azimuth: number;
  /** System losses, percent (PVWatts default 14.08). */
  losses: number;
  /** DC to AC size ratio (default 1.2). */
  dcAcRatio: number;
  /** Nominal inverter efficiency, percent (default 96). */
  inverterEfficiency: number;
  /**
   * Ground coverage ratio (default 0.4). PVWatts uses it for backtracking and row self-shading, neither of which is
   * modelled here yet: accepted and kept, not used.
   */
  groundCoverageRatio: number;
}

export const PVWATTS_DEFAULTS: Omit<PvSystem, 'systemCapacity'> = {
  moduleType: 'STANDARD',
  arrayType: 'FIXED_ROOF_MOUNT',
  tilt: 20,
  azimuth: 180,
  losses: 14.08,
  dcAcRatio: 1.2,
  inverterEfficiency: 96,
  groundCoverageRatio: 0.4,
};

/** Temperature coefficient of power (per C) and cover refractive index by module type (PVWatts 7/8). */
export const MODULES: Record<ModuleType, { gamma: number; refractiveIndex: number }> = {
  STANDARD: { gamma: -0.0037, refractiveIndex: 1.526 },
  PREMIUM: { gamma: -0.0035, refractiveIndex: 1.3 },
  THIN_FILM: { gamma: -0.0032, refractiveIndex: 1.526 },
};
/** Installed nominal operating cell temperature by mounting, C. */
export const INOCT: Record<ArrayType, number> = { FIXED_OPEN_RACK: 45, FIXED_ROOF_MOUNT: 49, ONE_AXIS: 45 };
/** A tracker turns at most this far either way, degrees. */
const ROTATION_LIMIT = 45;

/** A typical year of hourly weather: row i is the hour [hour[i], hour[i] + 1) of local standard time. */
export interface WeatherYear {
  place: Place;
  year: ArrayLike<number>;
  month: ArrayLike<number>;
  day: ArrayLike<number>;
  hour: ArrayLike<number>;
  /** Global horizontal, direct normal and diffuse horizontal irradiance, W/m2. */
  ghi: ArrayLike<number>;
  dni: ArrayLike<number>;
  dhi: ArrayLike<number>;
  /** Dry-bulb air temperature, C. */
  airTemperature: ArrayLike<number>;
  /** Wind speed, m/s. */
  windSpeed: ArrayLike<number>;
  /** Ground reflectance by hour where the file has it (0-1); otherwise 0.2 is used. */
  albedo?: ArrayLike<number>;
}

export interface PvHourly {
  /** AC energy in each hour, kWh. */
  ac: Float64Array;
  /** DC energy after system losses, kWh. */
  dc: Float64Array;
  /** Plane-of-array irradiance, W/m2 (before the cover), and cell temperature, C. */
  poa: Float64Array;
  cellTemperature: Float64Array;
}

/** Tilt and azimuth of a one-axis tracker's surface with the sun at (zenith, azimuth): Marion and Dobos (2013). */
export function trackerSurface(system: PvSystem, zenith: number, sunAzimuth: number): Plane {
  const z = zenith * RAD;
  const axisTilt = system.tilt * RAD;
  const relative = (sunAzimuth - system.azimuth) * RAD;
  const x = Math.sin(z) * Math.sin(relative);
  const y = Math.sin(z) * Math.cos(relative) * Math.sin(axisTilt) + Math.cos(z) * Math.cos(axisTilt);
  const rotation = Math.max(-ROTATION_LIMIT * RAD, Math.min(ROTATION_LIMIT * RAD, Math.atan2(x, y)));
  const tilt = Math.acos(Math.cos(rotation) * Math.cos(axisTilt));
  if (tilt < 1e-9) return planeOf(0, system.azimuth);
  const azimuth = system.azimuth * RAD + Math.asin(Math.max(-1, Math.min(1, Math.sin(rotation) / Math.sin(tilt))));
  return planeOf(tilt / RAD, azimuth / RAD);
}

/** The PVWatts inverter: part-load efficiency curve scaled to the nominal efficiency, clipped at the AC rating. */
export function inverterAc(dcKw: number, acRating: number, nominal: number): number {
  if (dcKw <= 0) return 0;
  const dcRating = acRating / nominal;
  const load = dcKw / dcRating;
  const efficiency = (nominal / 0.9637) * (-0.0162 * load - 0.0059 / load + 0.9858);
  return Math.max(0, Math.min(acRating, efficiency * dcKw));
}

/** Ranges PVWatts accepts for each input, inclusive: [min, max]. */
export const PV_LIMITS: Readonly<
  Record<
    'systemCapacity' | 'tilt' | 'azimuth' | 'losses' | 'dcAcRatio' | 'inverterEfficiency' | 'groundCoverageRatio',
    readonly [number, number]
  >
> = {
  systemCapacity: [0.05, 500_000],
  tilt: [0, 90],
  azimuth: [0, 360],
  losses: [-5, 99],
  dcAcRatio: [0.5, 2],
  inverterEfficiency: [90, 99.5],
  groundCoverageRatio: [0.01, 0.99],
};

/** The first input of `system` out of PVWatts's ranges, as [name, message]; null when all are in range. */
export function pvSystemProblem(system: PvSystem): [keyof PvSystem, string] | null {
  for (const [name, [min, max]] of Object.entries(PV_LIMITS) as [keyof typeof PV_LIMITS, readonly [number, number]][]) {
    const v = system[name];
    if (!(typeof v === 'number' && v >= min && v <= max))
      return [name, `${name} must be a number from ${min} to ${max}`];
  }
  if (!MODULE_TYPES.includes(system.moduleType))
    return ['moduleType', `moduleType must be one of ${MODULE_TYPES.join(', ')}`];
  if (!ARRAY_TYPES.includes(system.arrayType))
    return ['arrayType', `arrayType must be one of ${ARRAY_TYPES.join(', ')}`];
  return null;
}

/** Hourly output of `system` over the weather year. */
export function pvwattsHourly(system: PvSystem, weather: WeatherYear): PvHourly {
  const problem = pvSystemProblem(system);
  if (problem) throw new RangeError(problem[1]);
  const n = weather.ghi.length;
  const module = MODULES[system.moduleType];
  const poa = new Float64Array(n);
  const transmitted = new Float64Array(n);
  const sunHours = new SunHours(weather.place);
  const fixed = system.arrayType === 'ONE_AXIS' ? null : planeOf(system.tilt, system.azimuth);
  const cover = coverOf(module.refractiveIndex);
  for (let i = 0; i < n; i++) {
    const sun = sunHours.at(weather.year[i]!, weather.month[i]!, weather.day[i]!, weather.hour[i]!);
    if (!sun || sun.zenith >= 90) continue;
    const surface = fixed ?? trackerSurface(system, sun.zenith, sun.azimuth);
    const zenith = zenithOf(sun.zenith);
    const cosAoi = cosIncidenceOn(zenith, sun.azimuth, surface);
    const dni = Math.max(0, weather.dni[i]!);
    const dhi = Math.max(0, weather.dhi[i]!);
    const ghi = Math.max(0, weather.ghi[i]!);
    const albedo = weather.albedo && weather.albedo[i]! > 0 && weather.albedo[i]! < 1 ? weather.albedo[i]! : 0.2;
    const beam = dni * Math.max(0, cosAoi);
    const sky = perezOn(dhi, dni, zenith, sun.extraterrestrial, cosAoi, surface);
    const ground = groundReflectedOn(ghi, albedo, surface);
    poa[i] = beam + sky + ground;
    const aoi = Math.acos(Math.max(-1, Math.min(1, cosAoi))) / RAD;
    transmitted[i] = beam * cover(aoi) + sky + ground;
  }
  const cellTemperature = fuentesCellTemperatures(
    poa,
    weather.airTemperature,
    weather.windSpeed,
    INOCT[system.arrayType],
  );
  const dc = new Float64Array(n);
  const ac = new Float64Array(n);
  const acRating = system.systemCapacity / system.dcAcRatio;
  const keep = 1 - system.losses / 100;
  for (let i = 0; i < n; i++) {
    const light = transmitted[i]!;
    if (!(light > 0)) continue;
    // Below 125 W/m2 the efficiency falls off quadratically (PVWatts v5 manual, eq. 12).
    const effective = light > 125 ? light : 0.008 * light * light;
    dc[i] = system.systemCapacity * (effective / 1000) * (1 + module.gamma * (cellTemperature[i]! - 25)) * keep;
    ac[i] = inverterAc(dc[i]!, acRating, system.inverterEfficiency / 100);
  }
  return { ac, dc, poa, cellTemperature };
}
