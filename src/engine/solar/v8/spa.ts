// The sun's position as PVWatts v8 finds it: NREL's Solar Position Algorithm (Reda and Andreas 2004, NREL/TP-560-34302,
// "SPA") in the form NREL SSC runs it (`solarpos_spa` and `calculate_spa` in lib_irradproc.cpp): SPA's steps (Julian
// days, the Earth's heliocentric position, nutation, the true obliquity, aberration, sidereal time, the geocentric then
// topocentric right ascension and declination with the parallax for the site's elevation, refraction from the air's
// pressure and temperature, azimuth), with the Earth's heliocentric longitude, radius vector, nutation in longitude and
// true obliquity taken from SG2's short series (Blanc and Wald 2012, Solar Energy 86(10), "The SG2 algorithm for a
// fast and accurate computation of the position of the Sun") instead of SPA's long periodic tables, as SSC does.
// Sunrise and sunset are SPA's (its appendix A.2: transit from the previous, same and next day's right ascension and
// declination at 0 h TT, corrected once), when the refracted upper limb touches the horizon (-0.8333 degree).
//
// Where SSC departs from the paper, this follows SSC, since the aim is to agree with v8 hour by hour: the aberration
// (-9.933735e-5) and the equatorial parallax (4.263521e-5) are SG2's radian figures used as degrees, the topocentric
// declination is the first-order expression, the minute is truncated to whole minutes in the Julian day, and delta T
// is a polynomial of the year. Each of these moves the sun by under 0.01 degree.
const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;
const TWO_PI = 2 * Math.PI;

/** SG2's series for the Earth's heliocentric longitude: [frequency (1/day), amplitude (rad), phase (rad)]. */
const LONGITUDE_TERMS: readonly (readonly [number, number, number])[] = [
  [1 / 365.261278, 3.401508e-2, 1.60078],
  [1 / 182.632412, 3.48644e-4, 1.662976],
  [1 / 29.530634, 3.136227e-5, -1.195905],
  [1 / 399.52985, 3.578979e-5, -1.042052],
  [1 / 291.956812, 2.676185e-5, 2.012613],
  [1 / 583.598201, 2.333925e-5, -2.867714],
  [1 / 4652.629372, 1.221214e-5, 1.225038],
  [1 / 1450.236684, 1.217941e-5, -0.828601],
  [1 / 199.459709, 1.343914e-5, -3.108253],
  [1 / 365.355291, 8.499475e-4, -2.353709],
];
/** SPA's (VSOP87) terms of the Earth's heliocentric latitude B0 and B1: [A, B, C] of A cos(B + C x millennia). */
const LATITUDE_TERMS: readonly (readonly (readonly [number, number, number])[])[] = [
  [
    [280, 3.199, 84334.662],
    [102, 5.422, 5507.553],
    [80, 3.88, 5223.69],
    [44, 3.7, 2352.87],
    [32, 4, 1577.34],
  ],
  [
    [9, 3.9, 5507.55],
    [6, 1.73, 5223.69],
  ],
];

/** x brought into [0, 360). */
const limitDegrees = (x: number) => {
  const d = x / 360;
  const limited = 360 * (d - Math.floor(d));
  return limited < 0 ? limited + 360 : limited;
};
/** x brought into [0, 1). */
const limitZeroToOne = (x: number) => {
  const limited = x - Math.floor(x);
  return limited < 0 ? limited + 1 : limited;
};
/** x brought into (-180, 180]. */
const limitDegrees180pm = (x: number) => {
  const d = x / 360;
  const limited = 360 * (d - Math.floor(d));
  return limited < -180 ? limited + 360 : limited > 180 ? limited - 360 : limited;
};
/** x brought into [0, 180). */
const limitDegrees180 = (x: number) => {
  const d = x / 180;
  const limited = 180 * (d - Math.floor(d));
  return limited < 0 ? limited + 180 : limited;
};

