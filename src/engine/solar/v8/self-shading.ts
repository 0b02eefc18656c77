// Row-to-row self-shading of fixed open-rack and one-axis arrays as PVWatts v8 estimates it (NREL SSC
// cmod_pvwattsv8.cpp and lib_pvshade.cpp, after Deline et al. 2013, "A simplified model of uniform shading in large
// photovoltaic arrays", Solar Energy 96, and Appelbaum and Bany 1979, Solar Energy 23(6)): a square layout of 300 W
// modules two high in portrait (one high on trackers) with rows the ground coverage ratio apart. The beam lost is the
// shadow's share of a fixed row (a one-axis row's shaded width comes from the tracking geometry; backtracking has
// none); the sky diffuse is cut by the share of the sky the row in front hides from points up the module (integrated
// over 250 steps), the ground reflection by the shaded ground seen between rows. v8 keeps these linear: its
// non-linear DC derate is switched off.
const RAD = Math.PI / 180;
const sind = (d: number) => Math.sin(d * RAD);
const cosd = (d: number) => Math.cos(d * RAD);
const tand = (d: number) => Math.tan(d * RAD);

/** v8's estimate of an array's layout from its size. */
export interface RowLayout {
  /** Modules up a row, rows, modules along a row. */
  modulesUp: number;
  rows: number;
  modulesAlong: number;
  /** Module length and width, m. */
  length: number;
  width: number;
  /** Distance between rows, m. */
  rowSpacing: number;
  gcr: number;
}

export function rowLayout(dcNameplateW: number, stcEfficiency: number, tracker: boolean, gcr: number): RowLayout {
  const area = 300 / stcEfficiency / 1000;
  const width = Math.sqrt(area / 1.7);
  const length = width * 1.7;
  const modules = Math.max(1, Math.ceil(dcNameplateW / 300));
  const modulesUp = tracker ? 1 : 2;
  const rows = Math.ceil(Math.sqrt(modules / modulesUp));
  const modulesAlong = Math.max(1, Math.ceil(modules / (rows * modulesUp)));
  return { modulesUp, rows, modulesAlong, length, width, rowSpacing: (length * modulesUp) / gcr, gcr };
}

/** Share of a fixed row's area in the next row's shadow (Appelbaum and Bany), 0-1. */
export function fixedShadedFraction(
  layout: RowLayout,
  tilt: number,
  azimuth: number,
  sunZenith: number,
  sunAzimuth: number,
): number {
  const side = layout.length * layout.modulesUp;
  const rowLength = layout.modulesAlong * layout.width;
  const relative = sunAzimuth - azimuth;
  if (!(sunZenith < 90 && tilt !== 0 && Math.abs(relative) < 90)) return 0;
  const py = side * (cosd(tilt) + (cosd(relative) * sind(tilt)) / tand(90 - sunZenith));
  const px = (side * sind(tilt) * sind(relative)) / tand(90 - sunZenith);
  const spacing = Math.max(layout.rowSpacing, 2.220446049250313e-16);
  // Horizontal strings of 7 modules: with more than one string along a row, the shadow's end is taken as 0.
  const strings = Math.trunc(layout.modulesAlong / 7);
  let g = py === 0 ? 0 : Math.min(rowLength, Math.max(0, (spacing * px) / py));
  if (strings > 1) g = 0;
  const shadowHeight = Math.min(side, Math.max(0, py === 0 ? 0 : side * (1 - spacing / py)));
  return (shadowHeight * (rowLength - g)) / (side * rowLength);
}

/**
 * The sky-diffuse factor for a surface tilt. Kept per whole degree of tilt, computed for the first tilt met in that
 * degree, as SSC's table is: a tracker's factors then follow the hours in the order they are run.
 */
export class SkyDiffuseFactors {
  private readonly table = new Map<number, number>();

  constructor(
    private readonly gcr: number,
    firstTilt: number,
  ) {
    this.at(firstTilt);
  }

  at(tilt: number): number {
    const key = Math.trunc(tilt);
    let f = this.table.get(key);
    if (f === undefined) {
      f = this.compute(tilt);
      this.table.set(key, f);
    }
    return f;
  }

  private compute(tilt: number): number {
    const steps = 250;
    const full = Math.PI + Math.PI / Math.sqrt(1 + tand(tilt) ** 2);
    let sum = 0;
    for (let n = 0; n < steps; n++) {
      let shaded = full;
      if (tilt !== 0) {
        const arg = 1 / tand(tilt) - 1 / (this.gcr * sind(tilt) * (1 - n / steps));
        const gamma = -Math.PI / 2 + Math.atan(arg);
        const t = Math.tan(tilt * RAD + gamma);
        shaded = Math.PI + Math.PI / Math.sqrt(1 + t * t);
        if (Number.isNaN(shaded)) shaded = full;
        else if (tilt * RAD + gamma > Math.PI / 2) shaded = 2 * Math.PI - shaded;
      }
      sum += shaded / full / steps;
    }
    return sum;
  }
}

/** Factors on the sky diffuse and the ground reflection for rows `rows` of a surface at `tilt`; 1 when little light. */
export function diffuseFactors(
  sky: SkyDiffuseFactors,
  tilt: number,
  sunZenith: number,
  dni: number,
  dhi: number,
  poaSky: number,
  poaGround: number,
  gcr: number,
  albedo: number,
  rows: number,
): { sky: number; ground: number } {
  if (poaSky + poaGround < 0.1) return { sky: 1, ground: 1 };
  const beamHorizontal = dni * cosd(sunZenith);
  const fSky = Math.min(1, sky.at(tilt));
  const elevation = 90 - sunZenith;
  const r = 1 / gcr;
  const f1 = albedo * sind(tilt / 2) ** 2;
  const y1 = Math.max(0.00001, r - sind(180 - elevation - tilt) / sind(elevation));
  const f2 = 0.5 * albedo * (1 + y1 - Math.sqrt(y1 * y1 - 2 * y1 * cosd(180 - tilt) + 1));
  const f3 = 0.5 * albedo * (1 + r - Math.sqrt(r * r - 2 * r * cosd(180 - tilt) + 1));
  const unshaded = f1 * (beamHorizontal + dhi);
  const reduced = ((f1 + (rows - 1) * f2) / rows) * beamHorizontal + ((f1 + (rows - 1) * f3) / rows) * dhi;
  return { sky: fSky, ground: unshaded > 0 ? reduced / unshaded : 1 };
}
