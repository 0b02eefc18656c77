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

/** Cosine of the angle between the sun and the plane's normal (negative when the sun is behind the plane). */
export function cosIncidence(zenith: number, sunAzimuth: number, tilt: number, planeAzimuth: number): number {
  const z = zenith * RAD;
  const b = tilt * RAD;
  return Math.cos(z) * Math.cos(b) + Math.sin(z) * Math.sin(b) * Math.cos((sunAzimuth - planeAzimuth) * RAD);
}

/** Kasten (1966) relative air mass at an apparent zenith angle in degrees. */
export function airMass(zenith: number): number {
  return 1 / (Math.cos(zenith * RAD) + 0.15 * (93.885 - zenith) ** -1.253);
}

/** Perez's sky diffuse on a plane, W/m2. `extraterrestrial` is the normal irradiance above the atmosphere. */
export function perezSkyDiffuse(dhi: number, dni: number, zenith: number, extraterrestrial: number, cosAoi: number, tilt: number): number {
  if (!(dhi > 0)) return 0;
  const z = Math.min(zenith, 90) * RAD;
  const kappa = 1.041;
  const epsilon = ((dhi + dni) / dhi + kappa * z ** 3) / (1 + kappa * z ** 3);
  const delta = (dhi * airMass(Math.min(zenith, 90))) / extraterrestrial;
  let bin = 0;
  while (bin < EPSILON_BOUNDS.length && epsilon >= EPSILON_BOUNDS[bin]!) bin++;
  const f1 = Math.max(0, F11[bin]! + F12[bin]! * delta + F13[bin]! * z);
  const f2 = F21[bin]! + F22[bin]! * delta + F23[bin]! * z;
  // a / b: the circumsolar part's projection on the plane against the horizontal (b floored at 85 degrees).
  const a = Math.max(0, cosAoi);
  const b = Math.max(Math.cos(85 * RAD), Math.cos(z));
  const sky = dhi * ((1 - f1) * ((1 + Math.cos(tilt * RAD)) / 2) + (f1 * a) / b + f2 * Math.sin(tilt * RAD));
  return Math.max(0, sky);
}

/** Ground-reflected irradiance on a plane of `tilt`, isotropic. */
export function groundReflected(ghi: number, albedo: number, tilt: number): number {
  return Math.max(0, ghi * albedo * ((1 - Math.cos(tilt * RAD)) / 2));
}

/**
 * The share of beam irradiance a glass cover of refractive index `n` transmits at an angle of incidence (degrees),
 * relative to normal incidence.
 */
export function coverTransmittance(aoi: number, n: number): number {
  if (aoi >= 90) return 0;
  return transmittance(aoi * RAD, n) / transmittance(0, n);
}

/** Bouguer absorption (K = 4 /m, L = 2 mm) times Fresnel transmission of both polarizations, at theta (radians). */
function transmittance(theta: number, n: number): number {
  const KL = 4 * 0.002;
  if (theta < 1e-6) return Math.exp(-KL) * (1 - ((1 - n) / (1 + n)) ** 2);
  const thetaR = Math.asin(Math.sin(theta) / n);
  const perpendicular = Math.sin(thetaR - theta) ** 2 / Math.sin(thetaR + theta) ** 2;
  const parallel = Math.tan(thetaR - theta) ** 2 / Math.tan(thetaR + theta) ** 2;
  return Math.exp(-KL / Math.cos(thetaR)) * (1 - (perpendicular + parallel) / 2);
}
