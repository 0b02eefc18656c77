// The orientation of the modules and the sun's incidence on them for PVWatts v8's array types (NREL SSC `incidence`,
// `truetrack`, `backtrack` and `shadeFraction1x` in lib_irradproc.cpp; Marion and Dobos 2013, NREL/TP-6A20-58891, and
// Anderson and Mikofski 2020, NREL/TP-5K00-76626, for the closed-form backtracking on level ground): fixed, one-axis
// tracking (limited to +/- the rotation limit), one-axis with backtracking (turned back so rows never shade each
// other's beam), two-axis (facing the sun). All angles in degrees; azimuths clockwise from north.
const RAD = Math.PI / 180;

export type Tracking = 'FIXED' | 'ONE_AXIS' | 'ONE_AXIS_BACKTRACKING' | 'TWO_AXIS';

export interface Orientation {
  /** Angle between the sun and the module's normal. */
  incidence: number;
  /** The module surface's tilt and azimuth. */
  tilt: number;
  azimuth: number;
  /** One-axis trackers: the rotation about the axis (negative toward the east for a south axis). */
  rotation: number;
}

/** The rotation that points a one-axis tracker's normal nearest the sun, unlimited. */
export function trueTrackingRotation(sunZenith: number, sunAzimuth: number, axisTilt: number, axisAzimuth: number) {
  const elevation = (90 - sunZenith) * RAD;
  const sx = Math.cos(elevation) * Math.sin(sunAzimuth * RAD);
  const sy = Math.cos(elevation) * Math.cos(sunAzimuth * RAD);
  const sz = Math.sin(elevation);
  const ya = axisAzimuth * RAD;
  const ba = axisTilt * RAD;
  const along = sx * Math.cos(ya) - sy * Math.sin(ya);
  const normal = sx * Math.sin(ya) * Math.sin(ba) + sy * Math.sin(ba) * Math.cos(ya) + sz * Math.cos(ba);
  return Math.atan2(along, normal) / RAD;
}

/** Backtracking on level ground: turned back from the true-tracking angle just enough that rows do not shade. */
export function backtrackRotation(trueRotation: number, gcr: number): number {
  const projection = Math.abs(Math.cos(trueRotation * RAD)) / gcr;
  if (projection >= 1) return trueRotation;
  const sign = trueRotation > 0 ? 1 : -1;
  return trueRotation - (sign * Math.acos(projection)) / RAD;
}

/** Fraction of a one-axis row's width in the next row's shadow (level ground), 0-1. */
export function oneAxisShadeFraction(
  sunZenith: number,
  sunAzimuth: number,
  axisTilt: number,
  axisAzimuth: number,
  gcr: number,
  rotation: number,
): number {
  const trueAngle = trueTrackingRotation(sunZenith, sunAzimuth, axisTilt, axisAzimuth) * RAD;
  const r = rotation * RAD;
  const numerator = gcr * Math.cos(r) + gcr * Math.sin(r) * Math.tan(trueAngle) - 1;
  const denominator = gcr * (Math.sin(r) * Math.tan(trueAngle) + Math.cos(r));
  return Math.min(1, Math.max(0, numerator / denominator));
}

/** The beam's incidence, degrees, on a plane of `tilt` and `azimuth` with the sun at (zenith, azimuth). */
export const incidenceOn = (sunZenith: number, sunAzimuth: number, tilt: number, azimuth: number) => {
  const z = sunZenith * RAD;
  const t = tilt * RAD;
  const arg = Math.sin(z) * Math.cos((sunAzimuth - azimuth) * RAD) * Math.sin(t) + Math.cos(z) * Math.cos(t);
  return arg <= -1 ? 180 : arg >= 1 ? 0 : Math.acos(arg) / RAD;
};

/** The surface and the incidence for the sun at (zenith, azimuth). */
export function orientation(
  tracking: Tracking,
  tilt: number,
  azimuth: number,
  rotationLimit: number,
  gcr: number,
  sunZenith: number,
  sunAzimuth: number,
): Orientation {
  if (tracking === 'FIXED')
    return { incidence: incidenceOn(sunZenith, sunAzimuth, tilt, azimuth), tilt, azimuth, rotation: 0 };
  if (tracking === 'TWO_AXIS') return { incidence: 0, tilt: sunZenith, azimuth: sunAzimuth, rotation: 0 };
  const trueRotation = trueTrackingRotation(sunZenith, sunAzimuth, tilt, azimuth);
  const turned = tracking === 'ONE_AXIS_BACKTRACKING' ? backtrackRotation(trueRotation, gcr) : trueRotation;
  const rotation = Math.max(-rotationLimit, Math.min(rotationLimit, turned));
  const r = rotation * RAD;
  const cosSurfaceTilt = Math.cos(tilt * RAD) * Math.cos(r);
  const surfaceTilt = cosSurfaceTilt >= 1 ? 0 : cosSurfaceTilt <= -1 ? 180 : Math.acos(cosSurfaceTilt) / RAD;
  let surfaceAzimuth = 180;
  if (surfaceTilt !== 0) {
    const arg = Math.sin(r) / Math.sin(surfaceTilt * RAD);
    let az: number;
    if (arg <= -1) az = 270 + azimuth;
    else if (arg >= 1) az = 90 + azimuth;
    else if (r < -Math.PI / 2) az = azimuth - 180 - Math.asin(arg) / RAD;
    else if (r > Math.PI / 2) az = azimuth + 180 - Math.asin(arg) / RAD;
    else az = Math.asin(arg) / RAD + azimuth;
    surfaceAzimuth = az > 360 ? az - 360 : az < 0 ? az + 360 : az;
  }
  return {
    incidence: incidenceOn(sunZenith, sunAzimuth, surfaceTilt, surfaceAzimuth),
    tilt: surfaceTilt,
    azimuth: surfaceAzimuth,
    rotation,
  };
}
