// The inputs of a PVWatts v8 system as Ratebook takes them: names, PVWatts's defaults (those of its web calculator)
// and the ranges SSC's `pvwattsv8` accepts.
import type { ModuleType } from './module.ts';

export const MODULE_TYPES = ['STANDARD', 'PREMIUM', 'THIN_FILM'] as const satisfies readonly ModuleType[];
/** v8's array types in the order of its codes 0-4. */
export const V8_ARRAY_TYPES = [
  'FIXED_OPEN_RACK',
  'FIXED_ROOF_MOUNT',
  'ONE_AXIS',
  'ONE_AXIS_BACKTRACKING',
  'TWO_AXIS',
] as const;
export type V8ArrayType = (typeof V8_ARRAY_TYPES)[number];

/** A PV system as PVWatts v8 names its inputs. */
export interface V8System {
  /** DC nameplate, kW. */
  systemCapacity: number;
  moduleType: ModuleType;
  arrayType: V8ArrayType;
  /** Degrees from horizontal (of the axis for one-axis trackers; two-axis trackers ignore it). */
  tilt: number;
  /** Degrees clockwise from north (of the axis for one-axis trackers). */
  azimuth: number;
  /** DC losses, percent. */
  losses: number;
  dcAcRatio: number;
  /** Inverter efficiency at rated power, percent. */
  inverterEfficiency: number;
  groundCoverageRatio: number;
  /** Soiling loss, percent: one value for the year or one per month (v8: none). */
  soiling?: readonly number[];
  /**
   * Bifaciality: the rear's efficiency as a share of the front's, 0-1 (v8: 0, monofacial; bifacial modules are about
   * 0.65-0.7). v8 then adds the rear's light by its view-factor model.
   */
  bifaciality?: number;
  /** Tracker rotation limit, degrees (v8: 45). */
  rotationLimit?: number;
}

export const V8_DEFAULTS: Omit<V8System, 'systemCapacity'> = {
  moduleType: 'STANDARD',
  arrayType: 'FIXED_ROOF_MOUNT',
  tilt: 20,
  azimuth: 180,
  losses: 14.08,
  dcAcRatio: 1.2,
  inverterEfficiency: 96,
  groundCoverageRatio: 0.4,
};

/** Ranges v8 accepts for each number, inclusive: [min, max] (gcr below 1, as SSC requires); bifaciality may be absent. */
export const V8_LIMITS: Readonly<
  Record<
    | 'systemCapacity'
    | 'tilt'
    | 'azimuth'
    | 'losses'
    | 'dcAcRatio'
    | 'inverterEfficiency'
    | 'groundCoverageRatio'
    | 'bifaciality',
    readonly [number, number]
  >
> = {
  systemCapacity: [0.05, 500_000],
  tilt: [0, 90],
  azimuth: [0, 360],
  losses: [-5, 99],
  dcAcRatio: [0.5, 2],
  inverterEfficiency: [90, 99.5],
  groundCoverageRatio: [0.01, 0.99],
  // ssc sets no bound ("0 or ~0.65"); a share of the front's efficiency is 0-1.
  bifaciality: [0, 1],
};

/** The first input of `system` out of range, as [name, message]; null when all are in range. */
export function v8SystemProblem(system: V8System): [keyof V8System, string] | null {
  for (const [name, [min, max]] of Object.entries(V8_LIMITS) as [keyof typeof V8_LIMITS, readonly [number, number]][]) {
    const v = system[name];
    if (v === undefined && name === 'bifaciality') continue;
    if (!(typeof v === 'number' && v >= min && v <= max))
      return [name, `${name} must be a number from ${min} to ${max}`];
  }
  if (!MODULE_TYPES.includes(system.moduleType))
    return ['moduleType', `moduleType must be one of ${MODULE_TYPES.join(', ')}`];
  if (!V8_ARRAY_TYPES.includes(system.arrayType))
    return ['arrayType', `arrayType must be one of ${V8_ARRAY_TYPES.join(', ')}`];
  const soiling = system.soiling;
  if (soiling !== undefined) {
    if (!(soiling.length === 1 || soiling.length === 12))
      return ['soiling', 'soiling must be one percentage for the year or twelve, one per month'];
    if (!soiling.every((s) => typeof s === 'number' && s >= 0 && s <= 100))
      return ['soiling', 'soiling must be percentages from 0 to 100'];
  }
  return null;
}
