// The light on the rear of a bifacial row as PVWatts v8 models it (NREL SSC `irrad::calc_rear_side` in
// lib_irradproc.cpp, after Marion et al. 2017, "A practical irradiance model for bifacial PV modules", NREL/CP-5J00-67847,
// with the view-factor method of NREL's bifacialvf): rows of modules `slopeLength` m up the slope, the ground coverage
// ratio apart, their lower edge 1 m above level ground (a tracker's axis 1 m up, so the lower edge drops as it turns).
//
// - The ground between two rows, in 100 strips: each strip's view of the sky past the rows (its sky configuration
//   factor) takes the isotropic sky; a strip in the rows' shadow gets 1.3 % of the beam and circumsolar light (what
//   passes between the cells), any other all of it.
// - Six cell rows up the module's rear, each looking out over 180 one-degree slices: the isotropic sky (and, in the six
//   degrees above the row behind, the horizon brightening) where it sees sky; light reflected off the front of the
//   row behind where it sees that row; light reflected off the ground (albedo x the strips' irradiance) where it sees
//   ground; each slice through the glass by Marion's diffuse angle-of-incidence factors. Then the beam and
//   circumsolar light on the rear, less the share of the cell row the row behind shades, through the glass by
//   Fresnel's reflection (Sjerps-Koomen's normalisation).
// - The front of the row behind reflects what the glass does not let through of its own sky and ground light (the same
//   slices, seen from the front).
// The rear average is what v8 multiplies by the bifaciality; it adds it after the front's cover and before the spectral
// correction (the model already counts the rear glass), leaves it out of the cell temperature, and cuts it by the sky
// diffuse self-shading factor of shaded rows. Soiling is not applied to the rear.
import { CELL_ROWS, type CellView, GLASS_INDEX, type Geometry, R0, STRIPS, viewsOf } from './bifacial-views.ts';
import { perezV8 } from './perez.ts';
import { incidenceOn } from './tracking.ts';

const RAD = Math.PI / 180;
/** Share of beam and circumsolar light that passes between the cells onto the ground below a row (v8's constant). */
const TRANSMISSION = 0.013;

/** Fresnel transmittance of glass at `incidence` radians relative to normal incidence (Sjerps-Koomen et al. 1996). */
function glassFactor(incidence: number): number {
  if (incidence === 0) return 1;
  const refracted = Math.asin(Math.sin(incidence) / GLASS_INDEX);
  const r1 = Math.sin(refracted - incidence) ** 2 / Math.sin(refracted + incidence) ** 2;
  const r2 = Math.tan(refracted - incidence) ** 2 / Math.tan(refracted + incidence) ** 2;
  return (1 - 0.5 * (r1 + r2)) / (1 - R0);
}

/** One hour's sun, sky and array, as the rear-side model reads them. Angles in degrees. */
export interface RearSideInput {
  sunZenith: number;
  sunAzimuth: number;
  /** The module surface's tilt and azimuth this hour (a tracker's as turned). */
  surfaceTilt: number;
  surfaceAzimuth: number;
  dni: number;
  dhi: number;
  albedo: number;
  gcr: number;
  /** Length of a row up its slope, m: module length x modules up. */
  slopeLength: number;
  /** One-axis trackers turn about an axis 1 m up; other rows stand with their lower edge 1 m up. */
  oneAxis: boolean;
}

/** Which ground strips the rows shade from the beam, and the shaded shares of a row's front and rear. */
function groundShade(
  g: Geometry,
  sunAzimuth: number,
  sunElevation: number,
  surfaceAzimuth: number,
): { shaded: Uint8Array; front: number; back: number } {
  const { rowToRow, vertical, clearance, horizontal, between } = g;
  const cosRelative = Math.cos(surfaceAzimuth * RAD - sunAzimuth * RAD);
  const tanElevation = Math.tan(sunElevation * RAD);
  // The shadow's reach behind the row (Appelbaum's Px), to its far end, and where it starts, along the ground.
  const lh = (vertical / tanElevation) * cosRelative;
  const lhc = ((clearance + vertical) / tanElevation) * cosRelative;
  const lc = (clearance / tanElevation) * cosRelative;
  let front = 0;
  let back = 0;
  let start1 = 0;
  let end1 = 0;
  let start2 = 0;
  let end2 = 0;
  const wrap = (start: number, end: number) => {
    start1 = start;
    end1 = end;
    if (end1 > rowToRow) {
      end1 = rowToRow;
      start2 = 0;
      end2 = end - rowToRow;
      if (end2 > start1) [start1, end1] = [0, rowToRow];
    }
  };
  if (lh > between) {
    front = (lh - between) / (lh + horizontal);
    back = 1;
    end1 = rowToRow;
  } else if (lh < -(rowToRow + horizontal)) {
    front = 1;
    back = (lh + rowToRow + horizontal) / (lh + horizontal);
    end1 = rowToRow;
  } else if (lhc >= 0) {
    back = 1;
    let start = lc;
    let end = lhc + horizontal;
    while (start > rowToRow) {
      start -= rowToRow;
      end -= rowToRow;
    }
    wrap(start, end);
  } else {
    let start: number;
    let end: number;
    if (lc < lhc + horizontal) {
      back = 1;
      [start, end] = [lc, lhc + horizontal];
    } else {
      front = 1;
      [start, end] = [lhc + horizontal, lc];
    }
    while (start < 0) {
      start += rowToRow;
      end += rowToRow;
    }
    wrap(start, end);
  }
  const shaded = new Uint8Array(STRIPS);
  const step = rowToRow / STRIPS;
  let x = -step / 2;
  for (let i = 0; i < STRIPS; i++) {
    x += step;
    shaded[i] = (x >= start1 && x < end1) || (x >= start2 && x < end2) ? 1 : 0;
  }
  return { shaded, front, back };
}

