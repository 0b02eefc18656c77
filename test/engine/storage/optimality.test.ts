// BILL_OPTIMAL is optimal: on small cases (six hours, a 2 kWh battery) its bill equals, to the cent, the best of an
// exhaustive search over every dispatch whose state of charge moves in 0.25 kWh steps (the cells keep 75 %, so a
// 0.25 kWh step is a whole number of grid-side quarter-kWh, and the program's optimum lies on that lattice). The
// search prices each dispatch with its own arithmetic of the test tariff, independent of the optimiser's model; its
// best dispatch is then billed by the bill engine too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carryOut, type Decisions, emptyDecisions, planned } from '../../../src/engine/storage/dispatch-result.ts';
import { billWithStorage } from '../../../src/engine/storage/storage-bill.ts';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import { billInput, band, hourly, OFF_PEAK, PEAK, rate, version } from '../bill/bill-fixtures.ts';
import { battery, hourlyPv, solver } from './storage-fixtures.ts';

const STEP = 0.25;
const FROM = '2025-07-15T13:00';
const TO = '2025-07-15T19:00';
/** 1-4 pm off-peak, 4-7 pm peak (the fixture's TOU: peak 4-9 pm). */
const isPeak = (h: number) => h >= 3;

interface Case {
  name: string;
  load: number[];
  pv: number[];
  offPeak: number;
  peak: number;
  /** $/kW of the range's highest hourly import (monthly price x hours held / hours of July). */
  demand: number;
  sell: number;
  initialSoc: number;
  gridCharging: boolean;
}

/** Every state-of-charge path on the lattice; its cost by the test's own arithmetic. */
function search(c: Case, b: ReturnType<typeof battery>) {
  const levels = Math.round(b.capacityKwh / STEP);
  const n = c.load.length;
  let best = Number.POSITIVE_INFINITY;
  let bestPath: number[] = [];
  const path: number[] = [];
  const walk = (t: number, soc: number, energy: number, peakKw: number) => {
    if (t === n) {
      const cost = energy + c.demand * peakKw;
      if (cost < best - 1e-12) {
        best = cost;
        bestPath = [...path];
      }
      return;
    }
    for (let k = 0; k <= levels; k++) {
      const next = k * STEP;
      const delta = next - soc;
      const surplus = Math.max(0, c.pv[t]! - c.load[t]!);
      const deficit = Math.max(0, c.load[t]! - c.pv[t]!);
      let net: number;
      if (delta > 0) {
        const acIn = delta / b.inputEfficiency;
        if (acIn > b.chargeKw + 1e-12) continue;
        if (!c.gridCharging && acIn > surplus + 1e-12) continue;
        net = c.load[t]! - c.pv[t]! + acIn;
      } else {
        const out = -delta;
        if (out > b.dischargeKw + 1e-12 || out > deficit + 1e-12) continue;
        net = c.load[t]! - c.pv[t]! - out;
      }
      const imp = Math.max(0, net);
      const exp = Math.max(0, -net);
      path.push(next);
      walk(t + 1, next, energy + imp * (isPeak(t) ? c.peak : c.offPeak) - exp * c.sell, Math.max(peakKw, imp));
      path.pop();
    }
  };
  walk(0, c.initialSoc, 0, 0);
  return { best, bestPath };
}

const cases: Case[] = [
  {
    name: 'TOU arbitrage with grid charging',
    load: [1, 1, 1, 1.5, 1, 2],
    pv: [0, 0, 0, 0, 0, 0],
    offPeak: 0.2,
    peak: 0.55,
    demand: 0,
    sell: 0,
    initialSoc: 0,
    gridCharging: true,
  },
  {
    name: 'a demand charge and a spike',
    load: [1, 1, 3, 1, 1.5, 1],
    pv: [0, 0.5, 0, 0, 0, 0],
    offPeak: 0.12,
    peak: 0.12,
    demand: 2,
    sell: 0,
    initialSoc: 1,
    gridCharging: true,
  },
  {
    name: 'net billing: PV surplus, export credit, no grid charging',
    load: [0.5, 0.5, 1, 2, 1.5, 1],
    pv: [2.5, 2, 1, 0, 0, 0],
    offPeak: 0.3,
    peak: 0.5,
    demand: 0,
    sell: 0.05,
    initialSoc: 0,
    gridCharging: false,
  },
];

describe('BILL_OPTIMAL against an exhaustive search', () => {
  for (const c of cases) {
    it(c.name, () => {
      const b = battery({
        capacityKwh: 2,
        chargeKw: 1,
        dischargeKw: 1,
        inputEfficiency: 0.75,
        initialSoc: c.initialSoc / 2,
        gridCharging: c.gridCharging,
      });
      // The demand price per kW over six hours of July: a monthly price that many times larger.
      const monthly = c.demand * (744 / 6);
      const input = billInput({
        from: FROM,
        to: TO,
        versions: [
          version([
            rate('CONSUMPTION_BASED', [band(c.peak)], { touId: PEAK }),
            rate('CONSUMPTION_BASED', [band(c.offPeak)], { touId: OFF_PEAK }),
            ...(c.demand ? [rate('DEMAND_BASED', [band(monthly)])] : []),
            ...(c.sell ? [rate('CONSUMPTION_BASED', [band(c.sell)], { transactionType: 'SELL' })] : []),
          ]),
        ],
        series: [hourly(FROM, c.load)],
        exportOverride: c.sell ? { arrangement: 'NET_BILLING' } : null,
      });
      const solar = { ...hourlyPv(FROM, c.pv), side: 'AC' as const, dcToAcEfficiency: 0.96, inverterAcKw: null };
      const optimal = billWithStorage(input, { battery: b, solar, strategy: 'BILL_OPTIMAL', schedule: null }, solver);
      const { best, bestPath } = search(c, b);
      // The search's best dispatch, billed by the bill engine: the search's arithmetic is the bill's.
      const decisions: Decisions = emptyDecisions(6);
      let soc = c.initialSoc;
      bestPath.forEach((next, t) => {
        if (next > soc) decisions.acIn[t] = (next - soc) / b.inputEfficiency;
        else decisions.dcOut[t] = soc - next;
        soc = next;
      });
      const searched = carryOut(b, optimal.site, planned(decisions));
      const billed = calculateBill({
        ...input,
        series: [
          { keyName: 'consumption', from: input.from, duration: 3_600_000, values: searched.net, exports: null },
        ],
      });
      assert.equal(billed.summary.totalCost, Math.round(best * 100) / 100, 'the search prices as the bill does');
      assert.equal(
        optimal.bill.summary.totalCost,
        billed.summary.totalCost,
        `optimal ${optimal.bill.summary.totalCost}, search ${best}`,
      );
      assert.ok(
        Math.abs(optimal.optimiser!.objective - best) < 1e-6,
        `objective ${optimal.optimiser!.objective} vs ${best}`,
      );
      // And the battery did something: the best is below no battery's bill.
      assert.ok(best < optimal.withoutBattery.summary.totalCost - 0.01);
    });
  }
});
