// BILL_OPTIMAL's two forms of a billing period's program: import and export as columns with a balance row in each
// interval, and (an AC-coupled battery without grid charging or export: the meter's sign fixed) written through the
// battery's columns, a state of charge a run of one-way intervals and a column a class of intervals alike for the bill
// (interval-groups.ts). The second must be the same program: the same optimum and bill to the cent, on TOU energy
// with an export credit and a demand charge (every interval in a demand window: no run), on tiers counted on the net
// (baseline-like blocks), on net billing at an export price of its own every hour, on TOU energy under a minimum
// charge, two months long (the look-ahead into the next period). It is the smaller one, by a fraction where runs form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LpSolver } from '../../../src/engine/storage/linear-program.ts';
import { billWithStorage } from '../../../src/engine/storage/storage-bill.ts';
import { DateTime } from 'luxon';
import { band, billInput, hourly, OFF_PEAK, PEAK, rate, version, ZONE } from '../bill/bill-fixtures.ts';
import { battery, hourlyPv, solver } from './storage-fixtures.ts';

const DAY_LOAD = [
  0.6, 0.6, 0.6, 0.6, 0.6, 0.7, 0.9, 1, 0.8, 0.7, 0.7, 0.7, 0.7, 0.7, 0.8, 1, 1.5, 2, 2.2, 2, 1.7, 1.3, 0.9, 0.7,
];
const DAY_PV = [0, 0, 0, 0, 0, 0, 0.1, 0.6, 1.5, 2.4, 3.1, 3.5, 3.6, 3.4, 2.9, 2.2, 1.4, 0.6, 0.1, 0, 0, 0, 0, 0];
const FROM = '2025-07-01';
const TO = '2025-09-01';
const DAYS = 62;

const tariffs = {
  'TOU energy, a 5 cent export credit and a demand charge': [
    rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
    rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
    rate('DEMAND_BASED', [band(12)]),
  ],
  'tiers on the net (a 300 kWh first block)': [
    rate('CONSUMPTION_BASED', [band(0.22, { consumptionUpperLimit: 300 }), band(0.41)]),
  ],
  'net billing at hourly export prices (every hour its own)': [
    rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
    rate('CONSUMPTION_BASED', [band(0)], { transactionType: 'SELL', variableRateKey: 'export' }),
  ],
  'TOU energy and a $60 minimum charge that binds': [
    rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
    rate('MINIMUM', [band(60)]),
  ],
};

/** An export price for every hour of the two months, none equal to another (as avoided-cost prices are). */
const hourStart = (h: number) => DateTime.fromISO(`${FROM}T00:00`, { zone: ZONE }).plus({ hours: h }).toISO()!;
const lookups = {
  export: Array.from({ length: DAYS * 24 }, (_, h) => ({
    from: hourStart(h).slice(0, 16),
    to: hourStart(h + 1).slice(0, 16),
    value: 0.04 + (0.08 * ((h * 7919) % 997)) / 997 + h * 1e-7,
  })),
};

/** Counts the columns and rows of the programs it solves. */
function counting(): { solve: LpSolver; columns: number; rows: number } {
  const c = {
    columns: 0,
    rows: 0,
    solve: ((lp, slot) => {
      c.columns += lp.numCols;
      c.rows += lp.numRows;
      return solver(lp, slot);
    }) as LpSolver,
  };
  return c;
}

describe('BILL_OPTIMAL with the meter sign fixed: the same program, smaller', () => {
  for (const [name, rates] of Object.entries(tariffs))
    it(name, (ctx) => {
      const merges = !name.includes('demand charge');
      const load = Array.from({ length: DAYS }, (_, d) => DAY_LOAD.map((v) => v * (1 + 0.1 * Math.sin(d)))).flat();
      const pv = Array.from({ length: DAYS }, (_, d) => DAY_PV.map((v) => v * (0.7 + 0.3 * Math.cos(d)))).flat();
      const input = billInput({
        from: FROM,
        to: TO,
        versions: [version(rates)],
        series: [hourly(`${FROM}T00:00`, load)],
        ...(name.startsWith('net billing') && { exportOverride: { arrangement: 'NET_BILLING' }, lookups }),
      });
      const request = {
        battery: battery({ capacityKwh: 10, initialSoc: 0.5 }),
        solar: { ...hourlyPv(`${FROM}T00:00`, pv), side: 'AC' as const, dcToAcEfficiency: 0.96, inverterAcKw: null },
        strategy: 'BILL_OPTIMAL' as const,
        schedule: null,
      };
      const full = counting();
      const fixed = counting();
      const a = billWithStorage(input, request, full.solve, undefined, true);
      const b = billWithStorage(input, request, fixed.solve);
      assert.equal(a.optimiser!.periods, 2);
      assert.ok(
        Math.abs(a.optimiser!.objective - b.optimiser!.objective) < 1e-6,
        `${a.optimiser!.objective} with meter columns, ${b.optimiser!.objective} with the sign fixed`,
      );
      assert.equal(b.bill.summary.totalCost, a.bill.summary.totalCost);
      assert.ok(b.bill.summary.totalCost < b.withoutBattery.summary.totalCost, 'the battery saves');
      ctx.diagnostic(`${full.columns} columns and ${full.rows} rows; sign fixed ${fixed.columns} and ${fixed.rows}`);
      // July with a day of August's look-ahead, and August: 768 + 744 intervals.
      const intervals = 768 + 744;
      if (merges) {
        // Runs of intervals at one price and side taken as one: a fraction of the program.
        assert.ok(fixed.columns * 4 < full.columns, `${fixed.columns} columns against ${full.columns}`);
        assert.ok(fixed.rows * 4 < full.rows, `${fixed.rows} rows against ${full.rows}`);
      } else {
        // Every interval in a demand window stays its own: three columns (import, export, and the charge where the
        // load lacks PV or the discharge where it has a surplus: the battery cannot move the other way) and one row
        // (the balance) fewer an interval; the blocks' and windows' own columns and rows are in both.
        assert.equal(full.columns - fixed.columns, 3 * intervals);
        assert.equal(full.rows - fixed.rows, intervals);
      }
    });
});
