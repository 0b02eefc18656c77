// Batteries, sites and solvers for the storage engine's tests.
import { at } from '../bill/bill-fixtures.ts';
import { BATTERY_DEFAULTS, type Battery } from '../../../src/engine/storage/battery.ts';
import type { LpSolver } from '../../../src/engine/storage/linear-program.ts';
import { highsSolver } from '../../../src/modules/storage/highs-solver.ts';

export const solver: LpSolver = await highsSolver();

/** A battery with round numbers: lossless inverter, the cells keep `cell` of what reaches them. */
export function battery(extra: Partial<Battery> = {}): Battery {
  return {
    ...BATTERY_DEFAULTS,
    capacityKwh: 10,
    chargeKw: 5,
    dischargeKw: 5,
    acToDcEfficiency: 1,
    dcToAcEfficiency: 1,
    inputEfficiency: 0.9,
    initialSoc: 0,
    ...extra,
  };
}

/** Hourly PV (AC kWh) as a series of `n` hours from `values`, repeated. */
export const repeat = (values: number[], days: number): number[] => Array.from({ length: days }, () => values).flat();

/** Hourly PV values from a local time (kWh each hour). */
export const hourlyPv = (from: string, values: number[]) => ({ from: at(from), duration: 3_600_000, values });
