// Demand ratchets (DEMAND keys with a lookback) and demands the caller gives (the demand coincident with the system
// peak): each expected bill is worked out beside it. One demand rate of $10/kW-month; usage in kWh per hour, so an
// hour's kWh is its kW.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import { BillInputError, type DemandKey, type UsageReading } from '../../../src/engine/bill/types.ts';
import { billingPeriodStart } from '../../../src/engine/time/billing-months.ts';
import { localClock } from '../../../src/engine/time/local-clock.ts';
import { at, band, billInput, hourly, PEAK, rate, SUMMER, version, ZONE } from './bill-fixtures.ts';

const HOUR = 3_600_000;
const ratchet = (periods: number, factor: number, extra: Partial<DemandKey['lookback'] & object> = {}): DemandKey => ({
  keyName: 'ratchetDemand',
  displayName: 'Ratchet',
  formula: `${factor} * #demand`,
  intervalMinutes: null,
  lookback: { periods, factor, seasonId: null, touId: null, ...extra },
});
const demandRate = (quantityKey: string | null = 'ratchetDemand') =>
  version([rate('DEMAND_BASED', [band(10)], { quantityKey })]);

/** Hourly kWh from `from` to `to` at `base`, with the given local hours set to other values. */
function load(from: string, to: string, base: number, peaks: Record<string, number> = {}) {
  const values = Array<number>((at(to) - at(from)) / HOUR).fill(base);
  for (const [when, kw] of Object.entries(peaks)) values[(at(when) - at(from)) / HOUR] = kw;
  return hourly(from, values);
}
const demandReading = (from: string, to: string, value: number, period: string | null = null): UsageReading => ({
  keyName: 'demand',
  from: at(from),
  to: at(to),
  value,
  period,
  field: 'propertyInputs[1]',
});
const billedKw = (r: ReturnType<typeof calculateBill>) => r.items.map((i) => i.itemQuantity);

