// Batteries, sites and solvers for the storage engine's tests.
import { at, band, billInput, hourly, OFF_PEAK, PEAK, rate, version } from '../bill/bill-fixtures.ts';
import type { BillInput } from '../../../src/engine/bill/types.ts';
import type { StorageRequest } from '../../../src/engine/storage/storage-bill.ts';
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

const DAY_LOAD = [
  0.6, 0.6, 0.6, 0.6, 0.6, 0.7, 0.9, 1, 0.8, 0.7, 0.7, 0.7, 0.7, 0.7, 0.8, 1, 1.5, 2, 2.2, 2, 1.7, 1.3, 0.9, 0.7,
];
const DAY_PV = [0, 0, 0, 0, 0, 0, 0.1, 0.6, 1.5, 2.4, 3.1, 3.5, 3.6, 3.4, 2.9, 2.2, 1.4, 0.6, 0.1, 0, 0, 0, 0, 0];

/**
 * A summer home with PV and a BILL_OPTIMAL battery from `from` to `to` (local dates): TOU energy (0.50 peak, 0.30
 * off-peak), a 5 cent export credit and a 12 $/kW demand charge; 0.6-2.2 kWh an hour, varying from day to day, and
 * PV scaled by `pvShare` (a degraded year's); the battery `capacityKwh`, half full at the start.
 */
export function touHome(from: string, to: string, pvShare: number, capacityKwh: number): [BillInput, StorageRequest] {
  const n = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  const load = Array.from({ length: n }, (_, d) => DAY_LOAD.map((v) => v * (1 + 0.1 * Math.sin(d)))).flat();
  const pv = Array.from({ length: n }, (_, d) => DAY_PV.map((v) => v * pvShare * (0.7 + 0.3 * Math.cos(d)))).flat();
  return [
    billInput({
      from,
      to,
      versions: [
        version([
          rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
          rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
          rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
          rate('DEMAND_BASED', [band(12)]),
        ]),
      ],
      series: [hourly(`${from}T00:00`, load)],
    }),
    {
      battery: battery({ capacityKwh, initialSoc: 0.5 }),
      solar: { ...hourlyPv(`${from}T00:00`, pv), side: 'AC', dcToAcEfficiency: 0.96, inverterAcKw: null },
      strategy: 'BILL_OPTIMAL',
      schedule: null,
    },
  ];
}
