// The geometry of v8's bifacial rear-side model (NREL SSC `irrad::calc_rear_side` in lib_irradproc.cpp; bifacial.ts
// has the model): for a row's tilt, what each of its six cell rows sees over 180 one-degree slices, front and rear, as
// weights on the sky's parts, on the ground's 100 strips between two rows and (from the rear) on the light the front of
// the row behind reflects; and each ground strip's view of the sky. Geometry only, so a fixed array's views are found
// once a year; a tracker's every hour it turns.
const RAD = Math.PI / 180;
/** Height of a fixed row's lower edge, or of a tracker's axis, above the ground, m (v8's constant). */
const CLEARANCE = 1;
/** Refractive index of the glass; its reflectance at normal incidence. */
export const GLASS_INDEX = 1.526;
export const R0 = ((GLASS_INDEX - 1) / (GLASS_INDEX + 1)) ** 2;
export const CELL_ROWS = 6;
export const STRIPS = 100;
/**
 * Marion's angle-of-incidence correction factors for diffuse light through glass, by one-degree slice of the view from
 * 0 to 180 degrees (Marion 2017, "Numerical method for angle-of-incidence correction factors for diffuse radiation
 * incident photovoltaic modules", Solar Energy 147; the values as NREL SSC holds them in
 * lib_pv_incidence_modifier.h, BSD-3-Clause).
 */
// biome-ignore format: a table of published figures, ten a line
const MARION_GLASS = [
  0.057563, 0.12857, 0.199651, 0.265024, 0.324661, 0.378968, 0.428391, 0.47367, 0.514788, 0.552454,
  0.586857, 0.618484, 0.647076, 0.673762, 0.698029, 0.720118, 0.740726, 0.759671, 0.776946, 0.792833,
  0.807374, 0.82101, 0.833534, 0.845241, 0.855524, 0.865562, 0.874567, 0.882831, 0.890769, 0.897939,
  0.904373, 0.910646, 0.916297, 0.921589, 0.926512, 0.930906, 0.935179, 0.939074, 0.942627, 0.946009,
  0.949096, 0.95203, 0.954555, 0.957157, 0.959669, 0.9615, 0.963481, 0.965353, 0.967387, 0.96858,
  0.970311, 0.971567, 0.972948, 0.974114, 0.975264, 0.976287, 0.977213, 0.978142, 0.979057, 0.979662,
  0.98046, 0.9811, 0.981771, 0.982459, 0.982837, 0.983199, 0.983956, 0.984156, 0.984682, 0.985026,
  0.985364, 0.985645, 0.985954, 0.986241, 0.986484, 0.986686, 0.986895, 0.987043, 0.987287, 0.987388,
  0.987541, 0.987669, 0.987755, 0.987877, 0.987903, 0.987996, 0.988022, 0.988091, 0.988104, 0.988114,
  0.988114, 0.988104, 0.988091, 0.988022, 0.987996, 0.987903, 0.987877, 0.987755, 0.987669, 0.987541,
  0.987388, 0.987287, 0.987043, 0.986895, 0.986686, 0.986484, 0.98624, 0.985954, 0.985645, 0.985364,
  0.98502, 0.984676, 0.984156, 0.983956, 0.983199, 0.982837, 0.982459, 0.981771, 0.9811, 0.98046,
  0.979662, 0.979057, 0.978142, 0.977213, 0.976287, 0.975264, 0.974114, 0.972947, 0.971567, 0.970311,
  0.96858, 0.967387, 0.965353, 0.963481, 0.961501, 0.959671, 0.957157, 0.954555, 0.95203, 0.949096,
  0.946009, 0.942627, 0.939074, 0.935179, 0.930906, 0.926512, 0.921589, 0.916297, 0.910646, 0.904373,
  0.897939, 0.890769, 0.882831, 0.874567, 0.865562, 0.855524, 0.845241, 0.833534, 0.82101, 0.807374,
  0.792833, 0.776946, 0.759671, 0.740726, 0.720118, 0.698029, 0.673762, 0.647076, 0.618484, 0.586857,
  0.552454, 0.514788, 0.47367, 0.428391, 0.378968, 0.324661, 0.265024, 0.199651, 0.12857, 0.057563,
];
/** The share of a hemisphere's view in the one-degree slice j (from j to j + 1 degrees): (cos j - cos(j + 1)) / 2. */
const SLICE = Float64Array.from({ length: 180 }, (_, j) => 0.5 * (Math.cos(j * RAD) - Math.cos((j + 1) * RAD)));
/** The horizon band (84-90 degrees) the horizon brightening is spread over. */
const HORIZON_BAND = 0.5 * (Math.cos(84 * RAD) - Math.cos(90 * RAD));
/** v8 writes the front side's band as this rounded figure. */
const HORIZON_BAND_FRONT = 0.052246;

/** The row geometry of one hour, m (x along the ground from below the row's lower edge, toward the row behind). */
export interface Geometry {
  clearance: number;
  vertical: number;
  horizontal: number;
  rowToRow: number;
  between: number;
}

