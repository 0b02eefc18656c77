// The PV model's reference path: the published equations evaluated as they are written, without the model's
// speed-ups (the declination by arcsine and the hour angle by atan2, Snell's angle by arcsine with six more
// trigonometric calls, every power by **, every sine and cosine taken where it is used). The fast model must give the
// same hours (pvwatts-speed.test.ts). The steps the speed-ups left alone (Perez, the ground, the tracker, the
// inverter) are the model's own.
import { fuentesCellTemperatures } from '../../../src/engine/solar/cell-temperature.ts';
import { cosIncidence, groundReflected, perezSkyDiffuse } from '../../../src/engine/solar/plane-of-array.ts';
import {
  INOCT,
  inverterAc,
  MODULES,
  trackerSurface,
  type PvSystem,
  type WeatherYear,
} from '../../../src/engine/solar/pvwatts.ts';
import type { Place } from '../../../src/engine/solar/sun-position.ts';

const RAD = Math.PI / 180;
const mod = (x: number, m: number) => ((x % m) + m) % m;
const julianDay = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / 86_400_000 + 2_440_587.5;

/** Michalsky (1988): the sun's apparent zenith and azimuth (degrees), declination and the equation of time (hours). */
export function referenceSun(place: Place, year: number, month: number, day: number, hour: number) {
  const ut = hour - place.timeZone;
  const n = julianDay(year, month, day) + ut / 24 - 2_451_545.0;
  const L = mod(280.46 + 0.9856474 * n, 360);
  const g = mod(357.528 + 0.9856003 * n, 360) * RAD;
  const lambda = mod(L + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g), 360) * RAD;
  const epsilon = (23.439 - 0.0000004 * n) * RAD;
  const ra = Math.atan2(Math.cos(epsilon) * Math.sin(lambda), Math.cos(lambda));
  const dec = Math.asin(Math.sin(epsilon) * Math.sin(lambda));
  const lmst = mod(mod(6.697375 + 0.0657098242 * n + ut, 24) + place.longitude / 15, 24);
  const ha = Math.atan2(Math.sin(lmst * 15 * RAD - ra), Math.cos(lmst * 15 * RAD - ra));
  const lat = place.latitude * RAD;
  const el =
    Math.asin(Math.max(-1, Math.min(1, Math.sin(dec) * Math.sin(lat) + Math.cos(dec) * Math.cos(lat) * Math.cos(ha)))) /
    RAD;
  const r =
    el > -0.56 ? (3.51561 * (0.1594 + 0.0196 * el + 0.00002 * el ** 2)) / (1 + 0.505 * el + 0.0845 * el ** 2) : 0.56;
  const azimuth = mod(
    Math.atan2(Math.sin(ha), Math.cos(ha) * Math.sin(lat) - Math.tan(dec) * Math.cos(lat)) / RAD + 180,
    360,
  );
  const equationOfTime = mod(L * RAD - ra + Math.PI, 2 * Math.PI) / RAD / 15 - 12;
  return { zenith: 90 - Math.min(90, el + r), azimuth, dec, equationOfTime };
}

/** The sun for an hour of data: at the middle of its sunlit part (PVWatts), null when down all hour. */
function referenceSunHour(place: Place, year: number, month: number, day: number, hour: number) {
  const noon = referenceSun(place, year, month, day, 12);
  const solarNoon = 12 - noon.equationOfTime - (place.longitude - place.timeZone * 15) / 15;
  const cosH0 = -Math.tan(place.latitude * RAD) * Math.tan(noon.dec);
  let middle = hour + 0.5;
  if (cosH0 <= -1 || cosH0 >= 1) {
    if (!(noon.dec * place.latitude > 0)) return null;
  } else {
    const halfDay = Math.acos(cosH0) / RAD / 15;
    const start = Math.max(hour, solarNoon - halfDay);
    const end = Math.min(hour + 1, solarNoon + halfDay);
    if (end <= start) return null;
    middle = (start + end) / 2;
  }
  const dayOfYear = julianDay(year, month, day) - julianDay(year, 1, 1) + 1;
  return {
    ...referenceSun(place, year, month, day, middle),
    extraterrestrial: 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365)),
  };
}

/** Fresnel and Bouguer through the cover at theta (radians), Snell's angle by arcsine. */
export function referenceTransmittance(theta: number, n: number): number {
  if (theta < 1e-6) return Math.exp(-0.008) * (1 - ((1 - n) / (1 + n)) ** 2);
  const r = Math.asin(Math.sin(theta) / n);
  const perpendicular = Math.sin(r - theta) ** 2 / Math.sin(r + theta) ** 2;
  const parallel = Math.tan(r - theta) ** 2 / Math.tan(r + theta) ** 2;
  return Math.exp(-0.008 / Math.cos(r)) * (1 - (perpendicular + parallel) / 2);
}

/** Hourly AC kWh of `system`, by the reference path; the cell temperature by `cells` (Fuentes by default). */
export function referencePvwatts(
  system: PvSystem,
  weather: WeatherYear,
  cells = fuentesCellTemperatures,
): Float64Array {
  const n = weather.ghi.length;
  const module = MODULES[system.moduleType];
  const poa = new Float64Array(n);
  const light = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sun = referenceSunHour(weather.place, weather.year[i]!, weather.month[i]!, weather.day[i]!, weather.hour[i]!);
    if (!sun || sun.zenith >= 90) continue;
    const plane =
      system.arrayType === 'ONE_AXIS'
        ? trackerSurface(system, sun.zenith, sun.azimuth)
        : { tilt: system.tilt, azimuth: system.azimuth };
    const cosAoi = cosIncidence(sun.zenith, sun.azimuth, plane.tilt, plane.azimuth);
    const [dni, dhi, ghi] = [weather.dni[i]!, weather.dhi[i]!, weather.ghi[i]!].map((x) => Math.max(0, x)) as [
      number,
      number,
      number,
    ];
    const a = weather.albedo?.[i];
    const albedo = a !== undefined && a > 0 && a < 1 ? a : 0.2;
    const beam = dni * Math.max(0, cosAoi);
    const diffuse =
      perezSkyDiffuse(dhi, dni, sun.zenith, sun.extraterrestrial, cosAoi, plane.tilt) +
      groundReflected(ghi, albedo, plane.tilt);
    poa[i] = beam + diffuse;
    const aoi = Math.acos(Math.max(-1, Math.min(1, cosAoi)));
    light[i] =
      (aoi >= Math.PI / 2
        ? 0
        : beam *
          (referenceTransmittance(aoi, module.refractiveIndex) / referenceTransmittance(0, module.refractiveIndex))) +
      diffuse;
  }
  const cell = cells(poa, weather.airTemperature, weather.windSpeed, INOCT[system.arrayType]);
  return Float64Array.from(light, (g, i) => {
    if (!(g > 0)) return 0;
    const dc =
      system.systemCapacity *
      ((g > 125 ? g : 0.008 * g * g) / 1000) *
      (1 + module.gamma * (cell[i]! - 25)) *
      (1 - system.losses / 100);
    return inverterAc(dc, system.systemCapacity / system.dcAcRatio, system.inverterEfficiency / 100);
  });
}
