// A typical year's hourly kWh as the spec's Baseline measures: totals, intensity (per square foot) or proportion
// (values summing to 100), hourly or rolled up by day, month or year of the typical year's own calendar (365 days,
// the months of a common year), and the factors that summarize it.
export const MEASURES_UNITS = ['total', 'intensity', 'proportion'] as const;
export type MeasuresUnit = (typeof MEASURES_UNITS)[number];
export const MEASURES_GROUPS = ['MONTH', 'DAY', 'YEAR'] as const;
export type MeasuresGroup = (typeof MEASURES_GROUPS)[number];

export interface Measure {
  /** 1-based index over the hours (or days, months) of the typical year. */
  i: number;
  v: number;
}

const HOURS = 8760;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The typical year in kWh: the shape (fractions of the year) times the annual kWh. */
export function yearKwh(shape: readonly number[], annualKwh: number): number[] {
  if (shape.length !== HOURS) throw new RangeError(`a typical year has ${HOURS} hours, not ${shape.length}`);
  const sum = shape.reduce((a, x) => a + x, 0);
  // The stored shape sums to 1 within rounding; dividing by its sum makes the year total exactly annualKwh.
  return shape.map((x) => (x / sum) * annualKwh);
}

/** The hour index at which each group (hour, day, month or the year) of the typical year ends, exclusive. */
const GROUP_ENDS: Readonly<Record<MeasuresGroup | 'HOUR', readonly number[]>> = (() => {
  let end = 0;
  return {
    HOUR: Array.from({ length: HOURS }, (_, h) => h + 1),
    DAY: Array.from({ length: 365 }, (_, d) => (d + 1) * 24),
    MONTH: MONTH_DAYS.map((days) => (end += days * 24)),
    YEAR: [HOURS],
  };
})();

/**
 * The measures of a typical year (hourly kWh): `total` as kWh, `intensity` as kWh per square foot of `area`,
 * `proportion` as percentages of the year (they sum to 100); one per hour, or per day, month or year of `groupBy`.
 */
export function baselineMeasures(
  kwh: readonly number[],
  unit: MeasuresUnit,
  groupBy: MeasuresGroup | null,
  area: number | null,
): Measure[] {
  const total = kwh.reduce((a, x) => a + x, 0);
  if (unit === 'intensity' && !(area !== null && area > 0)) throw new RangeError('intensity needs a building area');
  const scale = unit === 'total' ? 1 : unit === 'intensity' ? 1 / area! : total > 0 ? 100 / total : 0;
  const out: Measure[] = [];
  let h = 0;
  for (const end of GROUP_ENDS[groupBy ?? 'HOUR']) {
    let sum = 0;
    for (; h < end; h++) sum += kwh[h]!;
    out.push({ i: out.length + 1, v: sum * scale });
  }
  return out;
}

export interface BaselineFactors {
  /** The highest hourly kWh: the peak of hourly average demand, kW. */
  peakDemand: number;
  /** The year's kWh over twelve: the mean month. */
  monthlyConsumption: number;
  annualConsumption: number;
  /** The mean of the reference buildings the baseline stands for (one here): its annual kWh as published. */
  meanAnnualConsumption: number;
  meanBuildingArea: number | null;
  /** kWh per square foot and year of the reference building. */
  meanIntensity: number | null;
  buildingArea: number | null;
}

/** The factors of a typical year of `kwh`, for a building of `area` whose reference building is `reference`. */
export function baselineFactors(
  kwh: readonly number[],
  area: number | null,
  reference: { annualKwh: number; area: number | null },
): BaselineFactors {
  let annual = 0;
  let peak = 0;
  for (const x of kwh) {
    annual += x;
    if (x > peak) peak = x;
  }
  return {
    peakDemand: peak,
    monthlyConsumption: annual / 12,
    annualConsumption: annual,
    meanAnnualConsumption: reference.annualKwh,
    meanBuildingArea: reference.area,
    meanIntensity: reference.area ? reference.annualKwh / reference.area : null,
    buildingArea: area,
  };
}
