// Invariants every strategy keeps, over a year of hourly load and PV, for AC and DC coupling, with grid charging and
// battery export allowed or not: energy balance in every interval, state of charge within its band and following its
// charge and discharge, never charging and discharging in the same interval, no grid charging or battery export
// where not allowed, and the round trip's losses adding up. Then the order of the bills: BILL_OPTIMAL's never above
// SELF_CONSUMPTION's, which is never above no battery's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Battery, socBand } from '../../../src/engine/storage/battery.ts';
import type { DispatchResult } from '../../../src/engine/storage/dispatch-result.ts';
import { SCHEDULE_MODES, type Schedule, type ScheduleMode } from '../../../src/engine/storage/policies.ts';
import type { StorageSite } from '../../../src/engine/storage/site.ts';
import { billWithStorage, STRATEGIES, type Strategy } from '../../../src/engine/storage/storage-bill.ts';
import { billInput, band, hourly, OFF_PEAK, PEAK, rate, version } from '../bill/bill-fixtures.ts';
import { battery, hourlyPv, solver } from './storage-fixtures.ts';

const HOURS = 8760;
/** A repeatable year: load with a morning and an evening bump and some noise; PV a clear-sky arch, cut on some days. */
function year() {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const load: number[] = [];
  const pv: number[] = [];
  for (let t = 0; t < HOURS; t++) {
    const h = t % 24;
    const day = Math.floor(t / 24);
    const season = 1 + 0.3 * Math.cos(((day - 200) / 365) * 2 * Math.PI);
    load.push(0.4 + (h >= 6 && h < 9 ? 0.8 : 0) + (h >= 17 && h < 22 ? 1.6 * season : 0) + 0.3 * random());
    const sun = Math.max(0, Math.sin(((h - 6) / 13) * Math.PI)) * (2 - season) * 4;
    pv.push(day % 7 === 3 ? sun * 0.3 : sun);
  }
  return { load, pv };
}

const { load, pv } = year();
const tariff = [
  version([
    rate('CONSUMPTION_BASED', [band(0.48)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.31)], { touId: OFF_PEAK }),
    rate('DEMAND_BASED', [band(4)], { touId: PEAK }),
    rate('CONSUMPTION_BASED', [band(0.06)], { transactionType: 'SELL' }),
    rate('FIXED_PRICE', [band(10)]),
  ]),
];
const input = billInput({
  from: '2025-01-01',
  to: '2026-01-01',
  versions: tariff,
  series: [hourly('2025-01-01T00:00', load)],
  exportOverride: { arrangement: 'NET_BILLING' },
});
/** Charge 10 am - 3 pm, discharge 4-9 pm, self-consumption otherwise; weekends the same but idle at night. */
const mode = (weekday: number, hour: number): ScheduleMode =>
  hour >= 10 && hour < 15
    ? 'CHARGE'
    : hour >= 16 && hour < 21
      ? 'DISCHARGE'
      : weekday >= 5
        ? 'IDLE'
        : 'SELF_CONSUMPTION';
const schedule: Schedule = [0, 1, 2, 3, 4, 5, 6].map((w) =>
  Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => mode(w, h))),
);

const close = (a: number, b: number, what: string, t: number) =>
  assert.ok(Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(a)), `${what} at interval ${t}: ${a} vs ${b}`);

function checkInvariants(
  b: Battery,
  site: StorageSite,
  d: DispatchResult,
  solarAc: Float64Array,
  solarDc: Float64Array,
) {
  const band = socBand(b);
  let inputs = 0;
  let outputs = 0;
  let losses = 0;
  let previous = d.initialSoc;
  for (let t = 0; t < site.load.length; t++) {
    // Balance of the load, the meter, the battery's AC side and the PV.
    close(site.load[t]!, d.solarToLoad[t]! + d.batteryToLoad[t]! + d.gridToLoad[t]!, 'load', t);
    close(d.gridImport[t]!, d.gridToLoad[t]! + d.gridToBattery[t]!, 'import', t);
    close(d.gridExport[t]!, d.solarToGrid[t]! + d.batteryToGrid[t]!, 'export', t);
    close(d.net[t]!, d.gridImport[t]! - d.gridExport[t]!, 'net', t);
    close(d.batteryToLoad[t]! + d.batteryToGrid[t]!, d.discharge[t]! * b.dcToAcEfficiency, 'battery AC out', t);
    const acIn = b.coupling === 'AC' ? d.solarToBattery[t]! + d.gridToBattery[t]! : d.gridToBattery[t]!;
    const solarIn = b.coupling === 'DC' ? d.solarToBattery[t]! : 0;
    close(d.charge[t]!, acIn * b.acToDcEfficiency + solarIn, 'battery DC in', t);
    if (b.coupling === 'AC') close(solarAc[t]!, d.solarToLoad[t]! + d.solarToBattery[t]! + d.solarToGrid[t]!, 'PV', t);
    else
      close(
        solarDc[t]!,
        d.solarToBattery[t]! + (d.solarToLoad[t]! + d.solarToGrid[t]!) / 0.96 + d.solarCurtailed[t]!,
        'PV (DC)',
        t,
      );
    // State of charge: in its band, following the flows; one direction at a time.
    assert.ok(d.soc[t]! >= band.floor - 1e-9 && d.soc[t]! <= band.ceiling + 1e-9, `soc ${d.soc[t]} at ${t}`);
    close(d.soc[t]!, previous + d.charge[t]! * b.inputEfficiency - d.discharge[t]!, 'soc', t);
    previous = d.soc[t]!;
    assert.ok(d.charge[t]! === 0 || d.discharge[t]! === 0, `charge and discharge at ${t}`);
    if (!b.gridCharging) assert.ok(d.gridToBattery[t]! <= 1e-9, `grid charging at ${t}: ${d.gridToBattery[t]}`);
    if (!b.gridExport) assert.ok(d.batteryToGrid[t]! <= 1e-9, `battery export at ${t}: ${d.batteryToGrid[t]}`);
    for (const [name, v] of Object.entries(d))
      if (v instanceof Float64Array && name !== 'net') assert.ok(v[t]! >= -1e-9, `${name} < 0 at ${t}`);
    inputs += acIn + solarIn;
    outputs += d.batteryToLoad[t]! + d.batteryToGrid[t]!;
    losses +=
      acIn * (1 - b.acToDcEfficiency) +
      d.charge[t]! * (1 - b.inputEfficiency) +
      d.discharge[t]! * (1 - b.dcToAcEfficiency);
  }
  // Round trip: what went in less what came out is what it holds more, plus each conversion's loss.
  close(inputs - outputs, d.soc.at(-1)! - d.initialSoc + losses, 'round trip', site.load.length);
  return { losses, throughput: outputs };
}

