// A tariff prepared once for its grid (prepareGrid) bills every usage exactly as a bill prepared afresh: the savings
// analysis bills 400 years of net load on one prepared grid, and the bills are the product. Checked on the golden
// fixtures' kinds of tariff (tiers by season, TOU with a holiday calendar, demand with a minimum, net metering with a
// true-up, net billing with export credits) over a year of hourly net load with exports, for several PV sizes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import { prepareGrid } from '../../../src/engine/bill/prepared.ts';
import type { BillInput, UsageSeries } from '../../../src/engine/bill/types.ts';
import type { ExportRules, TariffVersion } from '../../../src/engine/tariff/model.ts';
import {
  at,
  band,
  billInput,
  HOLIDAY_OFF,
  OFF_PEAK,
  PEAK,
  rate,
  SUMMER,
  version,
  WEEKDAY_PEAK,
  WINTER,
} from './bill-fixtures.ts';

const HOUR = 3_600_000;
const FROM = '2021-01-01';
const TO = '2022-01-01';
const HOURS = (at(TO) - at(FROM)) / HOUR;

/** A year of hourly load (0.4-1.6 kWh, evening-heavy) less `kw` kW of a daytime PV shape: exports at midday. */
function netLoad(kw: number): number[] {
  return Array.from({ length: HOURS }, (_, i) => {
    const hour = i % 24;
    const load = 0.4 + (hour >= 17 && hour < 22 ? 1.2 : 0.3 * Math.sin(i * 0.7) ** 2);
    const sun =
      hour >= 7 && hour < 18 ? Math.sin(((hour - 7 + 0.5) / 11) * Math.PI) * (0.8 + 0.2 * Math.cos(i / 500)) : 0;
    return Math.round((load - kw * sun) * 1000) / 1000;
  });
}

const rules = (arrangement: ExportRules['arrangement'], o: Partial<ExportRules> = {}): ExportRules => ({
  arrangement,
  trueUpMonth: 12,
  yearEndSellRate: 0,
  yearEndCreditPaid: false,
  ...o,
});

const TARIFFS: Record<string, TariffVersion[]> = {
  'tiers by season': [
    version([
      rate('FIXED_PRICE', [band(10)]),
      rate('CONSUMPTION_BASED', [band(0.2, { consumptionUpperLimit: 300 }), band(0.3)], { seasonId: SUMMER }),
      rate('CONSUMPTION_BASED', [band(0.15, { consumptionUpperLimit: 400 }), band(0.25)], { seasonId: WINTER }),
    ]),
  ],
  'TOU with a holiday calendar': [
    version([
      rate('CONSUMPTION_BASED', [band(0.4)], { touId: WEEKDAY_PEAK }),
      rate('CONSUMPTION_BASED', [band(0.2)], { touId: HOLIDAY_OFF }),
    ]),
  ],
  'demand with a minimum': [
    version([
      rate('DEMAND_BASED', [band(10, { demandUpperLimit: 1 }), band(15)]),
      rate('DEMAND_BASED', [band(5)], { touId: PEAK }),
      rate('CONSUMPTION_BASED', [band(0.1)]),
      rate('MINIMUM', [band(40)]),
    ]),
  ],
  'net metering with a true-up': [
    {
      ...version([
        rate('FIXED_PRICE', [band(10)]),
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2, { consumptionUpperLimit: 200 }), band(0.25)], { touId: OFF_PEAK }),
      ]),
      exportRules: rules('NET_METERING', { trueUpMonth: 4, yearEndSellRate: 0.03 }),
    },
  ],
  'net billing with export credits': [
    {
      ...version([
        rate('FIXED_PRICE', [band(10)]),
        rate('CONSUMPTION_BASED', [band(0.3)]),
        rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
      ]),
      exportRules: rules('NET_BILLING'),
    },
  ],
};

const series = (values: number[], from = FROM, duration = HOUR): UsageSeries => ({
  keyName: 'consumption',
  from: at(from),
  duration,
  values,
  exports: null,
});

/** A year of 1 kW's net load on the tiered tariff with seasons. */
const tieredYear = (): BillInput =>
  billInput({ from: FROM, to: TO, versions: TARIFFS['tiers by season']!, series: [series(netLoad(1))] });

