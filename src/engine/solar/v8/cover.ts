// What reaches the cells through the module's glass, and the spectral correction, as PVWatts v8 has them (NREL SSC
// lib_pv_incidence_modifier.cpp and lib_cec6par.cpp): De Soto, Klein and Beckman (2006, Solar Energy 80(1)) with
// Duffie and Beckman's Fresnel-Bouguer transmittance (Solar Engineering of Thermal Processes, ch. 5): glass of index
// 1.526, 2 mm thick, extinction 4 /m, under an anti-reflective coating of index 1.3 a hundredth as thick; the beam at
// its incidence angle, the sky and the ground at Brandemuehl and Beckman's equivalent angles for the tilt; each
// relative to normal incidence and never above 1. The spectral correction is De Soto's air-mass polynomial for
// polycrystalline silicon, with Kasten and Young's air mass scaled by the site's elevation.
const RAD = Math.PI / 180;
const GLASS = { index: 1.526, thickness: 0.002, extinction: 4 };
const COATING = { index: 1.3, thickness: 0.002 * 0.01, extinction: 4 };
const AIR_MASS_COEFFICIENTS = [0.918093, 0.086257, -0.024459, 0.002816, -0.000126];

/**
 * Transmittance of one layer (index n2) entered from a medium of index n1 by light whose angle to the normal has sine
 * `sin1` and cosine `cos1`: Fresnel's unpolarised reflection (the mean of sin^2(t2 - t1) / sin^2(t2 + t1) and
 * tan^2(t2 - t1) / tan^2(t2 + t1), from Snell's angle t2 without taking an arcsine), then Bouguer's absorption over the
 * refracted path. Returns the transmittance and leaves the refracted angle's sine in `refractedSine`.
 */
let refractedSine = 0;
function layer(sin1: number, cos1: number, n2: number, n1: number, extinction: number, thickness: number): number {
  const sin2 = (n1 / n2) * sin1;
  const cos2 = Math.sqrt(1 - sin2 * sin2);
  refractedSine = sin2;
  const sinMinus = sin2 * cos1 - cos2 * sin1;
  const sinPlus = sin2 * cos1 + cos2 * sin1;
  const cosMinus = cos2 * cos1 + sin2 * sin1;
  const cosPlus = cos2 * cos1 - sin2 * sin1;
  const s = (sinMinus * sinMinus) / (sinPlus * sinPlus);
  const tanRatio = (sinMinus * cosPlus) / (cosMinus * sinPlus);
  return (1 - 0.5 * (s + tanRatio * tanRatio)) * Math.exp((-extinction * thickness) / cos2);
}

/** Transmittance of the coated cover at `angle` degrees (the glass entered from the coating). */
function coated(angle: number): number {
  const coat = layer(
    Math.sin(angle * RAD),
    Math.cos(angle * RAD),
    COATING.index,
    1,
    COATING.extinction,
    COATING.thickness,
  );
  const sin = refractedSine;
  return coat * layer(sin, Math.sqrt(1 - sin * sin), GLASS.index, COATING.index, GLASS.extinction, GLASS.thickness);
}
/** Transmittance of bare glass at `angle` degrees (v8 takes the diffuse parts so). */
const bare = (angle: number) =>
  layer(Math.sin(angle * RAD), Math.cos(angle * RAD), GLASS.index, 1, GLASS.extinction, GLASS.thickness);

/**
 * Transmittance at normal incidence (1 degree, to keep the Fresnel terms finite) that every factor is relative to. SSC
 * enters the glass under the coating from air (index 1) here, unlike for the beam: kept so, as v8 computes it.
 */
const NORMAL = (() => {
  const coat = layer(Math.sin(RAD), Math.cos(RAD), COATING.index, 1, COATING.extinction, COATING.thickness);
  const sin = refractedSine;
  return coat * layer(sin, Math.sqrt(1 - sin * sin), GLASS.index, 1, GLASS.extinction, GLASS.thickness);
})();

/** Sky and ground factors depend on the tilt only: kept for the last tilt (fixed arrays ask for one). */
let lastTilt = Number.NaN;
let lastSky = 1;
let lastGround = 1;

/** Irradiance through the cover, W/m2, from the beam, sky and ground parts on the plane; `incidence`, `tilt` degrees. */
export function throughCover(incidence: number, tilt: number, beam: number, sky: number, ground: number): number {
  const theta = Math.min(89, Math.max(1, incidence));
  const kBeam = Math.min(1, coated(theta) / NORMAL);
  if (tilt !== lastTilt) {
    lastTilt = tilt;
    lastSky = Math.min(1, bare(59.7 - 0.1388 * tilt + 0.001497 * tilt * tilt) / NORMAL);
    lastGround = Math.min(1, bare(90 - 0.5788 * tilt + 0.002693 * tilt * tilt) / NORMAL);
  }
  return Math.max(0, beam * kBeam + sky * lastSky + ground * lastGround);
}

/** De Soto's spectral factor for the sun at `zenith` degrees (held to 0-86) over a site `elevation` m high. */
export function airMassModifier(zenith: number, elevation: number): number {
  const z = Math.min(86, Math.max(0, zenith));
  const airMass = (1 / (Math.cos(z * RAD) + 0.5057 * (96.08 - z) ** -1.634)) * Math.exp(-0.0001184 * elevation);
  let f = 0;
  for (let k = AIR_MASS_COEFFICIENTS.length - 1; k >= 0; k--) f = f * airMass + AIR_MASS_COEFFICIENTS[k]!;
  return Math.max(0, f);
}
