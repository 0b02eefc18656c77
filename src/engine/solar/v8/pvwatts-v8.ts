// PVWatts version 8, hour by hour (NREL SSC `pvwattsv8`, cmod_pvwattsv8.cpp; Gilman et al. 2018 and the v8
// documentation): for each record of a weather year, the sun by the file's time convention (sun.ts), the array's
// orientation (tracking.ts), Perez's sky (perez.ts), row self-shading (self-shading.ts), soiling, the NOCT cell
// temperature and the CEC single-diode module behind the cover and spectral corrections (module.ts, cover.ts), the DC
// losses, and the Sandia inverter clipped at the AC rating (inverter.ts); for bifacial modules, the rear's light by v8's
// view-factor model (bifacial.ts). Not modelled: snow, wind stow, external shading, transformer losses and degradation
// (v8's defaults leave all of them off).
import type { WeatherYear } from '../weather-year.ts';
import { rearIrradiance } from './bifacial.ts';
import { sandiaAc } from './inverter.ts';
import { airMassModifier, throughCover } from './cover.ts';
import { modulePower, noctCellTemperature, V8_MODULES, type ModuleType } from './module.ts';

export { V8_ARRAY_TYPES, type V8ArrayType, type V8System } from './system.ts';
import { perezV8 } from './perez.ts';
import { diffuseFactors, fixedShadedFraction, rowLayout, SkyDiffuseFactors } from './self-shading.ts';
import { SunForRecords, type TimeConvention } from './sun.ts';
import { type V8ArrayType, type V8System, v8SystemProblem } from './system.ts';
import { oneAxisShadeFraction, orientation, type Tracking } from './tracking.ts';

/** A weather year as v8 reads its records: with each record's minute stamp and the time convention of the file. */
export interface V8Weather extends WeatherYear {
  /** Minute of each record's stamp (30 for files whose hourly values v8 takes at the half hour). */
  minute: ArrayLike<number>;
  convention: TimeConvention;
  /** Site elevation, m (the spectral correction's air mass). */
  elevation: number;
}

export interface V8Hourly {
  /** AC and DC power in each record, W (for hourly records, Wh). */
  ac: Float64Array;
  dc: Float64Array;
  /**
   * Plane-of-array irradiance after shading and soiling (front, plus the rear's times the bifaciality), and the front's
   * after the cover, W/m2; cell temperature, C.
   */
  poa: Float64Array;
  transmittedPoa: Float64Array;
  cellTemperature: Float64Array;
}

const STC_EFFICIENCY: Record<ModuleType, number> = { STANDARD: 0.19, PREMIUM: 0.21, THIN_FILM: 0.18 };
const DEFAULT_ALBEDO = 0.2;

const trackingOf = (arrayType: V8ArrayType): Tracking =>
  arrayType === 'FIXED_OPEN_RACK' || arrayType === 'FIXED_ROOF_MOUNT' ? 'FIXED' : arrayType;

/**
 * What v8's output per kW DC depends on besides the system's shape: the row layout it estimates from the size (for
 * self-shaded arrays) and the inverter's self-consumption share by size. Two sizes of one shape with the same class give
 * outputs exactly proportional to their size, so one run serves both.
 */
export function sizeClass(system: V8System): string {
  const dcNameplate = system.systemCapacity * 1000;
  const tier = dcNameplate < 10 ? 'residential' : dcNameplate < 1000 ? 'commercial' : 'utility';
  if (!(system.arrayType === 'FIXED_OPEN_RACK' || system.arrayType.startsWith('ONE_AXIS'))) return tier;
  const layout = rowLayout(dcNameplate, STC_EFFICIENCY[system.moduleType], system.arrayType !== 'FIXED_OPEN_RACK', 0.5);
  return `${tier}|${layout.rows}|${layout.modulesAlong}`;
}

/** Where the sun is in each record of a weather year: zenith and azimuth, degrees; NaN while it is down. */
interface SunPath {
  zenith: Float64Array;
  azimuth: Float64Array;
}

const sunPaths = new WeakMap<V8Weather, SunPath>();

/**
 * The sun of each record, found once per weather year (its place, stamps and air decide it, not the system): SPA is
 * about a quarter of a year's PV time, and a savings analysis's orientations, /solar/best and the tests run many systems
 * on one weather year. Weather years are not changed once read, so the weather object itself is the key.
 */
function sunPathOf(weather: V8Weather): SunPath {
  const known = sunPaths.get(weather);
  if (known) return known;
  const n = weather.ghi.length;
  // v8 takes a negative elevation as 0 (for SPA's parallax and the spectral correction's air mass).
  const elevation = Math.max(0, weather.elevation);
  const sun = new SunForRecords(weather.place, weather.convention, elevation);
  // The air for SPA's refraction: each record's pressure (mbar) and temperature, as v8 reads them; a record without a
  // valid one (pressure 800 mbar or less, or missing) keeps the last valid, from 1013.25 mbar and 15 C. A file with no
  // pressure at all takes the standard atmosphere's at the site's elevation.
  const filePressure = weather.pressure;
  let pressure = filePressure ? 1013.25 : 1013.25 * (1 - 2.25577e-5 * elevation) ** 5.25588;
  let temperature = 15;
  const path: SunPath = { zenith: new Float64Array(n).fill(Number.NaN), azimuth: new Float64Array(n).fill(Number.NaN) };
  for (let i = 0; i < n; i++) {
    const p = filePressure?.[i];
    if (p !== undefined && p > 800) pressure = p;
    const t = weather.airTemperature[i]!;
    if (!Number.isNaN(t)) temperature = t;
    const at = sun.at(
      weather.year[i]!,
      weather.month[i]!,
      weather.day[i]!,
      weather.hour[i]!,
      weather.minute[i]!,
      pressure,
      temperature,
    );
    if (!at) continue;
    path.zenith[i] = at.zenith;
    path.azimuth[i] = at.azimuth;
  }
  sunPaths.set(weather, path);
  return path;
}

