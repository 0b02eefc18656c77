// Irradiance on a tilted plane from beam (DNI), diffuse (DHI) and global (GHI) horizontal irradiance: the beam by
// the angle of incidence, the sky's diffuse by Perez et al. (1990, Solar Energy 44(5), "Modeling daylight
// availability and irradiance components from direct and global irradiance", the "allsites composite" coefficients
// of its table 6), the ground's reflection isotropic. Then what the module's glass cover lets through of the beam
// (Fresnel and Bouguer, as the PVWatts v5 manual gives it: NREL/TP-6A20-62641, section 4).
const RAD = Math.PI / 180;

/** Perez's sky clearness bins (upper bounds of epsilon) and their coefficients F11..F23. */
const EPSILON_BOUNDS = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2];
const F11 = [-0.0083117, 0.1299457, 0.3296958, 0.5682053, 0.873028, 1.1326077, 1.0601591, 0.677747];
const F12 = [0.5877285, 0.6825954, 0.4868735, 0.1874525, -0.3920403, -1.2367284, -1.5999137, -0.3272588];
const F13 = [-0.0620636, -0.1513725, -0.2210958, -0.295129, -0.3616149, -0.4118494, -0.3589221, -0.2504286];
const F21 = [-0.0596012, -0.0189325, 0.055414, 0.1088631, 0.2255647, 0.2877813, 0.2642124, 0.1561313];
const F22 = [0.0721249, 0.065965, -0.0639588, -0.1519229, -0.4620442, -0.8230357, -1.127234, -1.3765031];
const F23 = [-0.0220216, -0.0288748, -0.0260542, -0.0139754, 0.0012448, 0.0558651, 0.1310694, 0.2506212];

/** A plane as the transposition reads it: its tilt's cosine and sine are taken once, not every hour. */
export interface Plane {
  tilt: number;
  azimuth: number;
  cosTilt: number;
  sinTilt: number;
}

export function planeOf(tilt: number, azimuth: number): Plane {
  return { tilt, azimuth, cosTilt: Math.cos(tilt * RAD), sinTilt: Math.sin(tilt * RAD) };
}

/** The sun's zenith angle (degrees, below 90) as the transposition reads it, with its cosine and sine. */
export interface Zenith {
  degrees: number;
  cos: number;
  sin: number;
}

export function zenithOf(degrees: number): Zenith {
  return { degrees, cos: Math.cos(degrees * RAD), sin: Math.sin(degrees * RAD) };
}

const COS_85 = Math.cos(85 * RAD);

/** Cosine of the angle between the sun and the plane's normal (negative when the sun is behind the plane). */
export function cosIncidence(zenith: number, sunAzimuth: number, tilt: number, planeAzimuth: number): number {
  return cosIncidenceOn(zenithOf(zenith), sunAzimuth, planeOf(tilt, planeAzimuth));
}

export function cosIncidenceOn(z: Zenith, sunAzimuth: number, plane: Plane): number {
  return z.cos * plane.cosTilt + z.sin * plane.sinTilt * Math.cos((sunAzimuth - plane.azimuth) * RAD);
}

/** Kasten (1966) relative air mass at an apparent zenith angle in degrees. */
export function airMass(zenith: number): number {
  return airMassAt(zenith, Math.cos(zenith * RAD));
}

function airMassAt(zenith: number, cosZenith: number): number {
  return 1 / (cosZenith + 0.15 * (93.885 - zenith) ** -1.253);
}

/** Perez's sky diffuse on a plane, W/m2. `extraterrestrial` is the normal irradiance above the atmosphere. */
export function perezSkyDiffuse(
  dhi: number,
  dni: number,
  zenith: number,
  extraterrestrial: number,
  cosAoi: number,
  tilt: number,
): number {
  return perezOn(dhi, dni, zenithOf(Math.min(zenith, 90)), extraterrestrial, cosAoi, planeOf(tilt, 0));
}

/** perezSkyDiffuse with the zenith (at most 90 degrees) and the plane prepared. */
export function perezOn(
  dhi: number,
  dni: number,
  zenith: Zenith,
  extraterrestrial: number,
  cosAoi: number,
  plane: Plane,
): number {
  if (!(dhi > 0)) return 0;
  const z = zenith.degrees * RAD;
  const kappa = 1.041;
  const epsilon = ((dhi + dni) / dhi + kappa * z ** 3) / (1 + kappa * z ** 3);
  const delta = (dhi * airMassAt(zenith.degrees, zenith.cos)) / extraterrestrial;
  let bin = 0;
  while (bin < EPSILON_BOUNDS.length && epsilon >= EPSILON_BOUNDS[bin]!) bin++;
  const f1 = Math.max(0, F11[bin]! + F12[bin]! * delta + F13[bin]! * z);
  const f2 = F21[bin]! + F22[bin]! * delta + F23[bin]! * z;
  // a / b: the circumsolar part's projection on the plane against the horizontal (b floored at 85 degrees).
  const a = Math.max(0, cosAoi);
  const b = Math.max(COS_85, zenith.cos);
  const sky = dhi * ((1 - f1) * ((1 + plane.cosTilt) / 2) + (f1 * a) / b + f2 * plane.sinTilt);
  return Math.max(0, sky);
}

/** Ground-reflected irradiance on a plane of `tilt`, isotropic. */
export function groundReflected(ghi: number, albedo: number, tilt: number): number {
  return groundReflectedOn(ghi, albedo, planeOf(tilt, 0));
}

export function groundReflectedOn(ghi: number, albedo: number, plane: Plane): number {
  return Math.max(0, ghi * albedo * ((1 - plane.cosTilt) / 2));
}

/**
 * The share of beam irradiance a glass cover of refractive index `n` transmits at an angle of incidence (degrees),
 * relative to normal incidence.
 */
export function coverTransmittance(aoi: number, n: number): number {
  return coverOf(n)(aoi);
}

/** coverTransmittance of one cover, its transmittance at normal incidence computed once. */
export function coverOf(n: number): (aoi: number) => number {
  const normal = transmittance(0, n);
  return (aoi) => (aoi >= 90 ? 0 : transmittance(aoi * RAD, n) / normal);
}

/**
 * Bouguer absorption (K = 4 /m, L = 2 mm) times Fresnel transmission of both polarizations, at theta (radians). The
 * refraction angle's sine is Snell's sin(theta) / n; the sines and cosines of the angles' sum and difference come from
 * theirs (one sine and one cosine an hour instead of an arcsine and six more trigonometric calls; the same values up
 * to rounding).
 */
function transmittance(theta: number, n: number): number {
  const KL = 4 * 0.002;
  if (theta < 1e-6) return Math.exp(-KL) * (1 - ((1 - n) / (1 + n)) ** 2);
  const sinT = Math.sin(theta);
  const cosT = Math.cos(theta);
  const sinR = sinT / n;
  const cosR = Math.sqrt(1 - sinR * sinR);
  const sinDiff = sinR * cosT - cosR * sinT;
  const sinSum = sinR * cosT + cosR * sinT;
  const cosDiff = cosR * cosT + sinR * sinT;
  const cosSum = cosR * cosT - sinR * sinT;
  const perpendicular = (sinDiff * sinDiff) / (sinSum * sinSum);
  // tan^2(r - t) / tan^2(r + t) = perpendicular * cos^2(r + t) / cos^2(r - t)
  const parallel = (perpendicular * (cosSum * cosSum)) / (cosDiff * cosDiff);
  return Math.exp(-KL / cosR) * (1 - (perpendicular + parallel) / 2);
}
