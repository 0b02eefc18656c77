// PVWatts v8's DC model (NREL SSC cmod_pvwattsv8.cpp, lib_cec6par.cpp, lib_pvmodel.cpp): one representative module
// per module type, described by the California Energy Commission's six-parameter single-diode model (De Soto, Klein
// and Beckman 2006), its maximum power found on the I-V curve at the cell temperature and the effective irradiance
// (after the cover and the spectral correction), scaled to the system's nameplate. The cell temperature is the NOCT
// model (the CEC calculator's, as SSC's `noct_celltemp_t`): 45 C NOCT (49 C on a roof), wind at 0.51 of the file's.

export type ModuleType = 'STANDARD' | 'PREMIUM' | 'THIN_FILM';

/** A module's reference parameters: STC ratings and the single-diode parameters at 25 C, 1000 W/m2. */
export interface CecModule {
  area: number;
  vmp: number;
  imp: number;
  voc: number;
  /** Short-circuit current temperature coefficient, A/C, and its adjustment, %. */
  alphaIsc: number;
  adjust: number;
  /** Modified ideality factor (V), light current (A), diode saturation current (A), series and shunt resistance. */
  a: number;
  il: number;
  io: number;
  rs: number;
  rsh: number;
}

/** The modules v8 represents each type by (SAM 2020.2.29's CEC parameters, as SSC states them). */
export const V8_MODULES: Record<ModuleType, CecModule> = {
  // Canadian Solar CS1H-320MS
  STANDARD: {
    area: 1.6864,
    vmp: 35.8,
    imp: 9.01,
    voc: 43.3,
    alphaIsc: 0.004755,
    adjust: 5.79586,
    a: 1.65916,
    il: 9.51393,
    io: 4.37813e-11,
    rs: 0.269953,
    rsh: 654.059,
  },
  // SunPower SPR-E20-327
  PREMIUM: {
    area: 1.6297,
    vmp: 54.7,
    imp: 5.98,
    voc: 64.9,
    alphaIsc: 0.0026,
    adjust: 9.56482,
    a: 2.45326,
    il: 6.4704,
    io: 2.01784e-11,
    rs: 0.421231,
    rsh: 261.723,
  },
  // First Solar FS-6435A
  THIN_FILM: {
    area: 2.4751,
    vmp: 183.6,
    imp: 2.37,
    voc: 219.6,
    alphaIsc: 0.00102,
    adjust: -2.49865,
    a: 7.97293,
    il: 2.55475,
    io: 2.69243e-12,
    rs: 4.60991,
    rsh: 2476.95,
  },
};

const K_EV = 8.618e-5;
const T_REF = 298.15;
const BANDGAP = 1.12;

/** NOCT cell temperature, C, from the effective front irradiance (v8 leaves the rear out of the heat balance). */
export function noctCellTemperature(
  module: CecModule,
  effectiveFront: number,
  airTemperature: number,
  windSpeed: number,
  noct: number,
): number {
  if (!(effectiveFront > 0)) return airTemperature;
  const efficiency = (module.imp * module.vmp) / (1000 * module.area);
  const wind = Math.max(0.001, windSpeed * 0.51);
  return airTemperature + ((effectiveFront / 800) * (noct - 20) * (1 - efficiency / 0.9) * 9.5) / (5.7 + 3.8 * wind);
}

/** Open-circuit voltage: IL - Io (exp(V / a) - 1) - V / Rsh = 0 by Newton's method from the ideal diode's. */
function openCircuit(a: number, il: number, io: number, rsh: number): number {
  let v = a * Math.log(il / io + 1);
  for (let k = 0; k < 50; k++) {
    const e = Math.exp(v / a);
    const f = il - io * (e - 1) - v / rsh;
    const fp = (-io / a) * e - 1 / rsh;
    const step = f / fp;
    v -= step;
    if (Math.abs(step) < 1e-10 * v) break;
  }
  return v;
}

/**
 * Maximum power of one module, W, at effective irradiance `g` W/m2 and cell temperature `cellC`; 0 below 1 W/m2 (as
 * v8). The single-diode curve is followed by its diode voltage d = V + I Rs, in which it is explicit:
 * I = IL - Io (exp(d / a) - 1) - d / Rsh and V = d - I Rs; the maximum of P = V I is where dP/dd = 0, found by Newton's
 * method kept inside [0, Voc] (halving the interval whenever a step would leave it). One exponential per step. SSC
 * searches the voltage by golden sections to a relative 1e-4; the two agree to that.
 */
export function modulePower(module: CecModule, g: number, cellC: number): number {
  if (!(g >= 1)) return 0;
  const t = cellC + 273.15;
  const muIsc = module.alphaIsc * (1 - module.adjust / 100);
  const il = Math.max(0, (g / 1000) * (module.il + muIsc * (t - T_REF)));
  if (il === 0) return 0;
  const eg = BANDGAP * (1 - 0.0002677 * (t - T_REF));
  const io = module.io * (t / T_REF) ** 3 * Math.exp((1 / K_EV) * (BANDGAP / T_REF - eg / t));
  const a = (module.a * t) / T_REF;
  const { rs } = module;
  const rsh = module.rsh * (1000 / g);
  let hi = openCircuit(a, il, io, rsh);
  let lo = 0;
  let d = (module.vmp / module.voc) * hi;
  let power = 0;
  for (let k = 0; k < 60; k++) {
    const e = io * Math.exp(d / a);
    const i = il - (e - io) - d / rsh;
    const v = d - i * rs;
    power = v * i;
    const di = -e / a - 1 / rsh;
    const ddi = -e / (a * a);
    const dv = 1 - di * rs;
    const slope = dv * i + v * di;
    const curvature = -ddi * rs * i + 2 * dv * di + v * ddi;
    if (slope > 0) lo = d;
    else hi = d;
    let next = d - slope / curvature;
    if (!(curvature < 0) || !(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - d) < 1e-9 * hi) break;
    d = next;
  }
  return Math.max(0, power);
}
