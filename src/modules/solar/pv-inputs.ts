// How a PV system is named in inputs (the savings analysis's property inputs, a PVWatts profile's properties): the
// keys and what PvSystem calls them, and PVWatts's numeric codes for module and array types beside Ratebook's names.
import type { V8System as PvSystem } from '../../engine/solar/v8/system.ts';

/** The keys of the PV system and what PvSystem calls them. */
export const PV_KEYS: Record<string, keyof PvSystem> = {
  systemSize: 'systemCapacity',
  tilt: 'tilt',
  azimuth: 'azimuth',
  losses: 'losses',
  dcAcRatio: 'dcAcRatio',
  inverterEfficiency: 'inverterEfficiency',
  gcr: 'groundCoverageRatio',
  bifaciality: 'bifaciality',
};
/** PVWatts's numeric codes for module types (0-2) and array types (0-4) and Ratebook's names. */
export const MODULE_CODES: Record<string, PvSystem['moduleType']> = {
  '0': 'STANDARD',
  '1': 'PREMIUM',
  '2': 'THIN_FILM',
};
export const ARRAY_CODES: Record<string, PvSystem['arrayType']> = {
  '0': 'FIXED_OPEN_RACK',
  '1': 'FIXED_ROOF_MOUNT',
  '2': 'ONE_AXIS',
  '3': 'ONE_AXIS_BACKTRACKING',
  '4': 'TWO_AXIS',
};