describe('a tariff prepared for its grid', () => {
  for (const [name, versions] of Object.entries(TARIFFS)) {
    it(`bills as a bill prepared afresh: ${name}`, () => {
      const first: BillInput = billInput({
        from: FROM,
        to: TO,
        versions,
        holidays: ['2021-07-05', '2021-12-24'],
        series: [series(netLoad(0))],
      });
      const grid = prepareGrid(first);
      for (const kw of [0, 0.7, 2, 4.5]) {
        const given = series(netLoad(kw));
        const afresh = calculateBill({ ...first, series: [given] });
        assert.deepEqual(calculateBill({ ...first, series: [given] }, grid), afresh, `${kw} kW`);
        // The total alone (detail level TOTAL), as the savings analysis bills its later years: the same summary.
        assert.deepEqual(
          calculateBill({ ...first, series: [given], options: { ...first.options, detailLevel: 'TOTAL' } }, grid)
            .summary,
          afresh.summary,
        );
        // The same kWh in two series (placed and netted interval by interval) bill as one (each value the net).
        const values = netLoad(kw);
        const halves = [
          series(values.slice(0, 4000)),
          series(values.slice(4000), new Date(at(FROM) + 4000 * HOUR).toISOString()),
        ];
        assert.deepEqual(calculateBill({ ...first, series: halves }).summary, afresh.summary, `${kw} kW in two series`);
      }
    });
  }

  it('bills one usage after another on a grid, each placed in the arrays of the bill before, as bills afresh', () => {
    const first = tieredYear();
    const grid = prepareGrid(first);
    const bills = [3, 0, 3].map((kw) => calculateBill({ ...first, series: [series(netLoad(kw))] }, grid));
    // 3 kW sends energy out at midday and no PV sends none: the load alone, placed over 3 kW's arrays, bills as itself.
    assert.deepEqual(bills[1], calculateBill({ ...first, series: [series(netLoad(0))] }));
    assert.deepEqual(bills[2], bills[0]);
    assert.notEqual(bills[0]!.summary.kWh, bills[1]!.summary.kWh);
  });

  it('bills one series on several tariffs, accounts in turn, as bills afresh (placed usage kept between them)', () => {
    // A job's slots bill their accounts' series in turn on each tariff: a series placed on one tariff's grid serves
    // its bills on the others (grids of the same intervals), until its arrays take another series' usage.
    const inputs = ['TOU with a holiday calendar', 'net billing with export credits', 'demand with a minimum'].map(
      (name) => billInput({ from: FROM, to: TO, versions: TARIFFS[name]!, series: [series(netLoad(0))] }),
    );
    const grids = inputs.map((input) => prepareGrid(input));
    const accounts = [0, 1.5, 3, 4.5, 6, 7.5].map((kw) => series(netLoad(kw)));
    const order: [number, number][] = [];
    for (let a = 0; a < accounts.length; a += 2) {
      for (let t = 0; t < inputs.length; t++) order.push([a, t], [a + 1, t]);
    }
    // Back to the first accounts after the others, on their first tariff again: kept usage of theirs is long gone.
    order.push([0, 0], [1, 2], [0, 1]);
    for (const [a, t] of order) {
      const billed = calculateBill({ ...inputs[t]!, series: [accounts[a]!] }, grids[t]);
      // Afresh: a copy of the series (nothing kept is its) on a grid of its own.
      const afresh = calculateBill({ ...inputs[t]!, series: [{ ...accounts[a]! }] });
      assert.deepEqual(billed, afresh, `account ${a} on tariff ${t}`);
    }
  });

  it('is refused for a bill of another range or grid step', () => {
    const first = tieredYear();
    const grid = prepareGrid(first);
    assert.throws(() => calculateBill({ ...first, to: at('2021-12-31') }, grid), RangeError);
    const quarters = {
      keyName: 'consumption' as const,
      from: at(FROM),
      duration: HOUR / 4,
      values: [1, 2],
      exports: null,
    };
    assert.throws(() => calculateBill({ ...first, series: [quarters] }, grid), RangeError);
    assert.throws(
      () => calculateBill({ ...first, versions: [...first.versions] }, grid),
      RangeError,
      'an equal copy of the versions is not the same tariff read once',
    );
  });
});
