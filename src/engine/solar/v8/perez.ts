// The sky's diffuse light and the ground's reflection on a plane as PVWatts v8 has them (NREL SSC `perez` in
// lib_irradproc.cpp, after Perez et al. 1990, Solar Energy 44(5), table 6's coefficients as SSC holds them): Perez's
// circumsolar and horizon terms while the sun's zenith is below 87.5 degrees; nearer the horizon the sky is isotropic
// and the ground reflects nothing; no diffuse light and no ground reflection at all when DHI <= 0. The
// ground reflects albedo x (DNI cos(zenith) + DHI), the beam reaches the plane as DNI cos(incidence).
const RAD = Math.PI / 180;
const EPSILON_BOUNDS = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2];
const F11 = [-0.0083117, 0.1299457, 0.3296958, 0.5682053, 0.873028, 1.1326077, 1.0601591, 0.677747];
const F12 = [0.5877285, 0.6825954, 0.4868735, 0.1874525, -0.3920403, -1.2367284, -1.5999137, -0.3272588];
const F13 = [-0.0620636, -0.1513752, -0.2210958, -0.295129, -0.3616149, -0.4118494, -0.3589221, -0.2504286];
const F21 = [-0.0596012, -0.0189325, 0.055414, 0.1088631, 0.2255647, 0.2877813, 0.2642124, 0.1561313];
const F22 = [0.0721249, 0.065965, -0.0639588, -0.1519229, -0.4620442, -0.8230357, -1.127234, -1.3765031];
const F23 = [-0.0220216, -0.0288748, -0.0260542, -0.0139754, 0.0012448, 0.0558651, 0.1310694, 0.2506212];
/** Zenith (radians) beyond which the sky is taken as isotropic: 87.5 degrees. */
const ISOTROPIC_FROM = 87.5 * RAD;

/** Beam, sky diffuse and ground-reflected irradiance on the plane, W/m2. */
export interface PoaParts {
  beam: number;
  sky: number;
  ground: number;
}

/** The sky diffuse's own parts on the plane, W/m2 (the bifacial rear-side model reads them). */
export interface PerezParts extends PoaParts {
  isotropic: number;
  circumsolar: number;
  horizon: number;
}

/**
 * The parts of plane-of-array irradiance. Angles in degrees: the sun's zenith, the beam's incidence on the plane, the
 * plane's tilt.
 */
export function perezV8(
  dni: number,
  dhi: number,
  albedo: number,
  incidence: number,
  tilt: number,
  zenithDegrees: number,
): PerezParts {
  const dn = Math.max(0, dni);
  const zen = zenithDegrees * RAD;
  const cosInc = Math.cos(incidence * RAD);
  const cosTilt = Math.cos(tilt * RAD);
  if (zen < 0 || zen > ISOTROPIC_FROM) {
    const sky = (Math.max(0, dhi) * (1 + cosTilt)) / 2;
    const beam = cosInc > 0 && zenithDegrees < 90 ? dn * cosInc : 0;
    return { beam, sky, ground: 0, isotropic: sky, circumsolar: 0, horizon: 0 };
  }
  const cz = Math.cos(zen);
  if (dhi <= 0)
    return { beam: cosInc > 0 ? dn * cosInc : 0, sky: 0, ground: 0, isotropic: 0, circumsolar: 0, horizon: 0 };
  const zh = Math.max(cz, 0.0871557);
  const airMass = 1 / (cz + 0.15 * (93.9 - zenithDegrees) ** -1.253);
  const brightness = (dhi * airMass) / 1367;
  const z3 = zenithDegrees ** 3;
  const clearness = ((dn + dhi) / dhi + z3 * 0.000005534) / (1 + z3 * 0.000005534);
  let bin = 0;
  while (bin < 7 && clearness > EPSILON_BOUNDS[bin]!) bin++;
  const f1 = Math.max(0, F11[bin]! + F12[bin]! * brightness + F13[bin]! * zen);
  const f2 = F21[bin]! + F22[bin]! * brightness + F23[bin]! * zen;
  const zc = Math.max(0, cosInc);
  const isotropic = (dhi * (1 - f1) * (1 + cosTilt)) / 2;
  const circumsolar = (dhi * f1 * zc) / zh;
  const horizon = dhi * f2 * Math.sin(tilt * RAD);
  return {
    beam: dn * zc,
    sky: isotropic + circumsolar + horizon,
    ground: (albedo * (dn * cz + dhi) * (1 - cosTilt)) / 2,
    isotropic,
    circumsolar,
    horizon,
  };
}