export function pvwattsV8Hourly(system: V8System, weather: V8Weather): V8Hourly {
  const problem = v8SystemProblem(system);
  if (problem) throw new RangeError(problem[1]);
  const n = weather.ghi.length;
  const module = V8_MODULES[system.moduleType];
  const tracking = trackingOf(system.arrayType);
  const dcNameplate = system.systemCapacity * 1000;
  const acRating = dcNameplate / system.dcAcRatio;
  const rotationLimit = system.rotationLimit ?? 45;
  const gcr = system.groundCoverageRatio;
  const noct = system.arrayType === 'FIXED_ROOF_MOUNT' ? 49 : 45;
  const selfShaded =
    system.arrayType === 'FIXED_OPEN_RACK' ||
    system.arrayType === 'ONE_AXIS' ||
    system.arrayType === 'ONE_AXIS_BACKTRACKING';
  const layout = rowLayout(dcNameplate, STC_EFFICIENCY[system.moduleType], tracking !== 'FIXED', gcr);
  const skyFactors = selfShaded ? new SkyDiffuseFactors(gcr, system.tilt) : null;
  const keep = 1 - system.losses / 100;
  const bifaciality = system.bifaciality ?? 0;
  // v8's bifacial rows: one module up on one-axis trackers, two on every other array type.
  const slopeLength = layout.length * (system.arrayType.startsWith('ONE_AXIS') ? 1 : 2);
  // v8 takes a negative elevation as 0 (for the spectral correction's air mass, as for SPA's parallax).
  const elevation = Math.max(0, weather.elevation);
  const sun = sunPathOf(weather);
  const out: V8Hourly = {
    ac: new Float64Array(n),
    dc: new Float64Array(n),
    poa: new Float64Array(n),
    transmittedPoa: new Float64Array(n),
    cellTemperature: Float64Array.from(weather.airTemperature),
  };
  for (let i = 0; i < n; i++) {
    const month = weather.month[i]!;
    const zenith = sun.zenith[i]!;
    const azimuth = sun.azimuth[i]!;
    if (Number.isNaN(zenith)) continue;
    const dni = weather.dni[i]!;
    const dhi = weather.dhi[i]!;
    const fileAlbedo = weather.albedo?.[i];
    const albedo = fileAlbedo !== undefined && fileAlbedo > 0 && fileAlbedo < 1 ? fileAlbedo : DEFAULT_ALBEDO;
    const surface = orientation(tracking, system.tilt, system.azimuth, rotationLimit, gcr, zenith, azimuth);
    let { beam, sky, ground } = perezV8(dni, dhi, albedo, surface.incidence, surface.tilt, zenith);
    let rear =
      bifaciality > 0
        ? bifaciality *
          rearIrradiance({
            sunZenith: zenith,
            sunAzimuth: azimuth,
            surfaceTilt: surface.tilt,
            surfaceAzimuth: surface.azimuth,
            dni,
            dhi,
            albedo,
            gcr,
            slopeLength,
            oneAxis: tracking === 'ONE_AXIS' || tracking === 'ONE_AXIS_BACKTRACKING',
          })
        : 0;
    if (skyFactors) {
      if (system.arrayType === 'FIXED_OPEN_RACK')
        beam *= 1 - fixedShadedFraction(layout, surface.tilt, surface.azimuth, zenith, azimuth);
      else if (system.arrayType === 'ONE_AXIS')
        beam *= 1 - oneAxisShadeFraction(zenith, azimuth, system.tilt, system.azimuth, gcr, surface.rotation);
      const f = diffuseFactors(skyFactors, surface.tilt, zenith, dni, dhi, sky, ground, gcr, albedo, layout.rows);
      // v8 leaves a factor out of range unapplied (it logs it), within a rounding tolerance.
      if (f.sky >= -0.00001 && f.sky <= 1.00001) {
        sky *= f.sky;
        rear *= f.sky;
      }
      if (f.ground >= -0.00001 && f.ground <= 1.00001) ground *= f.ground;
    }
    const soiling = system.soiling;
    if (soiling && soiling.length > 0) {
      const s = (soiling.length === 12 ? soiling[month - 1]! : soiling[0]!) / 100;
      beam *= 1 - s;
      sky *= 1 - s;
      ground *= 1 - s;
    }
    const front = beam + sky + ground;
    // What the cells convert: the front's light through the cover plus the rear's (v8's rear model already counts the
    // rear glass), times the spectral factor. The cell temperature reads the front's alone (v8's NOCT model).
    const through = throughCover(surface.incidence, surface.tilt, beam, sky, ground);
    const spectral = airMassModifier(zenith, elevation);
    const effective = (through + rear) * spectral;
    const effectiveFront = through * spectral;
    const cell = noctCellTemperature(module, effectiveFront, weather.airTemperature[i]!, weather.windSpeed[i]!, noct);
    const dc = ((modulePower(module, effective, cell) * dcNameplate) / (module.vmp * module.imp)) * keep;
    const poa = front + rear;
    out.poa[i] = poa;
    if (surface.incidence > 0.5 && surface.incidence < 89.5 && front > 0) {
      const transmitted = Math.max(0, through);
      out.transmittedPoa[i] = transmitted > poa ? front : transmitted;
    }
    out.cellTemperature[i] = cell;
    out.dc[i] = dc;
    out.ac[i] = Math.max(0, sandiaAc(dc, acRating, system.inverterEfficiency / 100, dcNameplate));
  }
  return out;
}