/** Each ground strip's view factor to the sky between the rows. */
function skyConfigurationFactors(g: Geometry): Float64Array {
  const { rowToRow, vertical, clearance, horizontal, between } = g;
  const factors = new Float64Array(STRIPS);
  const step = rowToRow / STRIPS;
  const angle = (y: number, x: number) => {
    const a = Math.atan(y / x);
    return a < 0 ? a + Math.PI : a;
  };
  let x = -step / 2;
  for (let i = 0; i < STRIPS; i++) {
    x += step;
    const beta1 = Math.max(
      angle(vertical + clearance, 2 * rowToRow + horizontal - x),
      angle(clearance, 2 * rowToRow - x),
    );
    const c = angle(vertical + clearance, rowToRow + horizontal - x);
    const d = angle(clearance, rowToRow - x);
    const [beta2, beta3] = [Math.min(c, d), Math.max(c, d)];
    const beta4 = angle(vertical + clearance, horizontal - x);
    const beta5 = angle(clearance, -x);
    const beta6 = angle(vertical + clearance, -between - x);
    let sky = 0;
    if (beta2 > beta1) sky += 0.5 * (Math.cos(beta1) - Math.cos(beta2));
    if (beta4 > beta3) sky += 0.5 * (Math.cos(beta3) - Math.cos(beta4));
    if (beta6 > beta5) sky += 0.5 * (Math.cos(beta5) - Math.cos(beta6));
    factors[i] = sky;
  }
  return factors;
}

/** A one-degree slice of a cell row's view that meets the ground: where it lands, in strip units. */
export interface GroundSlice {
  /** The slice's weight: its view share times the glass factor (or, seen from the front, the share turned back). */
  weight: number;
  /** The slice spans nearly a whole row spacing: it sees the ground's mean. */
  mean: boolean;
  x1: number;
  x2: number;
  i1: number;
  i2: number;
}

/** What one cell row sees, as weights on the sky's parts, the ground's strips and (rear) the front of the row behind. */
export interface CellView {
  isotropic: number;
  horizon: number;
  ground: GroundSlice[];
  /** Rear only: weights on the light each cell row of the row behind reflects off its front. */
  rowBehind: Float64Array;
}

/** The views of a row's six cell rows, front and rear, and its ground's sky factors: geometry only, kept per tilt. */
export interface RowViews {
  key: string;
  geometry: Geometry;
  skyFactors: Float64Array;
  front: CellView[];
  rear: CellView[];
}

/**
 * A slice of view meeting the ground from x1 to x2 m, in strip units: seen from the front (toward the row in front),
 * brought into strips 0-199 (those past 99 are the next interval's, the same pattern); from the rear, into strips
 * -100 to 99 (those below 0 are the interval in front).
 */
function groundSlice(weight: number, x1m: number, x2m: number, rowToRow: number, front: boolean): GroundSlice {
  if (Math.abs(x1m - x2m) > 0.99 * rowToRow) return { weight, mean: true, x1: 0, x2: 0, i1: 0, i2: 0 };
  let x1 = (STRIPS * x1m) / rowToRow;
  let x2 = (STRIPS * x2m) / rowToRow;
  if (front) {
    while (x1 < 0 || x2 < 0) {
      x1 += STRIPS;
      x2 += STRIPS;
    }
    return { weight, mean: false, x1, x2, i1: Math.trunc(x1), i2: Math.trunc(x2) };
  }
  while (x1 >= STRIPS || x2 >= STRIPS) {
    x1 -= STRIPS;
    x2 -= STRIPS;
  }
  while (x1 < -STRIPS || x2 < -STRIPS) {
    x1 += STRIPS;
    x2 += STRIPS;
  }
  const i1 = Math.min(STRIPS - 1, Math.trunc(x1 + STRIPS) - STRIPS);
  const i2 = Math.min(STRIPS - 1, Math.trunc(x2 + STRIPS) - STRIPS);
  return { weight, mean: false, x1, x2, i1, i2 };
}

/** The front of a row, as the row in front's rear sees it reflect (only what its glass turns back counts). */
function frontViews(g: Geometry, tilt: number): CellView[] {
  const { rowToRow, vertical, clearance, horizontal } = g;
  const botX = -rowToRow;
  const topX = -g.between;
  const topY = vertical + clearance;
  const views: CellView[] = [];
  for (let i = 0; i < CELL_ROWS; i++) {
    const cellX = (horizontal * (i + 0.5)) / CELL_ROWS;
    const cellY = clearance + (vertical * (i + 0.5)) / CELL_ROWS;
    const up = Math.atan((topY - cellY) / (cellX - topX));
    const down = Math.atan((cellY - clearance) / (cellX - botX));
    const stopSky = Math.max(0, Math.round((Math.PI - tilt - up) / RAD));
    const horizonDegrees = Math.round(Math.max(0, 6 - up / RAD));
    const startGround = Math.max(0, Math.round((Math.PI - tilt + down) / RAD));
    const view: CellView = { isotropic: 0, horizon: 0, ground: [], rowBehind: new Float64Array(0) };
    for (let j = 0; j < stopSky && j < 180; j++) {
      const turnedBack = SLICE[j]! * (1 - MARION_GLASS[j]! * (1 - R0));
      view.isotropic += turnedBack;
      if (stopSky - j <= horizonDegrees) view.horizon += turnedBack / HORIZON_BAND_FRONT;
    }
    let x1 = cellX - cellY / Math.tan(down);
    for (let j = startGround; j < 180; j++) {
      const x2 = cellX - cellY / Math.tan((j + 1 - startGround) * RAD + down);
      view.ground.push(groundSlice(SLICE[j]! * (1 - MARION_GLASS[j]! * (1 - R0)), x1, x2, rowToRow, true));
      x1 = x2;
    }
    views.push(view);
  }
  return views;
}