/** TT - UT, seconds, by the year (the polynomials SSC uses). */
export function deltaT(year: number): number {
  if (year >= 1961 && year <= 1986) {
    const t = year - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (year > 1986 && year <= 2005) {
    const t = year - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 + 0.000651814 * t ** 4;
  }
  if (year > 2005 && year <= 2050) {
    const t = year - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  return 66.7;
}

/** Julian day of a local standard time (`timeZone` hours from UTC); hour and minute are taken as whole numbers. */
export function julianDay(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: number,
): number {
  const dayDecimal = day + (Math.trunc(hour) - timeZone + Math.trunc(minute) / 60) / 24;
  let y = year;
  let m = month;
  if (m < 3) {
    m += 12;
    y--;
  }
  let jd = Math.trunc(365.25 * (y + 4716)) + Math.trunc(30.6001 * (m + 1)) + dayDecimal - 1524.5;
  if (jd > 2299160) {
    const a = Math.trunc(y / 100);
    jd += 2 - a + Math.trunc(a / 4);
  }
  return jd;
}

/** The site: latitude, longitude (east positive), degrees; elevation, m. */
export interface SpaSite {
  latitude: number;
  longitude: number;
  elevation: number;
}

/** SPA's figures at one instant. Angles in degrees. */
export interface SpaPosition {
  /** Julian ephemeris millennium (the equation of time's argument). */
  jme: number;
  nutationLongitude: number;
  trueObliquity: number;
  /** Apparent sidereal time at Greenwich. */
  siderealTime: number;
  /** Geocentric right ascension and declination. */
  rightAscension: number;
  declination: number;
  /** Topocentric zenith (refraction included) and azimuth (clockwise from north). */
  zenith: number;
  azimuth: number;
}

/**
 * SPA's refraction, degrees (eq. 42), for a geometric elevation `e0` (degrees), the air's pressure (mbar) and
 * temperature (C); none once the sun's upper limb is below the refracted horizon (e0 below -(0.26667 + 0.5667)).
 */
export function spaRefraction(e0: number, pressure: number, temperature: number): number {
  if (e0 < -(0.26667 + 0.5667)) return 0;
  const r = ((pressure / 1010) * (283 / (273 + temperature)) * 1.02) / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * RAD));
  return Number.isNaN(r) ? 0 : r;
}

/** The terms above as flat arrays, read in index loops (the model asks for the sun some 5,000 times a year). */
const LONGITUDE_FLAT = Float64Array.from(LONGITUDE_TERMS.flat());
const LATITUDE_B0 = Float64Array.from(LATITUDE_TERMS[0]!.flat());
const LATITUDE_B1 = Float64Array.from(LATITUDE_TERMS[1]!.flat());

/** SPA's geocentric figures at one instant: what sunrise and sunset need, and the position starts from. */
interface Geocentric {
  jme: number;
  nutationLongitude: number;
  trueObliquity: number;
  siderealTime: number;
  rightAscension: number;
  deltaRad: number;
}

const periodic = (terms: Float64Array, jme: number) => {
  let sum = 0;
  for (let k = 0; k < terms.length; k += 3) sum += terms[k]! * Math.cos(terms[k + 1]! + terms[k + 2]! * jme);
  return sum;
};

/** SPA's steps 3.1-3.10 at Julian day `jd` (UT) with TT - UT `dt` seconds. */
function geocentric(jd: number, dt: number): Geocentric {
  const jc = (jd - 2451545) / 36525;
  const jde = jd + dt / 86400;
  const jme = (jde - 2451545) / 36525 / 10;
  const jStarTT = jde - 2444239.5;
  // The Earth's heliocentric longitude (SG2), latitude (SPA's B0, B1) and radius vector (SG2).
  let lg = jStarTT / 58.130101 + 1.742145;
  for (let k = 0; k < LONGITUDE_FLAT.length; k += 3)
    lg += LONGITUDE_FLAT[k + 1]! * Math.cos(TWO_PI * LONGITUDE_FLAT[k]! * jStarTT - LONGITUDE_FLAT[k + 2]!);
  const l = limitDegrees(DEG * lg);
  const b = (DEG * (periodic(LATITUDE_B0, jme) + periodic(LATITUDE_B1, jme) * jme)) / 1e8;
  // Geocentric longitude and latitude, nutation in longitude and the true obliquity (SG2), aberration.
  let theta = l + 180;
  if (theta >= 360) theta -= 360;
  const beta = -b;
  const nutationLongitude = DEG * 8.329092e-5 * Math.cos((TWO_PI * jStarTT) / 6791.164405 + 2.052757);
  const trueObliquity =
    DEG * (4.456183e-5 * Math.cos((TWO_PI * jStarTT) / 6791.164405 - 2.660352) - 6.216374e-9 * jStarTT + 0.4091383);
  const lambda = theta + nutationLongitude - 9.933735e-5;
  // Sidereal time at Greenwich, mean then apparent.
  const nu0 = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + jc * jc * (0.000387933 - jc / 38710000));
  const epsilonRad = trueObliquity * RAD;
  const cosEpsilon = Math.cos(epsilonRad);
  const sinEpsilon = Math.sin(epsilonRad);
  const siderealTime = nu0 + nutationLongitude * cosEpsilon;
  // Geocentric right ascension and declination.
  const lambdaRad = lambda * RAD;
  const sinLambda = Math.sin(lambdaRad);
  const betaRad = beta * RAD;
  const rightAscension = limitDegrees(
    DEG * Math.atan2(sinLambda * cosEpsilon - Math.tan(betaRad) * sinEpsilon, Math.cos(lambdaRad)),
  );
  const deltaRad = Math.asin(Math.sin(betaRad) * cosEpsilon + Math.cos(betaRad) * sinEpsilon * sinLambda);
  return { jme, nutationLongitude, trueObliquity, siderealTime, rightAscension, deltaRad };
}

