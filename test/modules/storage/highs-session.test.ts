// BILL_OPTIMAL with a HiGHS session (the savings analysis's solver): each billing period's program is kept and the
// same period of a later year starts from its optimal basis. The answers must be the optimum a fresh solve finds:
// the same objective (to solver precision) and the same bill, year after year as the PV degrades and the battery
// fades, and again when a program's shape changes (a shorter range: the slot's model is replaced).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { billWithStorage } from '../../../src/engine/storage/storage-bill.ts';
import { highsSession, highsSolver } from '../../../src/modules/storage/highs-solver.ts';
import { band, billInput, hourly, OFF_PEAK, PEAK, rate, version } from '../../engine/bill/bill-fixtures.ts';
import { battery, hourlyPv } from '../../engine/storage/storage-fixtures.ts';

const fresh = await highsSolver();
const session = await highsSession();
after(() => session.dispose());

// Two summer months: TOU energy, a 5 cent export credit and a demand charge, a home of 0.6-2.2 kWh an hour and PV.
const DAY_LOAD = [
  0.6, 0.6, 0.6, 0.6, 0.6, 0.7, 0.9, 1, 0.8, 0.7, 0.7, 0.7, 0.7, 0.7, 0.8, 1, 1.5, 2, 2.2, 2, 1.7, 1.3, 0.9, 0.7,
];
const DAY_PV = [0, 0, 0, 0, 0, 0, 0.1, 0.6, 1.5, 2.4, 3.1, 3.5, 3.6, 3.4, 2.9, 2.2, 1.4, 0.6, 0.1, 0, 0, 0, 0, 0];
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

function run(from: string, to: string, share: number, capacityKwh: number, solve: typeof fresh) {
  const n = days(from, to);
  const load = Array.from({ length: n }, (_, d) => DAY_LOAD.map((v) => v * (1 + 0.1 * Math.sin(d)))).flat();
  const pv = Array.from({ length: n }, (_, d) => DAY_PV.map((v) => v * share * (0.7 + 0.3 * Math.cos(d)))).flat();
  return billWithStorage(
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
    solve,
  );
}

describe('HiGHS session (programs kept per billing period)', () => {
  it('finds the fresh solve’s optimum year after year, starting each period from the year before', () => {
    for (let year = 0; year < 5; year++) {
      const [share, capacity] = [0.995 ** year, 10 * 0.98 ** year];
      const a = run('2025-07-01', '2025-09-01', share, capacity, fresh);
      const b = run('2025-07-01', '2025-09-01', share, capacity, session.solve);
      assert.equal(a.optimiser!.periods, 2);
      assert.ok(
        Math.abs(a.optimiser!.objective - b.optimiser!.objective) < 1e-6,
        `year ${year}: ${a.optimiser!.objective} fresh, ${b.optimiser!.objective} hot`,
      );
      assert.equal(b.bill.summary.totalCost, a.bill.summary.totalCost, `year ${year}`);
      assert.ok(b.bill.summary.totalCost < b.withoutBattery.summary.totalCost, 'the battery saves');
    }
    // Year one's two programs were solved afresh, the four later years' eight from the kept basis.
    assert.deepEqual(session.counts, { fresh: 2, hot: 8 });
  });

  it('replaces a period’s model when the next program has another shape, and still finds the optimum', () => {
    const a = run('2025-07-01', '2025-08-15', 1, 10, fresh);
    const b = run('2025-07-01', '2025-08-15', 1, 10, session.solve);
    assert.ok(Math.abs(a.optimiser!.objective - b.optimiser!.objective) < 1e-6);
    assert.equal(b.bill.summary.totalCost, a.bill.summary.totalCost);
    // The July program keeps July's shape (its look-ahead day is August's first either way): hot; August is shorter.
    assert.deepEqual(session.counts, { fresh: 3, hot: 9 });
  });
});
