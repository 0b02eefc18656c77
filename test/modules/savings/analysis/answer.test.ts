// The answer step: the series and their data by month, year and term for each scenario, the summary, the scenarios
// with what they assumed, and year one's bills when populateCosts asks; from a one-year projection worked by hand.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BillResult } from '../../../../src/engine/bill/types.ts';
import type { MonthDetail } from '../../../../src/engine/savings/month-figures.ts';
import { project } from '../../../../src/engine/savings/projection.ts';
import type { PreparedBill } from '../../../../src/modules/calculations/scenario-preparation.ts';
import { answerOf, shapeAnswer, summaryOf } from '../../../../src/modules/savings/analysis/answer.ts';
import { note, type Usage } from '../../../../src/modules/savings/analysis/types.ts';
import { planOf } from './fixtures.ts';

const MONTH = 1000;
const detail = (m: number, kwh: number, cost: number, exported: number): MonthDetail => ({
  period: { from: m * MONTH, to: (m + 1) * MONTH },
  kwh,
  cost,
  importedKWh: kwh + exported,
  exportedKWh: exported,
  charges: { CONSUMPTION_BASED: cost },
});
// Before: 500 kWh and $100 a month; after: 200 kWh net ($40), 50 kWh of it sent; 300 kWh of PV at $0.10.
const beforeMonths = Array.from({ length: 12 }, (_, m) => detail(m, 500, 100, 0));
const afterMonths = Array.from({ length: 12 }, (_, m) => detail(m, 200, 40, 50));
const projection = project({
  years: 1,
  before: beforeMonths,
  after: afterMonths,
  solarKwh: new Array(12).fill(300),
  afterByYear: [{ cost: 480, kwh: 2400 }],
  solarKwhByYear: [3600],
  yearPeriods: [{ from: 0, to: 12 * MONTH }],
  price: { perKwh: 0.1, perMonth: 0, perYear: 0, once: 0 },
  utilityInflation: 0,
  solarInflation: 0,
});
const at = (ms: number) => `t${ms}`;

describe('the answer step', () => {
  it('shapes the series: month, year and term for before, after, solar and savings', () => {
    const a = shapeAnswer(projection, 'd1', at, beforeMonths, afterMonths);
    assert.equal(a.series.length, 12);
    assert.deepEqual(
      a.series.slice(0, 4).map((s) => [s.seriesId, s.scenario, s.seriesPeriod, s.seriesDuration]),
      [
        [1, 'before', 'MONTH', 12],
        [2, 'after', 'MONTH', 12],
        [3, 'solar', 'MONTH', 12],
        [4, 'savings', 'MONTH', 12],
      ],
    );
    assert.equal(a.series[8]!.displayLabel, 'Utility bill without solar, over the term');
    // Savings a month: 100 - 40 - 30 = 30.00, 300 kWh avoided; $0.10 a kWh.
    const savings = a.series.find((s) => s.scenario === 'savings' && s.seriesPeriod === 'ALL')!;
    assert.deepEqual(
      [savings.qty, savings.cost, savings.rate, savings.fromDateTime, savings.toDateTime],
      [3600, 360, 0.1, 't0', 't12000'],
    );
    // 12 months x 4 + 1 year x 4 + the term x 4; the months of the bills carry their detail.
    assert.equal(a.seriesData.length, 56);
    assert.deepEqual(a.seriesData.find((d) => d.seriesId === 2)!.exportedKWh, 50);
    assert.equal(a.seriesData.find((d) => d.seriesId === 3)!.exportedKWh, undefined);
  });

  it('sums year one and the term', () => {
    const s = summaryOf(projection, 1, afterMonths);
    // 1,200 - 480 - 360 = 360.00, 30 % of 1,200; 6,000 - 2,400 = 3,600 kWh avoided, 60 %.
    assert.deepEqual(
      [s.preTotalCost, s.postTotalCost, s.totalSolarCost, s.netAvoidedCost, s.netAvoidedCostPctOffset],
      [1200, 480, 360, 360, 30],
    );
    assert.deepEqual(
      [s.netAvoidedKWh, s.netAvoidedKWhPctOffset, s.postImportedKWh, s.postExportedKWh],
      [3600, 60, 3000, 600],
    );
    assert.deepEqual([s.lifetimeAvoidedCost, s.lifetimeSolarKWh, s.projectDuration], [360, 3600, 1]);
  });

  it('says what each scenario assumed and gives the bills of year one when asked', () => {
    const bill = (masterTariffId: number, assumption: string) =>
      ({
        tariff: { masterTariffId, tariffName: `Tariff ${masterTariffId}` },
        format: (result: BillResult) => ({
          totalCost: result.summary.totalCost,
          assumptions: [{ keyName: assumption }],
        }),
      }) as unknown as PreparedBill;
    const result = (totalCost: number) => ({ items: [], summary: { totalCost } }) as unknown as BillResult;
    const usage = { dataValue: null, noted: 'Typical baseline', accuracy: 50, more: [] } as unknown as Usage;
    const a = answerOf({
      designId: null,
      plan: planOf([{ keyName: 'systemSize', dataValue: 4 }]),
      span: { from: 0, to: 12 * MONTH, at },
      projected: { projection, beforeMonths, afterMonths },
      before: { bill: bill(1, 'beforeBill'), result: result(1200) },
      after: { bill: bill(2, 'afterBill'), result: result(480), tariffId: 2, assumedExports: true, chosen: null },
      usage,
      pv: { values: new Float64Array(0), station: null, dc: null, assumptions: [] },
      accountNotes: [],
      incentiveNotes: [note('incentive1000001', '0', 'ended', null, null, 100)],
      populateCosts: true,
    });
    assert.deepEqual(
      a.scenarios.map((s) => [s.name, s.masterTariffId, s.assumptions.map((x) => x.keyName)]),
      [
        ['before', 1, ['projectDuration', 'rateInflation', 'yearOne', 'beforeBill', 'usage']],
        ['after', 2, ['exportArrangement', 'afterBill']],
        ['solar', null, ['solarRate', 'incentive1000001']],
      ],
    );
    assert.equal(a.weatherStation, null);
    // Keyed by the MONTH series of before (1) and after (2).
    assert.deepEqual(
      Object.entries(a.seriesCosts!).map(([id, c]) => [id, (c as { totalCost: number }).totalCost]),
      [
        ['1', 1200],
        ['2', 480],
      ],
    );
  });
});
