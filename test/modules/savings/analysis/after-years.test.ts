// The bills of a term's years after solar, on a stand-in bill that charges $1 per kWh drawn and credits $0.50 per kWh
// sent: year one billed in full on the shared grid, later years at detail level TOTAL, a year repeating year one's
// energy and export prices not billed again; a year with export prices of its own billed at them; two meters (buy all /
// sell all) billing the usage and the PV output apart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PreparedGrid } from '../../../../src/engine/bill/prepared.ts';
import type { BillInput, BillResult, LookupSeries } from '../../../../src/engine/bill/types.ts';
import type { PreparedBill } from '../../../../src/modules/calculations/scenario-preparation.ts';
import { billAfterYears } from '../../../../src/modules/savings/analysis/after-years.ts';
import { termYears } from '../../../../src/modules/savings/analysis/term-years.ts';
import type { AfterBill, Usage } from '../../../../src/modules/savings/analysis/types.ts';
import { H } from './fixtures.ts';

const usage: Usage = {
  from: 0,
  duration: H,
  values: Float64Array.from([1, 1, 1, 1]),
  noted: '',
  accuracy: 100,
  dataValue: null,
  more: [],
};
const pv = Float64Array.from([0, 3, 0, 2]);
const grid = { shared: true } as unknown as PreparedGrid;

function standIn(exportOverride: BillInput['exportOverride'] = null) {
  const runs: { detail: string | undefined; grid: PreparedGrid | undefined }[] = [];
  const bill = {
    input: {
      options: { detailLevel: 'ALL' },
      lookups: new Map(),
      versions: [],
      exportOverride,
    } as unknown as BillInput,
    run(input: BillInput, g?: PreparedGrid): BillResult {
      runs.push({ detail: input.options?.detailLevel, grid: g });
      // Exports are credited at the lookup 'sell' when the year has one, else at $0.50.
      const sell = input.lookups.get('sell')?.value[0] ?? 0.5;
      let cost = 0;
      for (const s of input.series) for (const v of s.values as Float64Array) cost += v > 0 ? v : v * sell;
      return { items: [], summary: { totalCost: cost }, assumptions: [], accuracy: 100 } as unknown as BillResult;
    },
  } as unknown as PreparedBill;
  const after: AfterBill = { bill: Promise.resolve(bill), grid, exportYears: new Map() };
  return { bill, after, runs };
}

describe('the after bills of a term', () => {
  it('bills each degraded year again, year one in full', () => {
    const { bill, after, runs } = standIn();
    const years = billAfterYears(after, bill, usage, termYears(usage, pv, 3, 0.5), null);
    // Year 1: net 1, -2, 1, -1: drawn 2 x $1 - sent 3 x $0.50 = 0.50; -1 kWh.
    // Year 2: output halved, net 1, -0.5, 1, 0: 2 - 0.25 = 1.75; 1.5 kWh.
    // Year 3: a quarter, net 1, 0.25, 1, 0.5: 2.75; 2.75 kWh.
    assert.deepEqual(years.byYear, [
      { cost: 0.5, kwh: -1 },
      { cost: 1.75, kwh: 1.5 },
      { cost: 2.75, kwh: 2.75 },
    ]);
    assert.deepEqual([...years.yearOneNet], [1, -2, 1, -1]);
    assert.deepEqual([...years.yearOneSent], [0, 2, 0, 1]);
    assert.equal(years.yearOne.summary.totalCost, 0.5);
    assert.deepEqual(runs, [
      { detail: 'ALL', grid },
      { detail: 'TOTAL', grid },
      { detail: 'TOTAL', grid },
    ]);
  });

  it("bills year one once when every year's energy is year one's", () => {
    const { bill, after, runs } = standIn();
    const years = billAfterYears(after, bill, usage, termYears(usage, pv, 20, 0), null);
    assert.equal(runs.length, 1);
    assert.equal(years.byYear.length, 20);
    assert.ok(years.byYear.every((y) => y.cost === 0.5 && y.kwh === -1));
  });

  it("bills each year at its own export prices, even when its energy is year one's", () => {
    const { bill, after, runs } = standIn();
    const price = (value: number): Map<string, LookupSeries> =>
      new Map([['sell', { from: Float64Array.of(0), to: Float64Array.of(4 * H), value: Float64Array.of(value) }]]);
    const years = billAfterYears(after, bill, usage, termYears(usage, pv, 3, 0), [null, price(0.25), price(0.1)]);
    // Net 1, -2, 1, -1 every year: drawn 2 x $1 less 3 kWh sent at the year's price.
    // Year 1 at $0.50: 2 - 1.50 = 0.50. Year 2 at $0.25: 2 - 0.75 = 1.25. Year 3 at $0.10: 2 - 0.30 = 1.70.
    assert.deepEqual(
      years.byYear.map((y) => Math.round(y.cost * 100) / 100),
      [0.5, 1.25, 1.7],
    );
    assert.equal(runs.length, 3);
  });

  it('bills the usage and the PV output apart with two meters (buy all / sell all)', () => {
    const { bill, after } = standIn({ arrangement: 'BUY_ALL_SELL_ALL' });
    const years = billAfterYears(after, bill, usage, termYears(usage, pv, 1, 0), null);
    // One meter nets each hour (0.50 above); two bill all 4 kWh used at $1 and credit all 5 kWh made at $0.50:
    // 4 - 2.50 = 1.50. The net load is the same; every kWh the panels make is sent.
    assert.deepEqual(years.byYear, [{ cost: 1.5, kwh: -1 }]);
    assert.deepEqual([...years.yearOneSent], [0, 3, 0, 2]);
  });
});
