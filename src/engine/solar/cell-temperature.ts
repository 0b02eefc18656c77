// Module cell temperature by Fuentes's thermal model (Sandia report SAND85-0330, 1987), the model PVWatts runs: an
// energy balance of the module (convection, free and forced; radiation to sky and ground) with the module's heat
// capacity carried from hour to hour, calibrated by the installed nominal operating cell temperature (INOCT). The
// constants are Fuentes's (and PVWatts's): wind measured at 9.144 m and the module 5 m up, emissivity 0.84,
// absorptance 0.83, a 0.31579 x 1.2 m module, a 30 degree tilt in the free-convection term, 1 hour steps.
const BOLTZMANN = 5.669e-8;
const EMISSIVITY = 0.84;
const ABSORPTANCE = 0.83;
const MODULE_HEIGHT = 5;
const WIND_HEIGHT = 9.144;
const SIN_TILT = Math.sin(Math.PI / 6);
/** Hydraulic diameter of the module, m. */
const LENGTH = (2 * 0.31579 * 1.2) / (0.31579 + 1.2);
const NOCT_AMBIENT = 293.15;
/** Wind at the module's height from wind at the measuring height (a 1/5 power law). */
const WIND_AT_MODULE = (MODULE_HEIGHT / WIND_HEIGHT) ** 0.2;
const PRANDTL_FACTOR = 1007 / 0.71 ** 0.67;

const LENGTH_CUBED = LENGTH ** 3;

/**
 * Air's density, viscosity and conductivity at a mean temperature (K), and the convection they give. The hot loop of
 * the model (every hour of the year, night too): the two powers of the temperature share one logarithm, and a power
 * x^p of a positive x is taken as exp(p ln x) (equal to ** up to rounding, about 1e-15 of the value, and faster).
 */
export function convection(meanK: number, deltaK: number, wind: number): number {
  const lnK = Math.log(meanK);
  const density = (0.003484 * 101325) / meanK;
  const viscosity = (0.24237e-6 * Math.exp(0.76 * lnK)) / density;
  const conductivity = 2.1695e-4 * Math.exp(0.84 * lnK);
  const reynolds = (wind * LENGTH) / viscosity;
  const forced = (0.86 / Math.sqrt(reynolds)) * density * wind * PRANDTL_FACTOR;
  const grashof = ((9.8 / meanK) * Math.abs(deltaK) * LENGTH_CUBED * SIN_TILT) / (viscosity * viscosity);
  // Grashof's number is 0 when the module is at the air's temperature (no free convection): ln 0 is -Infinity, and
  // exp(-Infinity) 0, as 0 ** 0.32 is.
  const free = (0.21 * Math.exp(0.32 * Math.log(grashof * 0.71)) * conductivity) / LENGTH;
  return Math.cbrt(free * free * free + forced * forced * forced);
}

/** Effective sky temperature (K) for an air temperature (K): Fuentes's correlation. */
const skyK = (ambientK: number) => 0.68 * (0.0552 * ambientK * Math.sqrt(ambientK)) + 0.32 * ambientK;

/**
 * Hourly cell temperatures (C) from plane-of-array irradiance (W/m2), air temperature (C) and wind speed (m/s) at
 * 9.144 m. `inoct` is the installed NOCT (C): 45 for an open rack, 49 for a roof mount in PVWatts.
 */
export function fuentesCellTemperatures(
  poa: ArrayLike<number>,
  airC: ArrayLike<number>,
  wind: ArrayLike<number>,
  inoct: number,
): Float64Array {
  const tInoct = inoct + 273.15;
  // Calibration at NOCT conditions (800 W/m2, 20 C air, 1 m/s wind): how warm the ground is, and the ratio of the
  // true convection to the formula's.
  const hConvNoct = convection((tInoct + NOCT_AMBIENT) / 2, tInoct - NOCT_AMBIENT, 1);
  const skyNoct = skyK(NOCT_AMBIENT);
  const hGroundNoct = EMISSIVITY * BOLTZMANN * (tInoct ** 2 + NOCT_AMBIENT ** 2) * (tInoct + NOCT_AMBIENT);
  const backRatio =
    (ABSORPTANCE * 800 - EMISSIVITY * BOLTZMANN * (tInoct ** 4 - skyNoct ** 4) - hConvNoct * (tInoct - NOCT_AMBIENT)) /
    ((hGroundNoct + hConvNoct) * (tInoct - NOCT_AMBIENT));
  const groundNoct = Math.min(
    tInoct,
    Math.max(NOCT_AMBIENT, (tInoct ** 4 - backRatio * (tInoct ** 4 - NOCT_AMBIENT ** 4)) ** 0.25),
  );
  const groundRatio = (groundNoct - NOCT_AMBIENT) / (tInoct - NOCT_AMBIENT);
  const convectionRatio =
    (ABSORPTANCE * 800 - EMISSIVITY * BOLTZMANN * (2 * tInoct ** 4 - skyNoct ** 4 - groundNoct ** 4)) /
    (hConvNoct * (tInoct - NOCT_AMBIENT));
  // Heat capacity (J/m2K), larger for hotter-running (less ventilated) installations.
  const capacity = tInoct > 321.15 ? 11000 * (1 + (tInoct - 321.15) / 12) : 11000;

  const out = new Float64Array(poa.length);
  let moduleK = NOCT_AMBIENT;
  let sun0 = 0;
  for (let i = 0; i < poa.length; i++) {
    const ambientK = airC[i]! + 273.15;
    const sky = skyK(ambientK);
    const windAtModule = wind[i]! * WIND_AT_MODULE + 1e-4;
    const sun = Math.max(0, poa[i]!) * ABSORPTANCE;
    const hConv = convectionRatio * convection((moduleK + ambientK) / 2, moduleK - ambientK, windAtModule);
    const moduleK2 = moduleK * moduleK;
    const hSky = EMISSIVITY * BOLTZMANN * (moduleK2 + sky * sky) * (moduleK + sky);
    const ground = ambientK + groundRatio * (moduleK - ambientK);
    const hGround = EMISSIVITY * BOLTZMANN * (moduleK2 + ground * ground) * (moduleK + ground);
    const h = hConv + hSky + hGround;
    const eigen = (-h / capacity) * 3600;
    const ex = eigen > -10 ? Math.exp(eigen) : 0;
    // The exact solution over the hour with the absorbed sun changing linearly from the last hour's.
    moduleK =
      moduleK * ex +
      ((1 - ex) * (hConv * ambientK + hSky * sky + hGround * ground + sun0 + (sun - sun0) / eigen) + sun - sun0) / h;
    out[i] = moduleK - 273.15;
    sun0 = sun;
  }
  return out;
}
