// BILL_OPTIMAL's programs on worker threads (optimiser-threads.ts, #38's speed): the plans a thread makes are the
// plans the request's own thread makes (the same optimum, the same bill), years sent to two lanes come back in the
// order asked, a thread that dies has its programs solved here instead, a program without an optimum is the same
// OptimiserError across the thread, and stopping rejects what is still out.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { OptimiserError, type OptimiserInput } from '../../../src/engine/storage/bill-optimal.ts';
import { startStorageBill } from '../../../src/engine/storage/storage-bill.ts';
import { optimiserThreads } from '../../../src/modules/storage/optimiser-threads.ts';
import { touHome } from '../../engine/storage/storage-fixtures.ts';

/** Year `y` of a term on a TOU tariff with an export credit and a demand charge: the PV and the battery fade. */
const year = (y: number) => startStorageBill(...touHome('2025-06-01', '2025-09-01', 0.995 ** y, 10 * 0.98 ** y));

const YEARS = 6;
const onThisThread = optimiserThreads(0);
const here = onThisThread.open();
after(() => here.close());
/** Each year's plan and bill on the request's own thread: what the threads must answer. */
const expected = await Promise.all(
  Array.from({ length: YEARS }, async (_, y) => {
    const start = year(y);
    const plan = await here.plan(start.optimiser!, 0);
    return { objective: plan.objective, total: start.finish(plan).bill.summary.totalCost };
  }),
);

describe('optimiser threads', () => {
  it('plan each year as the request thread does, two lanes at once, answers in the order asked', async () => {
    const threads = optimiserThreads(2);
    try {
      const lanes = threads.open();
      const starts = Array.from({ length: YEARS }, (_, y) => year(y));
      const plans = starts.map((s, y) => lanes.plan(s.optimiser!, y));
      for (const [y, plan] of (await Promise.all(plans)).entries()) {
        assert.ok(Math.abs(plan.objective - expected[y]!.objective) < 1e-6, `year ${y}`);
        assert.equal(starts[y]!.finish(plan).bill.summary.totalCost, expected[y]!.total, `year ${y}`);
      }
      lanes.close();
      assert.deepEqual(threads.planned, { onThreads: YEARS, here: 0 });
      // A second request on the same threads: its own sessions, the same answers.
      const again = threads.open();
      const plan = await again.plan(year(3).optimiser!, 1);
      assert.ok(Math.abs(plan.objective - expected[3]!.objective) < 1e-6);
      again.close();
    } finally {
      await threads.stop();
    }
  });

  it('solve here what a thread that dies was sent, and start a new thread for the next', async () => {
    const dying = optimiserThreads(1, {
      filename: "require('node:worker_threads').parentPort.on('message', () => process.exit(3))",
      eval: true,
    });
    try {
      const lanes = dying.open();
      const plans = await Promise.all([0, 1, 2].map((y) => lanes.plan(year(y).optimiser!, 0)));
      for (const [y, plan] of plans.entries()) assert.ok(Math.abs(plan.objective - expected[y]!.objective) < 1e-6);
      const later = await lanes.plan(year(4).optimiser!, 0);
      assert.ok(Math.abs(later.objective - expected[4]!.objective) < 1e-6);
      assert.equal(dying.planned.onThreads, 0);
      assert.equal(dying.planned.here, 4);
    } finally {
      await dying.stop();
    }
  });

  it('a program without an optimum is an OptimiserError on this side too; the thread lives on', async () => {
    const threads = optimiserThreads(1);
    try {
      const lanes = threads.open();
      const good = year(0).optimiser!;
      // The band's floor (90 %) above its ceiling (10 %): no state of charge satisfies it.
      const impossible: OptimiserInput = { ...good, battery: { ...good.battery, minSoc: 0.9, maxSoc: 0.1 } };
      await assert.rejects(lanes.plan(impossible, 0), (e: unknown) => {
        assert.ok(e instanceof OptimiserError, String(e));
        assert.match(e.message, /billing period 1 ended INFEASIBLE/);
        return true;
      });
      const plan = await lanes.plan(good, 0);
      assert.ok(Math.abs(plan.objective - expected[0]!.objective) < 1e-6);
      assert.deepEqual(threads.planned, { onThreads: 1, here: 0 });
    } finally {
      await threads.stop();
    }
  });

  it('stopping rejects the programs still out', async () => {
    const threads = optimiserThreads(1);
    const lanes = threads.open();
    const out = lanes.plan(year(0).optimiser!, 0);
    await threads.stop();
    await assert.rejects(out, /optimiser threads were stopped/);
  });
});