/** A site's figures SPA's parallax and azimuth read, found once per site. */
interface SiteTerms {
  sinLat: number;
  cosLat: number;
  x: number;
  y: number;
}
const siteTerms = new WeakMap<SpaSite, SiteTerms>();
function termsOf(site: SpaSite): SiteTerms {
  let t = siteTerms.get(site);
  if (!t) {
    const latRad = site.latitude * RAD;
    const u = Math.atan(0.99664719 * Math.tan(latRad));
    t = {
      sinLat: Math.sin(latRad),
      cosLat: Math.cos(latRad),
      y: 0.99664719 * Math.sin(u) + (site.elevation * Math.sin(latRad)) / 6378140,
      x: Math.cos(u) + (site.elevation * Math.cos(latRad)) / 6378140,
    };
    siteTerms.set(site, t);
  }
  return t;
}
/** The sun's equatorial horizontal parallax: SG2's radian figure, which SSC reads as degrees. */
const XI = 4.263521e-5 * RAD;

/** SPA at Julian day `jd` (UT) with TT - UT `dt` seconds; the air's pressure (mbar) and temperature (C). */
export function spaAt(jd: number, dt: number, site: SpaSite, pressure: number, temperature: number): SpaPosition {
  const g = geocentric(jd, dt);
  const { sinLat, cosLat, x, y } = termsOf(site);
  const { deltaRad } = g;
  // Local hour angle; parallax in right ascension and the topocentric declination.
  const hourAngle = limitDegrees(g.siderealTime + site.longitude - g.rightAscension);
  const hRad = hourAngle * RAD;
  const sinDelta = Math.sin(deltaRad);
  const cosDelta = Math.cos(deltaRad);
  const deltaAlpha = DEG * -x * (Math.sin(hRad) / cosDelta) * XI;
  const deltaPrimeRad = deltaRad + (x * Math.cos(hRad) * sinDelta - y * cosDelta) * XI;
  const hPrimeRad = (hourAngle - deltaAlpha) * RAD;
  const cosHPrime = Math.cos(hPrimeRad);
  // Topocentric elevation, refraction (none once the upper limb is below the refracted horizon), zenith, azimuth.
  const e0 = DEG * Math.asin(sinLat * Math.sin(deltaPrimeRad) + cosLat * Math.cos(deltaPrimeRad) * cosHPrime);
  const e = Math.max(-90, Math.min(90, e0 + spaRefraction(e0, pressure, temperature)));
  const azimuthAstro = limitDegrees(
    DEG * Math.atan2(Math.sin(hPrimeRad), cosHPrime * sinLat - Math.tan(deltaPrimeRad) * cosLat),
  );
  return {
    jme: g.jme,
    nutationLongitude: g.nutationLongitude,
    trueObliquity: g.trueObliquity,
    siderealTime: g.siderealTime,
    rightAscension: g.rightAscension,
    declination: deltaRad * DEG,
    zenith: 90 - e,
    azimuth: limitDegrees(azimuthAstro + 180),
  };
}

