// PVWatts v8's DC model (NREL SSC cmod_pvwattsv8.cpp, lib_cec6par.cpp, lib_pvmodel.cpp): one representative module
// per module type, described by the California Energy Commission's six-parameter single-diode model (De Soto, Klein
// and Beckman 2006), its maximum power found on the I-V curve at the cell temperature and the effective irradiance
// (after the cover and the spectral correction), scaled to the system's nameplate. The cell temperature is the NOCT
// model (the CEC calculator's, as SSC's `noct_celltemp_t`): 45 C NOCT (49 C on a roof), wind at 0.51 of the file's.
import { airMassModifier, throughCover } from './cover.ts';

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

/** The plane's light as the module reads it: front parts after shading and soiling, rear (already net of its losses). */
export interface ModuleLight {
  beam: number;
  sky: number;
  ground: number;
  rear: number;
  incidence: number;
  tilt: number;
  zenith: number;
  elevation: number;
}

/** Irradiance the cells convert, W/m2: the front through the cover plus the rear, times the spectral factor. */
export function effectiveIrradiance(light: ModuleLight): number {
  const front = throughCover(light.incidence, light.tilt, light.beam, light.sky, light.ground);
  return (front + light.rear) * airMassModifier(light.zenith, light.elevation);
}

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

/** Current at voltage v on the curve (Newton from the light current). */
function currentAt(v: number, a: number, il: number, io: number, rs: number, rsh: number): number {
  let i = il;
  for (let k = 0; k < 60; k++) {
    const e = Math.exp((v + i * rs) / a);
    const f = il - i - io * (e - 1) - (v + i * rs) / rsh;
    const fp = -1 - ((io * rs) / a) * e - rs / rsh;
    const next = Math.max(0, i - f / fp);
    if (Math.abs(next - i) < 1e-10) return next;
    i = next;
  }
  return i;
}

/** Open-circuit voltage by bisection on [0, 1.5 Voc(ref)]. */
function openCircuit(vocRef: number, a: number, il: number, io: number, rsh: number): number {
  let lo = 0;
  let hi = vocRef * 1.5;
  while (hi - lo > 1e-7) {
    const v = (lo + hi) / 2;
    if (il - io * (Math.exp(v / a) - 1) - v / rsh < 0) hi = v;
    else lo = v;
  }
  return (lo + hi) / 2;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** Maximum power of one module, W, at effective irradiance `g` W/m2 and cell temperature `cellC`; 0 below 1 W/m2. */
export function modulePower(module: CecModule, g: number, cellC: number): number {
  if (!(g >= 1)) return 0;
  const t = cellC + 273.15;
  const muIsc = module.alphaIsc * (1 - module.adjust / 100);
  const il = Math.max(0, (g / 1000) * (module.il + muIsc * (t - T_REF)));
  const eg = BANDGAP * (1 - 0.0002677 * (t - T_REF));
  const io = module.io * (t / T_REF) ** 3 * Math.exp((1 / K_EV) * (BANDGAP / T_REF - eg / t));
  const a = (module.a * t) / T_REF;
  const rsh = module.rsh * (1000 / g);
  const voc = openCircuit(module.voc, a, il, io, rsh);
  // Golden-section search for the voltage of maximum power on [0, Voc].
  let lo = 0;
  let hi = voc;
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let p1 = x1 * currentAt(x1, a, il, io, module.rs, rsh);
  let p2 = x2 * currentAt(x2, a, il, io, module.rs, rsh);
  while (hi - lo > 1e-6 * voc) {
    if (p1 > p2) {
      hi = x2;
      x2 = x1;
      p2 = p1;
      x1 = hi - GOLDEN * (hi - lo);
      p1 = x1 * currentAt(x1, a, il, io, module.rs, rsh);
    } else {
      lo = x1;
      x1 = x2;
      p1 = p2;
      x2 = lo + GOLDEN * (hi - lo);
      p2 = x2 * currentAt(x2, a, il, io, module.rs, rsh);
    }
  }
  return Math.max(p1, p2);
}