describe('demand ratchets', () => {
  it("bills 80% of the highest demand of the preceding 11 months when the month's own peak is lower", () => {
    const r = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [demandRate()],
        demandKeys: [ratchet(11, 0.8)],
        series: [load('2021-01-01', '2022-01-01', 10, { '2021-07-15T15:00': 100 })],
      }),
    );
    // January - June: 10 kW each (80% of 10 is less); July: its own 100 kW; August - December: 80% of July's 100 = 80.
    // 6 x 10 x $10 + 100 x $10 + 5 x 80 x $10 = 600 + 1,000 + 4,000 = 5,600.
    assert.deepEqual(billedKw(r), [10, 10, 10, 10, 10, 10, 100, 80, 80, 80, 80, 80]);
    assert.equal(r.summary.totalCost, 5600);
    const august = r.items[7]!;
    assert.equal(august.quantityKey, 'ratchetDemand');
    assert.equal(august.demandInterval, at('2021-07-15T15:00'), 'the interval that set the ratchet');
    const missing = r.assumptions.find((a) => a.keyName === 'ratchetDemand')!;
    assert.match(missing.description, /reaches back to 2020-02-01; no demand was given for 335 of its days/);
    assert.deepEqual([missing.accuracy, r.accuracy], [75, 75]);
  });

  it('reads the demand history dated before the range, up to its lookback and no further', () => {
    const july2021 = demandReading('2021-07-01', '2021-08-01', 120);
    const key = [ratchet(11, 0.8)];
    // June 2022 looks back to July 2021 (80% of 120 = 96 kW); July 2022 to August 2021, past it: its own 10 kW.
    const r = calculateBill(
      billInput({
        from: '2022-06-01',
        to: '2022-08-01',
        versions: [demandRate()],
        demandKeys: key,
        series: [load('2022-06-01', '2022-08-01', 10)],
        readings: [july2021],
      }),
    );
    assert.deepEqual(billedKw(r), [96, 10]);
    assert.equal(r.summary.totalCost, 1060);
    assert.equal(r.items[0]!.demandInterval, null, 'set by a reading');
    assert.equal(r.summary.kW, 10, "history is not this bill's demand");
    // With every month of the lookback given, nothing is assumed.
    const months = Array.from({ length: 11 }, (_, k) => {
      const from = new Date(Date.UTC(2021, 6 + k, 1)).toISOString().slice(0, 10);
      const to = new Date(Date.UTC(2021, 7 + k, 1)).toISOString().slice(0, 10);
      return demandReading(from, to, k === 0 ? 120 : 5);
    });
    const full = calculateBill(
      billInput({
        from: '2022-06-01',
        to: '2022-07-01',
        versions: [demandRate()],
        demandKeys: key,
        series: [load('2022-06-01', '2022-07-01', 10)],
        readings: months,
      }),
    );
    assert.deepEqual(
      [billedKw(full), full.accuracy, full.assumptions.filter((a) => a.keyName === 'ratchetDemand').length],
      [[96], 100, 0],
    );
  });

  it('counts only the demand of its season (URDB lookbackMonths)', () => {
    const key = [ratchet(11, 0.5, { seasonId: SUMMER })];
    const r = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [demandRate()],
        demandKeys: key,
        series: [load('2021-01-01', '2022-01-01', 10, { '2021-01-20T12:00': 200, '2021-08-10T17:00': 60 })],
      }),
    );
    // January's 200 kW is winter demand: it sets January alone. August's 60 kW sets September - December at 30.
    // (200 + 6 x 10 + 60 + 4 x 30) x $10 = 4,400.
    assert.deepEqual(billedKw(r), [200, 10, 10, 10, 10, 10, 10, 60, 30, 30, 30, 30]);
    assert.equal(r.summary.totalCost, 4400);
  });

  it('counts only the demand of its TOU, in the range and in readings of that TOU type', () => {
    const key = [ratchet(1, 1, { touId: PEAK })];
    // January: 100 kW at 3 am (off-peak) and 20 kW at 5 pm (peak). February's flat 10 kW is raised to January's peak-hour 20.
    const r = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2021-03-01',
        versions: [demandRate()],
        demandKeys: key,
        series: [load('2021-01-01', '2021-03-01', 10, { '2021-01-12T03:00': 100, '2021-01-12T17:00': 20 })],
      }),
    );
    assert.deepEqual(billedKw(r), [100, 20]);
    // A December reading for the off-peak hours does not count; one for ON_PEAK does.
    const january = (readings: UsageReading[]) =>
      billedKw(
        calculateBill(
          billInput({
            from: '2021-01-01',
            to: '2021-02-01',
            versions: [demandRate()],
            demandKeys: key,
            series: [load('2021-01-01', '2021-02-01', 10)],
            readings,
          }),
        ),
      );
    assert.deepEqual(january([demandReading('2020-12-01', '2021-01-01', 70, 'OFF_PEAK')]), [10]);
    assert.deepEqual(january([demandReading('2020-12-01', '2021-01-01', 70, 'ON_PEAK')]), [70]);
  });

  it('looks back over billing cycles when the range is one (billingPeriod)', () => {
    const clock = localClock(ZONE, at('2019-01-01'), at('2022-01-01'));
    const cycle = billingPeriodStart(at('2021-01-15T08:00'), clock, true);
    const month = billingPeriodStart(at('2021-01-15T08:00'), clock, false);
    const day = (k: number, f = cycle) => new Date(f(k).day * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual(
      [day(0), day(-1), day(-13), day(-12, month), day(1)],
      ['2021-01-15', '2020-12-15', '2019-12-15', '2020-01-01', '2021-02-15'],
    );
    assert.equal(cycle(-1).minute, 8 * 60);
    // A cycle from January 15 with one period of lookback reaches back to December 15: a reading ending on the 14th
    // does not count, one running into the 15th does.
    const bill = (readings: UsageReading[]) =>
      billedKw(
        calculateBill(
          billInput({
            from: '2021-01-15',
            to: '2021-02-15',
            billingPeriod: true,
            versions: [demandRate()],
            demandKeys: [ratchet(1, 1)],
            series: [load('2021-01-15', '2021-02-15', 10)],
            readings,
          }),
        ),
      );
    assert.deepEqual(bill([demandReading('2020-12-01', '2020-12-15', 50)]), [10]);
    assert.deepEqual(bill([demandReading('2020-12-01', '2020-12-16', 50)]), [50]);
  });
});

