// BILL_OPTIMAL with a HiGHS session (the savings analysis's solver): each billing period's program is kept and the
// same period of a later year starts from its optimal basis. The answers must be the optimum a fresh solve finds:
// the same objective (to solver precision) and the same bill, year after year as the PV degrades and the battery
// fades, and again when a program's shape changes (a shorter range: the slot's model is replaced).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { billWithStorage } from '../../../src/engine/storage/storage-bill.ts';
import { highsSession, highsSolver } from '../../../src/modules/storage/highs-solver.ts';
import { touHome } from '../../engine/storage/storage-fixtures.ts';

const fresh = await highsSolver();
const session = await highsSession();
after(() => session.dispose());

// Two summer months: TOU energy, a 5 cent export credit and a demand charge, a home of 0.6-2.2 kWh an hour and PV.
function run(from: string, to: string, share: number, capacityKwh: number, solve: typeof fresh) {
  return billWithStorage(...touHome(from, to, share, capacityKwh), solve);
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