describe('dispatch invariants over a year', () => {
  const cases: { coupling: 'AC' | 'DC'; gridCharging: boolean; gridExport: boolean }[] = [
    { coupling: 'AC', gridCharging: false, gridExport: false },
    { coupling: 'AC', gridCharging: true, gridExport: true },
    { coupling: 'DC', gridCharging: false, gridExport: false },
    { coupling: 'DC', gridCharging: true, gridExport: true },
  ];
  for (const c of cases) {
    it(`${c.coupling} coupling, grid charging ${c.gridCharging}, battery export ${c.gridExport}: every strategy`, () => {
      const b = battery({
        ...c,
        capacityKwh: 13.5,
        chargeKw: 5,
        dischargeKw: 5,
        acToDcEfficiency: 0.96,
        dcToAcEfficiency: 0.96,
        inputEfficiency: 0.975,
        minSoc: 0.05,
        reserve: 0.2,
        initialSoc: 0.5,
      });
      // DC: the array's output with a 3 kW inverter, so some of it is clipped.
      const solar =
        c.coupling === 'DC'
          ? {
              ...hourlyPv(
                '2025-01-01T00:00',
                pv.map((v) => v / 0.96),
              ),
              side: 'DC' as const,
              dcToAcEfficiency: 0.96,
              inverterAcKw: 3,
            }
          : { ...hourlyPv('2025-01-01T00:00', pv), side: 'AC' as const, dcToAcEfficiency: 0.96, inverterAcKw: null };
      const totals: Partial<Record<Strategy, number>> = {};
      let none = 0;
      for (const strategy of STRATEGIES) {
        const r = billWithStorage(input, { battery: b, solar, strategy, schedule }, solver);
        const acPv = new Float64Array(HOURS);
        const dcPv = new Float64Array(HOURS);
        for (let t = 0; t < HOURS; t++) {
          dcPv[t] = solar.side === 'DC' ? solar.values[t]! : solar.values[t]! / 0.96;
          acPv[t] = solar.side === 'DC' ? Math.min(dcPv[t]! * 0.96, 3) : solar.values[t]!;
        }
        const { throughput } = checkInvariants(b, r.site, r.dispatch, acPv, dcPv);
        assert.ok(throughput > 100, `${strategy} moved only ${throughput} kWh`);
        totals[strategy] = r.bill.summary.totalCost;
        none = r.withoutBattery.summary.totalCost;
        if (strategy === 'BILL_OPTIMAL') {
          // This tariff is one the program states exactly: its dispatch is billed, and its objective is the bill.
          assert.equal(r.strategyUsed, 'BILL_OPTIMAL');
          assert.deepEqual(r.optimiser!.approximations, []);
          assert.ok(
            Math.abs(r.optimiser!.objective - r.bill.summary.totalCost) < 0.01,
            `${r.optimiser!.objective} vs ${r.bill.summary.totalCost}`,
          );
        }
      }
      assert.ok(totals.BILL_OPTIMAL! <= totals.SELF_CONSUMPTION! + 0.005, JSON.stringify(totals));
      assert.ok(totals.SELF_CONSUMPTION! <= none + 0.005, `${JSON.stringify(totals)} none ${none}`);
    });
  }
});

describe('schedule modes', () => {
  it('are the four the API names', () =>
    assert.deepEqual([...SCHEDULE_MODES], ['IDLE', 'CHARGE', 'DISCHARGE', 'SELF_CONSUMPTION']));
});
