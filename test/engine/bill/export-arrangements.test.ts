// Golden bills for the export arrangements, each worked by hand beside it: net metering with kWh rollover (flat and
// per TOU period), the true-up paid and expired, net billing with dollar carryover, buy all / sell all, and minimum and
// fixed charges that credits never offset.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import type { BillResult, UsageReading } from '../../../src/engine/bill/types.ts';
import type { ExportRules } from '../../../src/engine/tariff/model.ts';
import { band, billInput, hourly, OFF_PEAK, PEAK, rate, total, version } from './bill-fixtures.ts';

const rules = (o: Partial<ExportRules> & Pick<ExportRules, 'arrangement'>): ExportRules => ({
  trueUpMonth: 12,
  yearEndSellRate: 0,
  yearEndCreditPaid: false,
  ...o,
});
const monthStart = (year: number, month: number) =>
  `${year + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01`;
/** One signed net kWh total per calendar month from `year`-`firstMonth` (negative: a net export), spread flat. */
const monthly = (year: number, firstMonth: number, values: number[], period: string | null = null): UsageReading[] =>
  values.map((v, k) => total(monthStart(year, firstMonth + k), monthStart(year, firstMonth + k + 1), v, period));
const itemsNamed = (r: BillResult, quantityKey: string) => r.items.filter((i) => i.quantityKey === quantityKey);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('export arrangements', () => {
  // Net kWh of 2021, month by month: imports in winter and autumn, net exports in spring and summer.
  const NET_2021 = [300, 200, 50, -100, -200, -150, 100, 250, -50, 100, 200, -100];
  /** Fixed 10.00 a month, energy 0.20 a kWh (and a 15.00 monthly minimum), on net metering. */
  const flatNem = (o: Partial<ExportRules> = {}, minimum = false) => ({
    ...version([
      rate('FIXED_PRICE', [band(10)]),
      rate('CONSUMPTION_BASED', [band(0.2)]),
      ...(minimum ? [rate('MINIMUM', [band(15)])] : []),
    ]),
    exportRules: rules({ arrangement: 'NET_METERING', ...o }),
  });

  it('net metering: a net export becomes kWh credit that offsets the following months, settled in December', () => {
    // Credit carried out of each month (kWh): Jan 0, Feb 0, Mar 0, Apr 100, May 300, Jun 450, Jul 450 - 100 = 350,
    // Aug 350 - 250 = 100, Sep 150, Oct 150 - 100 = 50, Nov 0 (200 - 50 = 150 kWh billed), Dec 100.
    // Energy billed at 0.20: Jan 300 = 60, Feb 200 = 40, Mar 50 = 10, Nov 150 = 30; the other months 0.
    // Fixed 10 x 12 = 120. Total 60 + 40 + 10 + 30 + 120 = 260.00; the 100 kWh left in December expire (rate 0).
    const r = calculateBill(
      billInput({ from: '2021-01-01', to: '2022-01-01', versions: [flatNem()], readings: monthly(2021, 1, NET_2021) }),
    );
    assert.equal(r.summary.totalCost, 260);
    assert.deepEqual(
      itemsNamed(r, 'kWhCreditOut').map((i) => i.itemQuantity),
      [100, 300, 450, 350, 100, 150, 50, 100],
    );
    assert.deepEqual(
      itemsNamed(r, 'kWhCreditIn').map((i) => i.itemQuantity),
      [100, 300, 450, 350, 100, 150, 50],
    );
    const energy = r.items.filter((i) => i.chargeType === 'CONSUMPTION_BASED');
    assert.deepEqual(
      energy.map((i) => i.itemQuantity),
      [300, 200, 50, 0, 0, 0, 0, 0, 0, 0, 150, 0],
    );
    const expired = itemsNamed(r, 'trueUpKwh');
    assert.deepEqual(
      expired.map((i) => [i.itemQuantity, i.cost]),
      [[100, 0]],
    );
    assert.match(expired[0]!.rateName, /expired/);
    // The range starts the credit year (January follows a December true-up): nothing assumed about earlier credit.
    assert.ok(!r.assumptions.some((a) => a.keyName === 'exportCredit'));
  });

  it('net metering: the true-up pays the credit left at the year-end sell rate', () => {
    // As above, with 100 kWh paid at 0.04 = 4.00 in December: 260.00 - 4.00 = 256.00.
    const r = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [flatNem({ yearEndSellRate: 0.04 })],
        readings: monthly(2021, 1, NET_2021),
      }),
    );
    assert.equal(r.summary.totalCost, 256);
    const paid = itemsNamed(r, 'trueUpKwh');
    assert.deepEqual(
      paid.map((i) => [i.itemQuantity, i.rateAmount, i.cost, i.chargeType]),
      [[100, 0.04, -4, 'NET_EXCESS_GENERATION']],
    );
    // The year-end payment is a net excess generation credit: adjustedTotalCost leaves it out.
    assert.equal(r.summary.adjustedTotalCost, 260);
  });

  it('net metering: fixed and minimum charges are never offset by credit', () => {
    // A $15 monthly minimum: the months whose charges are the $10 fixed charge alone (Apr - Oct and Dec, 8 months)
    // are raised to 15: 8 x 5 = 40 more. 260 + 40 = 300.00, and the $4 year-end payment comes after the minimum:
    // 296.00 with it.
    const expired = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [flatNem({}, true)],
        readings: monthly(2021, 1, NET_2021),
      }),
    );
    assert.equal(expired.summary.totalCost, 300);
    const paid = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [flatNem({ yearEndSellRate: 0.04 }, true)],
        readings: monthly(2021, 1, NET_2021),
      }),
    );
    assert.equal(paid.summary.totalCost, 296);
    assert.equal(sum(paid.items.filter((i) => i.chargeType === 'FIXED_PRICE').map((i) => i.cost)), 120);
  });

  it('net metering: a range that starts inside the credit year says it carries no credit in, and what is left at its end', () => {
    // April - June 2021: 100 + 200 + 150 = 450 kWh of credit, the true-up (December) not reached. Fixed 30.00.
    const r = calculateBill(
      billInput({
        from: '2021-04-01',
        to: '2021-07-01',
        versions: [flatNem()],
        readings: monthly(2021, 4, [-100, -200, -150]),
      }),
    );
    assert.equal(r.summary.totalCost, 30);
    const said = r.assumptions.filter((a) => a.keyName === 'exportCredit');
    assert.equal(said.length, 2);
    assert.match(said[0]!.description, /No export credit is carried into the range/);
    assert.deepEqual([said[1]!.dataValue, /left at the end of the range/.test(said[1]!.description)], ['450', true]);
  });

  it('net metering by TOU period: each period nets and carries its own credit', () => {
    // Peak 0.40, off-peak 0.20; true-up in March at 0.03 a kWh.
    // Jan: peak -100 (credit 100), off-peak +300 (300 x 0.20 = 60.00).
    // Feb: peak +60 - 100 credit (credit 40), off-peak -50 (credit 50): 0.
    // Mar: peak +20 - 40 (credit 20), off-peak +80 - 50 = 30 x 0.20 = 6.00. True-up: 20 kWh x 0.03 = 0.60 paid.
    // Total 60 + 0 + 6 - 0.60 = 65.40.
    const tou = {
      ...version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
      ]),
      exportRules: rules({ arrangement: 'NET_METERING', trueUpMonth: 3, yearEndSellRate: 0.03 }),
    };
    const readings = [...monthly(2021, 1, [-100, 60, 20], 'ON_PEAK'), ...monthly(2021, 1, [300, -50, 80], 'OFF_PEAK')];
    const r = calculateBill(billInput({ from: '2021-01-01', to: '2021-04-01', versions: [tou], readings }));
    assert.equal(r.summary.totalCost, 65.4);
    const carried = (touId: number) =>
      itemsNamed(r, 'kWhCreditOut')
        .filter((i) => i.touId === touId)
        .map((i) => i.itemQuantity);
    assert.deepEqual(carried(PEAK), [100, 40, 20]);
    assert.deepEqual(carried(OFF_PEAK), [50]);
    assert.deepEqual(
      itemsNamed(r, 'trueUpKwh').map((i) => [i.itemQuantity, i.cost]),
      [[20, -0.6]],
    );
    // The same usage with credit expiring at a December true-up: 60 + 6 = 66.00, 20 kWh of peak credit left over.
    const december = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2021-04-01',
        versions: [{ ...tou, exportRules: rules({ arrangement: 'NET_METERING' }) }],
        readings,
      }),
    );
    assert.equal(december.summary.totalCost, 66);
  });

  it('net metering: tiers count the net kWh of the period', () => {
    // Tier 1 up to 100 kWh at 0.10, above at 0.30. July: 400 kWh imported in off-peak hours, 250 exported at peak,
    // netted over the month: 150 kWh, 100 x 0.10 + 50 x 0.30 = 25.00 (imports alone would bill 100 x 0.10 + 300 x 0.30 = 100).
    const tiered = {
      ...version([
        rate('CONSUMPTION_BASED', [band(0.1, { consumptionUpperLimit: 100 }), band(0.3)]),
        rate('CONSUMPTION_BASED', [band(0)], { touId: PEAK }),
      ]),
      exportRules: rules({ arrangement: 'NET_METERING' }),
    };
    const readings = [
      total('2021-07-01', '2021-08-01', 400, 'OFF_PEAK'),
      total('2021-07-01', '2021-08-01', -250, 'ON_PEAK'),
    ];
    const r = calculateBill(billInput({ from: '2021-07-01', to: '2021-08-01', versions: [tiered], readings }));
    assert.equal(r.summary.totalCost, 25);
  });

  it('net billing with dollar carryover: non-bypassable charges are owed on every imported kWh, never offset', () => {
    // Buy 0.30 (classed SUPPLY,DISTRIBUTION), non-bypassable 0.01 (classed NON_BYPASSABLE alone), sell 0.10.
    // Oct: energy 100 x 0.30 = 30 - 400 x 0.10 = 40: -10 -> floored at 0, 10.00 carried; non-bypassable 100 x 0.01 =
    //   1.00 owed whatever the credit. Bill 1.00.
    // Nov: energy 200 x 0.30 = 60, less the 10.00 carried in: 50; non-bypassable 2.00, never paid by the credit.
    //   Bill 52.00. Both: 53.00. (Were the non-bypassable charges offset, October would carry 9.00 and bill 0.)
    const nbt = {
      ...version([
        ...[PEAK, OFF_PEAK].map((touId) =>
          rate('CONSUMPTION_BASED', [band(0.3)], {
            touId,
            chargeClass: ['SUPPLY', 'DISTRIBUTION'],
            transactionType: 'BUY',
          }),
        ),
        rate('CONSUMPTION_BASED', [band(0.01)], { chargeClass: ['NON_BYPASSABLE'], transactionType: 'BUY' }),
        rate('CONSUMPTION_BASED', [band(0.1)], { transactionType: 'SELL' }),
      ]),
      exportRules: rules({ arrangement: 'NET_BILLING_CARRYOVER' }),
    };
    const readings = [...monthly(2021, 10, [100, 200], 'OFF_PEAK'), ...monthly(2021, 10, [-400, 0], 'ON_PEAK')];
    const r = calculateBill(billInput({ from: '2021-10-01', to: '2021-12-01', versions: [nbt], readings }));
    assert.equal(r.summary.totalCost, 53);
    assert.equal(r.summary.nonBypassableCost, 3);
    assert.deepEqual(
      itemsNamed(r, 'creditCarriedOut').map((i) => i.cost),
      [10],
    );
    assert.deepEqual(
      itemsNamed(r, 'creditCarriedIn').map((i) => i.cost),
      [-10],
    );
  });

  it('net billing with dollar carryover: energy charges floor at $0 and the excess credit carries', () => {
    // Buy 0.30 (peak and off-peak), sell 0.10, fixed 5.00; imports in off-peak hours, exports at peak.
    // Oct: 100 x 0.30 = 30 - 400 x 0.10 = 40: -10 -> floored at 0, 10.00 carried. Bill 5.00.
    // Nov: 200 x 0.30 = 60 - 100 x 0.10 = 10: 50, less the 10.00 carried in: 40. Bill 45.00.
    // Dec: 50 x 0.30 = 15 - 300 x 0.10 = 30: -15 -> 0, 15.00 carried; the true-up (December): expired or paid.
    // Expired: 5 + 45 + 5 = 55.00; paid: 55 - 15 = 40.00.
    const make = (yearEndCreditPaid: boolean, minimum = false) => ({
      ...version([
        rate('FIXED_PRICE', [band(5)]),
        rate('CONSUMPTION_BASED', [band(0.3)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.3)], { touId: OFF_PEAK }),
        rate('CONSUMPTION_BASED', [band(0.1)], { transactionType: 'SELL' }),
        ...(minimum ? [rate('MINIMUM', [band(8)])] : []),
      ]),
      exportRules: rules({ arrangement: 'NET_BILLING_CARRYOVER', yearEndCreditPaid }),
    });
    const readings = [
      ...monthly(2021, 10, [100, 200, 50], 'OFF_PEAK'),
      ...monthly(2021, 10, [-400, -100, -300], 'ON_PEAK'),
    ];
    const expired = calculateBill(
      billInput({ from: '2021-10-01', to: '2022-01-01', versions: [make(false)], readings }),
    );
    assert.equal(expired.summary.totalCost, 55);
    assert.deepEqual(
      itemsNamed(expired, 'creditCarriedOut').map((i) => i.cost),
      [10, 15],
    );
    assert.deepEqual(
      itemsNamed(expired, 'creditCarriedIn').map((i) => i.cost),
      [-10],
    );
    assert.deepEqual(
      itemsNamed(expired, 'trueUpCredit').map((i) => [i.itemQuantity, i.cost]),
      [[15, 0]],
    );
    const paid = calculateBill(billInput({ from: '2021-10-01', to: '2022-01-01', versions: [make(true)], readings }));
    assert.equal(paid.summary.totalCost, 40);
    // An $8 minimum raises October and December (5.00 each) by 3.00; the December payment comes after it: 61 expired.
    const minimum = calculateBill(
      billInput({ from: '2021-10-01', to: '2022-01-01', versions: [make(false, true)], readings }),
    );
    assert.equal(minimum.summary.totalCost, 61);
    // Plain net billing (no carryover) credits each month in full: -10 + 5 = -5, 55, -10: 40.00.
    const plain = calculateBill(
      billInput({
        from: '2021-10-01',
        to: '2022-01-01',
        versions: [make(false)],
        readings,
        exportOverride: { arrangement: 'NET_BILLING' },
      }),
    );
    assert.equal(plain.summary.totalCost, 40);
  });

  it('buy all / sell all: the whole load is billed, all generation credited, no netting', () => {
    // July 2021: a load of 1 kWh every hour (744 kWh) and 400 kWh of generation spread over the month.
    // Two meters: 744 x 0.25 = 186.00 bought, 400 x 0.05 = 20.00 sold: 166.00.
    // One meter (net billing): each hour nets 1 - 400/744 = 0.462366 kWh: 344 kWh x 0.25 = 86.00, nothing exported.
    const tariff = {
      ...version([
        rate('CONSUMPTION_BASED', [band(0.25)]),
        rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
      ]),
      exportRules: rules({ arrangement: 'BUY_ALL_SELL_ALL' }),
    };
    const input = {
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [tariff],
      series: [hourly('2021-07-01', Array(744).fill(1))],
      readings: [total('2021-07-01', '2021-08-01', -400)],
    };
    const two = calculateBill(billInput(input));
    assert.equal(two.summary.totalCost, 166);
    assert.deepEqual(
      two.items.map((i) => [i.transactionType, i.itemQuantity]),
      [
        [null, 744],
        ['SELL', 400],
      ],
    );
    const one = calculateBill(billInput({ ...input, exportOverride: { arrangement: 'NET_BILLING' } }));
    assert.equal(one.summary.totalCost, 86);
  });

  it('a calculation may bill the same tariff under another arrangement and other true-up terms', () => {
    // The flat net-metering tariff under net billing: no SELL rate, so exports earn nothing and say so:
    // 60 + 40 + 10 + 20 (Jul 100) + 50 (Aug 250) + 20 (Oct 100) + 40 (Nov 200) = 240 of energy + 120 fixed = 360.00.
    const r = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [flatNem()],
        readings: monthly(2021, 1, NET_2021),
        exportOverride: { arrangement: 'NET_BILLING' },
      }),
    );
    assert.equal(r.summary.totalCost, 360);
    assert.ok(r.assumptions.some((a) => /not credited/.test(a.description)));
    // Net metering with a June true-up at 0.10: Apr - Jun leave 450 kWh, paid 45.00 in June; the year restarts in July:
    // Jul 100, Aug 250 billed (70.00), Sep -50 credit, Oct 100 - 50 = 50 (10.00), Nov 200 (40.00), Dec 100 kWh left.
    // Energy 60 + 40 + 10 + 20 + 50 + 10 + 40 = 230, fixed 120, less 45: 305.00.
    const june = calculateBill(
      billInput({
        from: '2021-01-01',
        to: '2022-01-01',
        versions: [flatNem()],
        readings: monthly(2021, 1, NET_2021),
        exportOverride: { trueUpMonth: 6, yearEndSellRate: 0.1 },
      }),
    );
    assert.equal(june.summary.totalCost, 305);
  });
});