describe('demand intervals', () => {
  const windowed = (minutes: number): DemandKey => ({
    keyName: `demand${minutes}min`,
    displayName: null,
    formula: null,
    intervalMinutes: minutes,
    lookback: null,
  });
  const fiveMinutes = (from: string, values: number[]) => ({
    keyName: 'consumption' as const,
    from: at(from),
    duration: 300_000,
    values,
    exports: null,
  });

  it('measures 15-minute demand from 5-minute data: a 5-minute spike counts a third', () => {
    // July 15, 2021, 3:00-3:05 pm: 2.5 kWh in 5 minutes (30 kW); every other 5 minutes of the day 0.25 kWh (3 kW).
    // The 3:00-3:15 window: (2.5 + 0.25 + 0.25) kWh / 0.25 h = 12 kW; on the plain demand key the peak is 30 kW.
    const values = Array.from({ length: 288 }, (_, k) => (k === 15 * 12 ? 2.5 : 0.25));
    const day = (key: string | null, keys: DemandKey[] = []) =>
      calculateBill(
        billInput({
          from: '2021-07-15',
          to: '2021-07-16',
          billingPeriod: true,
          versions: [demandRate(key)],
          demandKeys: keys,
          series: [fiveMinutes('2021-07-15', values)],
        }),
      );
    const r = day('demand15min', [windowed(15)]);
    assert.ok(Math.abs(r.items[0]!.itemQuantity - 12) < 1e-9, String(r.items[0]!.itemQuantity));
    assert.equal(r.items[0]!.demandInterval, at('2021-07-15T15:00'));
    assert.ok(Math.abs(day(null).items[0]!.itemQuantity - 30) < 1e-9);
    assert.equal(r.accuracy, 100, 'measured, not assumed');
  });

  it('keeps the two repeated hours of a DST fall-back day apart', () => {
    // November 7, 2021 in Los Angeles has 25 hours; 15-minute data: the first 1-2 am at 10 kWh a quarter (40 kW),
    // the second 1-2 am and every other quarter at 0.25 kWh (1 kW). The first 1 am hour averages 40 kW.
    const values = Array.from({ length: 100 }, (_, k) => (k >= 4 && k < 8 ? 10 : 0.25));
    const r = calculateBill(
      billInput({
        from: '2021-11-07',
        to: '2021-11-08',
        billingPeriod: true,
        versions: [demandRate('demand60min')],
        demandKeys: [windowed(60)],
        series: [{ keyName: 'consumption', from: at('2021-11-07'), duration: 900_000, values, exports: null }],
      }),
    );
    assert.ok(Math.abs(r.items[0]!.itemQuantity - 40) < 1e-9, String(r.items[0]!.itemQuantity));
  });

  it('says when the data is coarser than the demand interval', () => {
    const r = calculateBill(
      billInput({
        from: '2021-07-01',
        to: '2021-08-01',
        versions: [demandRate('demand15min')],
        demandKeys: [windowed(15)],
        series: [load('2021-07-01', '2021-08-01', 10, { '2021-07-15T15:00': 55 })],
      }),
    );
    assert.deepEqual([billedKw(r), r.accuracy], [[55], 75]);
    assert.match(
      r.assumptions.find((a) => a.keyName === 'demand15min')!.description,
      /15-minute intervals but the data's intervals are 60 minutes/,
    );
  });
});

describe('demands the caller gives', () => {
  const input = (properties: Record<string, string>) =>
    billInput({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [demandRate('coincidentDemand')],
      properties,
      series: [load('2021-07-01', '2021-08-01', 10, { '2021-07-15T15:00': 55 })],
    });

  it("bills the given demand coincident with the system peak, whatever the customer's own peak", () => {
    const r = calculateBill(input({ coincidentDemand: '40' }));
    assert.deepEqual(
      [billedKw(r), r.summary.totalCost, r.items[0]!.quantityKey, r.items[0]!.demandInterval],
      [[40], 400, 'coincidentDemand', null],
    );
  });

  it("stands in the customer's own peak when it is not given, and says so", () => {
    const r = calculateBill(input({}));
    assert.deepEqual([billedKw(r), r.summary.totalCost, r.accuracy], [[55], 550, 50]);
    assert.match(r.assumptions.find((a) => a.keyName === 'coincidentDemand')!.description, /upper bound/);
  });

  it('refuses a value that is not a demand', () => {
    for (const bad of ['abc', '-5', '']) {
      assert.throws(
        () => calculateBill(input({ coincidentDemand: bad })),
        (e: Error) => e instanceof BillInputError && e.field === 'propertyInputs' && /coincidentDemand/.test(e.message),
        bad,
      );
    }
  });
});