/**
 * The light a cell row's ground slices carry, before the albedo: per slice, the mean irradiance of the strips it
 * covers (each end strip by the part covered), from `sums`, the running sums of the strips' irradiance from strip -100.
 */
function groundLight(view: CellView, ground: Float64Array, sums: Float64Array, groundMean: number): number {
  let light = 0;
  for (const s of view.ground) {
    let l: number;
    if (s.mean) l = groundMean;
    else if (s.i1 === s.i2) l = ground[(s.i1 + 2 * STRIPS) % STRIPS]!;
    else {
      const first = ground[(s.i1 + 2 * STRIPS) % STRIPS]! * (s.i1 + 1 - s.x1);
      const last = ground[(s.i2 + 2 * STRIPS) % STRIPS]! * (s.x2 - s.i2);
      const middle = sums[s.i2 + STRIPS]! - sums[s.i1 + 1 + STRIPS]!;
      l = (first + middle + last) / (s.x2 - s.x1);
    }
    light += s.weight * l;
  }
  return light;
}

/** Average irradiance on a bifacial row's rear, W/m2, before the bifaciality factor. */
export function rearIrradiance(input: RearSideInput): number {
  const { sunZenith, sunAzimuth, surfaceTilt, surfaceAzimuth, dni, dhi, albedo } = input;
  const views = viewsOf(surfaceTilt, input.slopeLength, input.gcr, input.oneAxis);
  const { geometry, skyFactors } = views;

  // The ground's strips: the sky they see (isotropic), and the beam and circumsolar light unless shaded; their running
  // sums over strips -100 to 199 (the pattern repeats every row spacing).
  const shade = groundShade(geometry, sunAzimuth, 90 - sunZenith, surfaceAzimuth);
  const level = perezV8(dni, dhi, albedo, sunZenith, 0, sunZenith);
  const direct = level.beam + level.circumsolar;
  const ground = new Float64Array(STRIPS);
  let groundSum = 0;
  for (let i = 0; i < STRIPS; i++) {
    ground[i] = skyFactors[i]! * level.isotropic + (shade.shaded[i] ? direct * TRANSMISSION : direct);
    groundSum += ground[i]!;
  }
  const groundMean = groundSum / STRIPS;
  const sums = new Float64Array(3 * STRIPS + 1);
  for (let k = 0; k < 3 * STRIPS; k++) sums[k + 1] = sums[k]! + ground[k % STRIPS]!;
  const isotropic = level.isotropic;
  // The horizon brightening, from a vertical plane's Perez horizon term (it depends on the sky, not the plane).
  const horizon = perezV8(dni, dhi, albedo, incidenceOn(sunZenith, sunAzimuth, 90, 180), 90, sunZenith).horizon;

  // What the front of the row behind reflects, per cell row.
  const frontReflected = new Float64Array(CELL_ROWS);
  for (let i = 0; i < CELL_ROWS; i++) {
    const v = views.front[i]!;
    frontReflected[i] =
      v.isotropic * isotropic + v.horizon * horizon + albedo * groundLight(v, ground, sums, groundMean);
  }

  // The rear, per cell row: sky, the row behind's front, the ground, then the beam and circumsolar less shade.
  const rearIncidence = incidenceOn(sunZenith, sunAzimuth, 180 - surfaceTilt, surfaceAzimuth - 180);
  const rearSun = perezV8(dni, dhi, albedo, rearIncidence, 180 - surfaceTilt, sunZenith);
  const rearDirect = rearSun.beam + rearSun.circumsolar;
  const glass = rearIncidence * RAD < Math.PI / 2 ? glassFactor(rearIncidence * RAD) : 0;
  let average = 0;
  for (let i = 0; i < CELL_ROWS; i++) {
    const v = views.rear[i]!;
    let rear = v.isotropic * isotropic + v.horizon * horizon;
    for (let k = 0; k < CELL_ROWS; k++) rear += v.rowBehind[k]! * frontReflected[k]!;
    rear += albedo * groundLight(v, ground, sums, groundMean);
    const cellShade = Math.min(1, Math.max(0, shade.back * CELL_ROWS - i));
    if (cellShade < 1 && glass > 0) rear += (1 - cellShade) * rearDirect * glass;
    average += rear / CELL_ROWS;
  }
  return average;
}