/** Sunrise and sunset in hours of local standard time; [-100, 100] when the sun never sets, [100, -100] never rises. */
export interface RiseSet {
  sunrise: number;
  sunset: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The sun's centre at sunrise and sunset: the upper limb (0.26667) on the horizon refracted by 0.5667 degree. */
const RISE_SET_ELEVATION = -0.8333;

/** SPA's interpolation of the previous, same and next day's figures `v` at day fraction `n`. */
function interpolate(n: number, v: readonly [number, number, number]): number {
  let a = v[1] - v[0];
  let b = v[2] - v[1];
  if (Math.abs(a) >= 2) a = limitZeroToOne(a);
  if (Math.abs(b) >= 2) b = limitZeroToOne(b);
  return v[1] + (n * (a + b + (b - a) * n)) / 2;
}

/** The geocentric figures at 0 h TT of the last few dates asked (each date is asked as the next, same and previous). */
const zeroTT = new Map<number, Geocentric>();
function geocentricAtZeroTT(jd: number): Geocentric {
  let g = zeroTT.get(jd);
  if (!g) {
    if (zeroTT.size >= 8) zeroTT.delete(zeroTT.keys().next().value!);
    g = geocentric(jd, 0);
    zeroTT.set(jd, g);
  }
  return g;
}

/**
 * Sunrise and sunset of a date by SPA's appendix A.2, hours of local standard time in [0, 24); `h0` is the hour angle
 * at sunrise (180 when the sun never sets, 0 when it never rises).
 */
function riseSetOf(
  year: number,
  month: number,
  day: number,
  site: SpaSite,
  timeZone: number,
  dt: number,
): { h0: number; sunrise: number; sunset: number } {
  const jd0 = julianDay(year, month, day, 0, 0, 0);
  // SSC reads Greenwich's sidereal time and the declination at 0 UT with a delta T of 67 s, then the three days'
  // right ascension and declination at 0 TT (delta T 0); refraction plays no part in these. Consecutive days share
  // two of the three, kept from the day before.
  const atZero = geocentric(jd0, 67);
  const nu = atZero.siderealTime;
  const days = [-1, 0, 1].map((k) => geocentricAtZeroTT(jd0 + k));
  const alphas = days.map((d) => d.rightAscension) as [number, number, number];
  const deltas = days.map((d) => d.deltaRad * DEG) as [number, number, number];
  const m0 = (alphas[1] - site.longitude - nu) / 360;
  const latRad = site.latitude * RAD;
  const dec0 = atZero.deltaRad;
  const arg =
    (Math.sin(RISE_SET_ELEVATION * RAD) - Math.sin(latRad) * Math.sin(dec0)) / (Math.cos(latRad) * Math.cos(dec0));
  const h0 = Math.abs(arg) <= 1 ? limitDegrees180(DEG * Math.acos(arg)) : arg < -1 ? 180 : 0;
  if (!(h0 > 0)) return { h0, sunrise: -99999, sunset: -99999 };
  const m = [limitZeroToOne(m0), limitZeroToOne(m0 - h0 / 360), limitZeroToOne(m0 + h0 / 360)];
  if (m[2]! + timeZone / 24 < 0 && m[2]! + 1 + timeZone / 24 < 1) m[2]! += 1;
  const at = (i: 1 | 2) => {
    const n = m[i]! + dt / 86400;
    const alpha = interpolate(n, alphas);
    const delta = interpolate(n, deltas) * RAD;
    const hPrime = limitDegrees180pm(nu + 360.985647 * m[i]! + site.longitude - alpha) * RAD;
    const altitude =
      DEG * Math.asin(Math.sin(latRad) * Math.sin(delta) + Math.cos(latRad) * Math.cos(delta) * Math.cos(hPrime));
    const fraction =
      m[i]! + (altitude - RISE_SET_ELEVATION) / (360 * Math.cos(delta) * Math.cos(latRad) * Math.sin(hPrime));
    return 24 * limitZeroToOne(fraction + timeZone / 24);
  };
  return { h0, sunrise: at(1), sunset: at(2) };
}

/**
 * Sunrise and sunset of a date as SSC's `solarpos_spa` reports them: a sunset before the sunrise is the next day's
 * (24 h added to the next date's sunset); [-100, 100] when the sun never sets, [100, -100] when it never rises.
 */
export function spaSunriseSunset(year: number, month: number, day: number, site: SpaSite, timeZone: number): RiseSet {
  const dt = deltaT(year);
  const today = riseSetOf(year, month, day, site, timeZone, dt);
  let { sunset } = today;
  if (sunset < today.sunrise) {
    const next =
      day < DAYS_IN_MONTH[month - 1]!
        ? riseSetOf(year, month, day + 1, site, timeZone, dt)
        : month < 12
          ? riseSetOf(year, month + 1, 1, site, timeZone, dt)
          : riseSetOf(year + 1, 1, 1, site, timeZone, dt);
    sunset = next.sunset + 24;
  }
  if (today.h0 === 180) return { sunrise: -100, sunset: 100 };
  if (today.h0 === 0) return { sunrise: 100, sunset: -100 };
  return { sunrise: today.sunrise, sunset };
}

/** The sun's topocentric zenith and azimuth (degrees) at a local standard time, by SPA with refraction. */
export function spaPosition(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  site: SpaSite,
  timeZone: number,
  pressure: number,
  temperature: number,
): { zenith: number; azimuth: number } {
  const p = spaAt(julianDay(year, month, day, hour, minute, timeZone), deltaT(year), site, pressure, temperature);
  return { zenith: Math.max(0, Math.min(180, p.zenith)), azimuth: p.azimuth };
}
