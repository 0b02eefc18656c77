// Golden days with the arithmetic beside them: a TOU arbitrage day, a demand-charge day where shaving the peak is what
// pays, and a net billing day where storing midday PV for the evening earns more than exporting it. Each is billed
// by the real bill engine on the dispatch each strategy makes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billWithStorage, type Strategy } from '../../../src/engine/storage/storage-bill.ts';
import { billInput, hourly, OFF_PEAK, PEAK, band, rate, version } from '../bill/bill-fixtures.ts';
import { battery, hourlyPv, repeat, solver } from './storage-fixtures.ts';

const JULY_15 = { from: '2025-07-15', to: '2025-07-16' };
const flat = (kwh: number) => repeat([kwh], 1).concat(Array(23).fill(kwh));

function run(strategy: Strategy, o: Parameters<typeof billInput>[0], b = battery(), pv: number[] | null = null) {
  return billWithStorage(
    billInput(o),
    {
      battery: b,
      solar: pv
        ? { ...hourlyPv('2025-07-15T00:00', pv), side: 'AC', dcToAcEfficiency: 0.96, inverterAcKw: null }
        : null,
      strategy,
      schedule: null,
    },
    solver,
  );
}

describe('golden days', () => {
  it('TOU arbitrage: charge off-peak from the grid, cover the 4-9 pm peak', () => {
    // ON_PEAK 4-9 pm $0.50, OFF_PEAK $0.20; 1 kWh every hour; 10 kWh / 5 kW battery, cells keep 90 %, empty at 0:00,
    // grid charging allowed. Without it: 19 x 0.20 + 5 x 0.50 = 6.30. Optimal: the 5 peak kWh come from the battery,
    // which needs 5 / 0.9 = 5.5556 kWh charged off-peak: (19 + 5.5556) x 0.20 = 4.9111 -> 4.91 (saves 1.39).
    const o = {
      ...JULY_15,
      versions: [
        version([
          rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
          rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
        ]),
      ],
      series: [hourly('2025-07-15T00:00', flat(1))],
    };
    const optimal = run('BILL_OPTIMAL', o, battery({ gridCharging: true }));
    assert.equal(optimal.withoutBattery.summary.totalCost, 6.3);
    assert.equal(optimal.bill.summary.totalCost, 4.91);
    assert.ok(Math.abs(optimal.optimiser!.objective - 4.911111) < 1e-4, String(optimal.optimiser!.objective));
    let peakImport = 0;
    for (let h = 16; h < 21; h++) peakImport += optimal.dispatch.gridImport[h]!;
    assert.ok(peakImport < 1e-6);
    // Self-consumption has no PV to store: it does nothing, and bills what no battery bills.
    assert.equal(run('SELF_CONSUMPTION', o, battery({ gridCharging: true })).bill.summary.totalCost, 6.3);
  });

  it('demand charge: the battery shaves the 6 pm spike, which pays more than saving energy early', () => {
    // $0.10/kWh and $31/kW-month of peak demand: one July day holds 1/31 of the month, $1.00 per kW. Load 1 kWh every
    // hour but 6 kWh at 6 pm (29 kWh). The battery starts with 5 kWh (half of 10). No battery: 2.90 + 6 x 1.00 = 8.90.
    // Self-consumption (no PV) spends the 5 kWh from midnight: peak still 6 kW, 2.40 + 6.00 = 8.40.
    // Optimal: all 5 kWh at 6 pm, peak 1 kW: 24 kWh x 0.10 + 1 x 1.00 = 3.40.
    const load = flat(1);
    load[18] = 6;
    const o = {
      ...JULY_15,
      versions: [version([rate('CONSUMPTION_BASED', [band(0.1)]), rate('DEMAND_BASED', [band(31)])])],
      series: [hourly('2025-07-15T00:00', load)],
    };
    const b = battery({ initialSoc: 0.5 });
    assert.equal(run('BILL_OPTIMAL', o, b).withoutBattery.summary.totalCost, 8.9);
    assert.equal(run('SELF_CONSUMPTION', o, b).bill.summary.totalCost, 8.4);
    const optimal = run('BILL_OPTIMAL', o, b);
    assert.equal(optimal.bill.summary.totalCost, 3.4);
    assert.equal(optimal.bill.summary.kW, 1);
  });

  it('net billing: midday PV stored for the evening earns more than exporting it at $0.05', () => {
    // Net billing: imports at ON_PEAK $0.50 / OFF_PEAK $0.30, every exported kWh credited $0.05 (a SELL rate). Load
    // 1 kWh every hour; PV 4 kWh an hour from 10 am to 2 pm (12 kWh beyond the load). No battery: off-peak imports
    // 15 x 0.30 = 4.50, peak 5 x 0.50 = 2.50, export credit 12 x 0.05 = 0.60: 6.40.
    // With it (empty at midnight, no grid charging): 10 / 0.9 = 11.1111 kWh of the surplus fill it; it covers 2-4 pm
    // (2 kWh off-peak), the peak (5 kWh) and 9 pm-midnight (3 kWh). Imports: midnight-10 am, 10 x 0.30 = 3.00;
    // export credit (12 - 11.1111) x 0.05 = 0.0444: 2.9556 -> 2.96. Self-consumption does the same here.
    const pv = Array(24).fill(0);
    for (let h = 10; h < 14; h++) pv[h] = 4;
    const o = {
      ...JULY_15,
      versions: [
        version([
          rate('CONSUMPTION_BASED', [band(0.5)], { touId: PEAK }),
          rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
          rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
        ]),
      ],
      series: [hourly('2025-07-15T00:00', flat(1))],
      exportOverride: { arrangement: 'NET_BILLING' as const },
    };
    const optimal = run('BILL_OPTIMAL', o, battery(), pv);
    assert.equal(optimal.withoutBattery.summary.totalCost, 6.4);
    assert.equal(optimal.bill.summary.totalCost, 2.96);
    assert.equal(run('SELF_CONSUMPTION', o, battery(), pv).bill.summary.totalCost, 2.96);
  });

  it('DC coupling stores what the inverter would clip; AC coupling cannot', () => {
    // The array gives 6 kWh DC an hour from 10 am to 2 pm into a 4 kW inverter (efficiency 1 here): without a battery
    // 2 kWh DC an hour are clipped, 8 kWh. Self-consumption, empty at midnight, load 1 kWh an hour. DC-coupled, the
    // battery takes the array's DC before the inverter: 5 kWh at 10 and 11 am (4.5 stored each), 1.1111 at noon
    // (full at 10 kWh); the inverter clips 6 - 1.1111 - 4 = 0.8889 at noon and 2 at 1 pm: 2.8889 kWh. AC-coupled,
    // the battery charges from the inverter's 4 kWh AC: the 8 kWh are clipped all the same.
    const pv = Array(24).fill(0);
    for (let h = 10; h < 14; h++) pv[h] = 6;
    const o = {
      ...JULY_15,
      versions: [version([rate('CONSUMPTION_BASED', [band(0.3)])])],
      series: [hourly('2025-07-15T00:00', flat(1))],
    };
    const clipped = (coupling: 'AC' | 'DC') =>
      billWithStorage(
        billInput(o),
        {
          battery: battery({ coupling }),
          solar: { ...hourlyPv('2025-07-15T00:00', pv), side: 'DC', dcToAcEfficiency: 1, inverterAcKw: 4 },
          strategy: 'SELF_CONSUMPTION',
          schedule: null,
        },
        solver,
      );
    const dc = clipped('DC');
    const ac = clipped('AC');
    const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
    assert.ok(Math.abs(sum(dc.dispatch.solarCurtailed) - 2.888889) < 1e-5, String(sum(dc.dispatch.solarCurtailed)));
    assert.ok(Math.abs(sum(ac.dispatch.solarCurtailed) - 8) < 1e-9);
    // Both store 11.11 kWh (10 kWh held); the DC-coupled one took it from DC the inverter would have clipped, so
    // its PV still sends the midday surplus: the same bill here, where sent energy earns nothing.
    assert.ok(Math.abs(sum(dc.dispatch.charge) - 100 / 9) < 1e-9 && Math.abs(sum(ac.dispatch.charge) - 100 / 9) < 1e-9);
    assert.ok(sum(dc.dispatch.solarToGrid) > sum(ac.dispatch.solarToGrid) + 5);
  });
});