/** The rear of a row: the sky, the front of the row behind, the ground behind. */
function rearViews(g: Geometry, tilt: number): CellView[] {
  const { rowToRow, vertical, clearance, horizontal } = g;
  const botX = rowToRow;
  const topX = rowToRow + horizontal;
  const topY = vertical + clearance;
  const views: CellView[] = [];
  for (let i = 0; i < CELL_ROWS; i++) {
    const cellX = (horizontal * (i + 0.5)) / CELL_ROWS;
    const cellY = clearance + (vertical * (i + 0.5)) / CELL_ROWS;
    const up = Math.atan((topY - cellY) / (topX - cellX));
    const down = Math.atan((cellY - clearance) / (botX - cellX));
    const stopSky = Math.max(0, Math.round((tilt - up) / RAD));
    const horizonDegrees = Math.round(Math.max(0, 6 - up / RAD));
    const startGround = Math.max(0, Math.round((tilt + down) / RAD));
    const view: CellView = { isotropic: 0, horizon: 0, ground: [], rowBehind: new Float64Array(CELL_ROWS) };
    for (let j = 0; j < stopSky && j < 180; j++) {
      view.isotropic += SLICE[j]! * MARION_GLASS[j]!;
      if (stopSky - j <= horizonDegrees) view.horizon += (SLICE[j]! * MARION_GLASS[j]!) / HORIZON_BAND;
    }
    // The front of the row behind, where the view meets it: the share of each of its cell rows the slice covers.
    const diagonal = (botX - cellX) / Math.cos(down);
    const cell = 1 / CELL_ROWS;
    const tolerance = 0.0001;
    for (let j = stopSky; j < startGround && j < 180; j++) {
      const startAlpha = -(j - stopSky) * RAD + up + down;
      const stopAlpha = -(j + 1 - stopSky) * RAD + up + down;
      const x2 = (diagonal * Math.sin(startAlpha)) / Math.cos(Math.PI - down - (Math.PI / 2 - startAlpha) - tilt);
      const x1 = Math.max(
        0,
        (diagonal * Math.sin(stopAlpha)) / Math.cos(Math.PI - down - (Math.PI / 2 - stopAlpha) - tilt),
      );
      const weight = (SLICE[j]! * MARION_GLASS[j]!) / (x2 - x1);
      for (let k = 0; k < CELL_ROWS; k++) {
        const bottom = k * cell;
        const top = (k + 1) * cell;
        let seen = 0;
        if (bottom >= x1 - tolerance && top <= x2 + tolerance) seen = top - bottom;
        else if (bottom <= x1 + tolerance && top >= x2 - tolerance) seen = x2 - x1;
        else if (bottom >= x1 - tolerance && x2 > bottom - tolerance && top >= x2 - tolerance) seen = x2 - bottom;
        else if (bottom <= x1 + tolerance && x1 < top + tolerance && top <= x2 + tolerance) seen = top - x1;
        view.rowBehind[k]! += seen * weight;
      }
    }
    // The ground behind.
    let x2 = cellX + cellY / Math.tan(down);
    for (let j = startGround; j < 180; j++) {
      const x1 = cellX + cellY / Math.tan((j + 1 - startGround) * RAD + down);
      view.ground.push(groundSlice(SLICE[j]! * MARION_GLASS[j]!, x1, x2, rowToRow, false));
      x2 = x1;
    }
    views.push(view);
  }
  return views;
}

/** The views of the last geometry asked for: a fixed array asks for one all year. */
let lastViews: RowViews | null = null;

export function viewsOf(tilt: number, slopeLength: number, gcr: number, oneAxis: boolean): RowViews {
  const key = `${tilt}|${slopeLength}|${gcr}|${oneAxis}`;
  if (lastViews?.key === key) return lastViews;
  const t = tilt * RAD;
  const clearance = oneAxis ? CLEARANCE - 0.5 * slopeLength * Math.sin(t) : CLEARANCE;
  const vertical = slopeLength * Math.sin(t);
  const horizontal = slopeLength * Math.cos(t);
  const rowToRow = slopeLength / gcr;
  const geometry: Geometry = { clearance, vertical, horizontal, rowToRow, between: rowToRow - horizontal };
  lastViews = {
    key,
    geometry,
    skyFactors: skyConfigurationFactors(geometry),
    front: frontViews(geometry, t),
    rear: rearViews(geometry, t),
  };
  return lastViews;
}
