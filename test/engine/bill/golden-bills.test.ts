// Golden bills on hand-made tariffs: each expected figure is worked out in the comment beside it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculateBill } from '../../../src/engine/bill/calculate.ts';
import {
  at,
  band,
  billInput,
  HOLIDAY_OFF,
  hourly,
  OFF_PEAK,
  PEAK,
  rate,
  SUMMER,
  total,
  version,
  WEEKDAY_PEAK,
  WINTER,
} from './bill-fixtures.ts';

const cost = (o: Parameters<typeof billInput>[0]) => calculateBill(billInput(o));
/** July 2021, hour by hour: 2 kWh in each 4-9 pm hour, 1 kWh in every other hour (310 kWh peak, 589 off-peak). */
const julyProfile = () => Array.from({ length: 744 }, (_, h) => (h % 24 >= 16 && h % 24 < 21 ? 2 : 1));

describe('golden bills', () => {
  it('prorates a monthly charge and monthly tier limits over one hour of January (1/744)', () => {
    const r = cost({
      from: '2021-01-10T10:00',
      to: '2021-01-10T11:00',
      versions: [
        version([
          rate('FIXED_PRICE', [band(10)]),
          rate('CONSUMPTION_BASED', [band(0.1, { consumptionUpperLimit: 650 }), band(0.2)]),
        ]),
      ],
      series: [hourly('2021-01-10T10:00', [1])],
    });
    // Fixed: 10 / 744 = 0.013441. Tier 1 limit 650 / 744 = 0.873656 kWh at 0.10 = 0.087366; the rest
    // 0.126344 kWh at 0.20 = 0.025269. Sum 0.126075 -> 0.13.
    assert.equal(r.summary.totalCost, 0.13);
    const tier1 = r.items.find((i) => i.tierUpperLimit !== null)!;
    assert.ok(Math.abs(tier1.tierUpperLimit! - 650 / 744) < 1e-6);
    assert.ok(Math.abs(r.items.find((i) => i.chargeType === 'FIXED_PRICE')!.itemQuantity - 1 / 744) < 1e-6);
  });

  it('bills the DST months of 743 hours (March) and 721 (November, 30 days) as whole months', () => {
    const fixedAndFlat = [version([rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.1)])])];
    // March 2021 in Los Angeles has 743 hours: 743 kWh x 0.10 = 74.30, plus the whole fixed charge 10.00.
    const march = cost({
      from: '2021-03-01',
      to: '2021-04-01',
      versions: fixedAndFlat,
      series: [hourly('2021-03-01', Array(743).fill(1))],
    });
    assert.deepEqual([march.summary.totalCost, march.summary.kWh], [84.3, 743]);
    // November 2021 has 30 x 24 + 1 = 721 hours: 72.10 + 10.00.
    const november = cost({
      from: '2021-11-01',
      to: '2021-12-01',
      versions: fixedAndFlat,
      series: [hourly('2021-11-01', Array(721).fill(1))],
    });
    assert.deepEqual([november.summary.totalCost, november.summary.kWh], [82.1, 721]);
    // One hour of the repeated night (1-2 am twice on November 7) is its own interval: 25 hours that day.
    const day = cost({
      from: '2021-11-07',
      to: '2021-11-08',
      versions: [version([rate('CONSUMPTION_BASED', [band(1)])])],
      series: [hourly('2021-11-07', Array(25).fill(1))],
    });
    assert.equal(day.summary.totalCost, 25);
  });

  it("charges tiers on the month's kWh", () => {
    // 1000 kWh in July: 650 x 0.10 + 350 x 0.20 = 65 + 70 = 135.
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [version([rate('CONSUMPTION_BASED', [band(0.1, { consumptionUpperLimit: 650 }), band(0.2)])])],
      readings: [total('2021-07-01', '2021-08-01', 1000)],
    });
    assert.equal(r.summary.totalCost, 135);
    assert.deepEqual(
      r.items.map((i) => [i.itemQuantity, i.cost]),
      [
        [650, 65],
        [350, 70],
      ],
    );
    assert.equal(
      r.assumptions.find((a) => a.keyName === 'consumption')?.accuracy,
      90,
      'a total spread flat is an assumption',
    );
  });

  it('charges TOU energy by the hour it was used', () => {
    // 310 kWh peak x 0.40 = 124.00; 589 kWh off-peak x 0.20 = 117.80; 241.80.
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [
        version([
          rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
          rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
        ]),
      ],
      series: [hourly('2021-07-01', julyProfile())],
    });
    assert.equal(r.summary.totalCost, 241.8);
    assert.deepEqual(
      r.items.map((i) => [i.period, i.itemQuantity]),
      [
        ['ON_PEAK', 310],
        ['OFF_PEAK', 589],
      ],
    );
  });

  it('prices a holiday as its calendar TOU says', () => {
    const versions = [
      version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: WEEKDAY_PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: HOLIDAY_OFF }),
      ]),
    ];
    const monday = (holidays: string[]) =>
      cost({
        from: '2021-07-05',
        to: '2021-07-06',
        versions,
        holidays,
        series: [hourly('2021-07-05', Array(24).fill(1))],
      }).summary.totalCost;
    // Monday July 5, 2021, an ordinary weekday: 5 peak hours x 0.40 + 19 x 0.20 = 5.80; observed Independence Day: 24 x 0.20.
    assert.equal(monday([]), 5.8);
    assert.equal(monday(['2021-07-05']), 4.8);
  });

  it("counts TOU tiers within the period, or on the month's total shared by the periods (URDB / SAM)", () => {
    const tiers = (low: number, high: number, limit: number) => [
      band(low, { consumptionUpperLimit: limit }),
      band(high),
    ];
    const tariff = (scope: 'TOU_PERIOD' | 'TOTAL', limit: number) => [
      version([
        rate('CONSUMPTION_BASED', tiers(0.4, 0.5, limit), { touId: PEAK, tierScope: scope }),
        rate('CONSUMPTION_BASED', tiers(0.2, 0.3, limit), { touId: OFF_PEAK, tierScope: scope }),
      ]),
    ];
    // Within the period, limit 300: peak 300 x 0.40 + 10 x 0.50 = 125.00; off-peak 300 x 0.20 + 289 x 0.30 = 146.70.
    assert.equal(
      cost({
        from: '2021-07-01',
        to: '2021-08-01',
        versions: tariff('TOU_PERIOD', 300),
        series: [hourly('2021-07-01', julyProfile())],
      }).summary.totalCost,
      271.7,
    );
    // On the total, limit 500: 899 kWh is 500 in tier 1 and 399 in tier 2; peak pays 310/899 of
    // (500 x 0.40 + 399 x 0.50) = 137.759733, off-peak 589/899 of (500 x 0.20 + 399 x 0.30) = 143.943159; 281.70.
    const shared = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: tariff('TOTAL', 500),
      series: [hourly('2021-07-01', julyProfile())],
    });
    assert.equal(shared.summary.totalCost, Math.round(((310 / 899) * 399.5 + (589 / 899) * 219.7) * 100) / 100);
    assert.equal(shared.summary.totalCost, 281.7);
  });

  it("charges demand on the billing period's peak, per TOU, in tiers, or from a demand reading", () => {
    const versions = [version([rate('DEMAND_BASED', [band(10)]), rate('DEMAND_BASED', [band(5)], { touId: PEAK })])];
    // Hourly July profile: highest hour 2 kWh = 2 kW, in a peak hour. 2 x 10 + 2 x 5 = 30.
    const r = cost({ from: '2021-07-01', to: '2021-08-01', versions, series: [hourly('2021-07-01', julyProfile())] });
    assert.equal(r.summary.totalCost, 30);
    assert.equal(r.items[0]!.demandInterval, at('2021-07-01T16:00'), 'the first interval reaching the peak');
    // 15-minute data: 1.5 kWh in one quarter hour is 6 kW. Tiers: 5 kW x 10 + 1 kW x 15 = 65.
    const quarter = Array(96).fill(0.1);
    quarter[40] = 1.5; // 10:00-10:15, off-peak
    const tiered = cost({
      from: '2021-07-01',
      to: '2021-07-02',
      billingPeriod: true,
      versions: [version([rate('DEMAND_BASED', [band(10, { demandUpperLimit: 5 }), band(15)])])],
      series: [{ keyName: 'consumption', from: at('2021-07-01'), duration: 900_000, values: quarter, exports: null }],
    });
    // One day as a whole bill (billingPeriod): 65 prorated by 1 day of the month-long bill from July 1 (31 days).
    assert.equal(tiered.summary.totalCost, Math.round((65 / 31) * 100) / 100);
    assert.equal(tiered.summary.kW, 6);
    // A demand reading wins over interval data: 7 kW x 10 + 7 kW x 5 = 105.
    const read = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      series: [hourly('2021-07-01', julyProfile())],
      readings: [
        {
          keyName: 'demand',
          from: at('2021-07-01'),
          to: at('2021-08-01'),
          value: 7,
          period: null,
          field: 'propertyInputs[1]',
        },
      ],
    });
    assert.equal(read.summary.totalCost, 105);
  });

  it('raises the bill to the minimum when it binds, and not otherwise', () => {
    const versions = [
      version([rate('FIXED_PRICE', [band(5)]), rate('CONSUMPTION_BASED', [band(0.1)]), rate('MINIMUM', [band(20)])]),
    ];
    const july = (kWh: number, minimums = true) =>
      cost({
        from: '2021-07-01',
        to: '2021-08-01',
        versions,
        minimums,
        readings: [total('2021-07-01', '2021-08-01', kWh)],
      });
    // 100 kWh: 5 + 10 = 15 < 20: a 5.00 shortfall item; total 20.
    const binding = july(100);
    assert.equal(binding.summary.totalCost, 20);
    assert.equal(binding.items.find((i) => i.chargeType === 'MINIMUM')?.cost, 5);
    // 300 kWh: 5 + 30 = 35 > 20: no minimum item.
    const free = july(300);
    assert.equal(free.summary.totalCost, 35);
    assert.ok(!free.items.some((i) => i.chargeType === 'MINIMUM'));
    assert.equal(july(100, false).summary.totalCost, 15, 'minimums: false');
  });

  it('settles an annual minimum over a whole calendar year, the shortfall in December', () => {
    const versions = [
      version([
        rate('FIXED_PRICE', [band(10)]),
        rate('CONSUMPTION_BASED', [band(0.1)]),
        rate('MINIMUM', [band(1000)], { chargePeriod: 'ANNUALLY' }),
        rate('TAX', [band(10, { rateUnit: 'PERCENTAGE' })], { chargeClass: ['TAX'] }),
      ]),
    ];
    // 2021 at 1 kWh an hour: 12 x 10 + 8,760 x 0.10 = 996.00 < 1,000: a 4.00 shortfall in December; tax 10 % of
    // 1,000 = 100; 1,100.00.
    const year = cost({
      from: '2021-01-01',
      to: '2022-01-01',
      versions,
      groupBy: 'MONTH',
      series: [hourly('2021-01-01', Array(8760).fill(1))],
    });
    assert.deepEqual([year.summary.subTotalCost, year.summary.totalCost], [1000, 1100]);
    const shortfall = year.items.find((i) => i.chargeType === 'MINIMUM')!;
    assert.deepEqual([shortfall.cost, shortfall.fromDateTime], [4, at('2021-12-01')]);
    // Half a year cannot be compared with an annual minimum: no item, and an assumption says so.
    const half = cost({
      from: '2021-01-01',
      to: '2021-07-01',
      versions,
      series: [hourly('2021-01-01', Array(4343).fill(1))],
    });
    assert.ok(!half.items.some((i) => i.chargeType === 'MINIMUM'));
    assert.equal(half.assumptions.find((a) => a.keyName === 'annualMinimum')?.accuracy, 75);
  });

  it('applies percentage riders and taxes on their base, after-tax charges outside it', () => {
    const base = [rate('FIXED_PRICE', [band(5)]), rate('CONSUMPTION_BASED', [band(0.1)])];
    const after = rate('FIXED_PRICE', [band(2)], { chargeClass: ['AFTER_TAX'] });
    const tax = rate('TAX', [band(10, { rateUnit: 'PERCENTAGE' })], { chargeClass: ['TAX'] });
    // 100 kWh: base 5 + 10 = 15; tax 10 % = 1.50; the after-tax 2.00 is outside the base: 18.50.
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [version([...base, after, tax])],
      readings: [total('2021-07-01', '2021-08-01', 100)],
    });
    assert.deepEqual([r.summary.subTotalCost, r.summary.taxCost, r.summary.totalCost], [15, 1.5, 18.5]);
    // A 3 % rider on 15 = 0.45; the 10 % tax on 15.45 = 1.545 -> 1.55; 15.45 + 1.55 = 17.00.
    const rider = rate('QUANTITY', [band(3, { rateUnit: 'PERCENTAGE' })]);
    const r2 = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [version([...base, rider, tax])],
      readings: [total('2021-07-01', '2021-08-01', 100)],
    });
    assert.deepEqual([r2.summary.subTotalCost, r2.summary.taxCost, r2.summary.totalCost], [15.45, 1.55, 17]);
    // excludeChargeClass TAX leaves the tax out.
    assert.equal(
      cost({
        from: '2021-07-01',
        to: '2021-08-01',
        versions: [version([...base, tax])],
        excludeChargeClasses: ['TAX'],
        readings: [total('2021-07-01', '2021-08-01', 100)],
      }).summary.totalCost,
      15,
    );
  });

  it('prices a lookup-priced rate interval by interval', () => {
    const versions = [version([rate('CONSUMPTION_BASED', [band(0)], { variableRateKey: 'price' })])];
    // 1 kWh every hour of July; 0.10 for July 1-15 (360 h) = 36.00, 0.20 for July 16-31 (384 h) = 76.80; 112.80.
    const lookups = {
      price: [
        { from: '2021-07-01', to: '2021-07-16', value: 0.1 },
        { from: '2021-07-16', to: '2021-08-01', value: 0.2 },
      ],
    };
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      lookups,
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(r.summary.totalCost, 112.8);
    assert.equal(r.accuracy, 100);
    // Without values for the second half: 36.00, and an assumption lowers the accuracy.
    const missing = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      lookups: { price: lookups.price.slice(0, 1) },
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(missing.summary.totalCost, 36);
    assert.equal(missing.accuracy, 50);
  });

  it("takes a percentage rider's percentage from a lookup", () => {
    // A franchise fee (QUANTITY, PERCENTAGE) of 3 % for July 1-15 and 4 % for July 16-31, on 100.00 of energy: the
    // percentage averaged over the hours it applied, (360 h x 3 + 384 h x 4) / 744 h = 3.516129 %, is 3.52; 103.52.
    const versions = [
      version([
        rate('CONSUMPTION_BASED', [band(0.1)]),
        rate('QUANTITY', [band(0, { rateUnit: 'PERCENTAGE' })], { variableRateKey: 'fee' }),
      ]),
    ];
    const lookups = {
      fee: [
        { from: '2021-07-01', to: '2021-07-16', value: 3 },
        { from: '2021-07-16', to: '2021-08-01', value: 4 },
      ],
    };
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      lookups,
      readings: [total('2021-07-01', '2021-08-01', 1000)],
    });
    assert.equal(r.summary.totalCost, 103.52);
  });

  it('nets exports: NET rates, SELL credits and net excess generation', () => {
    // 1 kWh imported every hour of July (744); 2 kWh exported 10 am - 2 pm (124 hours, 248 kWh).
    const exports = Array.from({ length: 744 }, (_, h) => (h % 24 >= 10 && h % 24 < 14 ? 2 : 0));
    const series = [{ ...hourly('2021-07-01', Array(744).fill(1)), exports }];
    const july = (rates: ReturnType<typeof rate>[]) =>
      cost({ from: '2021-07-01', to: '2021-08-01', versions: [version(rates)], series });
    // NET: (744 - 248) x 0.25 = 124.00.
    assert.equal(july([rate('CONSUMPTION_BASED', [band(0.25)], { transactionType: 'NET' })]).summary.totalCost, 124);
    // BUY 744 x 0.25 = 186.00 and SELL 248 x 0.05 = 12.40 credited: 173.60.
    assert.equal(
      july([
        rate('CONSUMPTION_BASED', [band(0.25)]),
        rate('CONSUMPTION_BASED', [band(0.05)], { transactionType: 'SELL' }),
      ]).summary.totalCost,
      173.6,
    );
    // More export than import: 100 in, 150 out. NET -50 x 0.25 = -12.50; net excess 50 x 0.04 credited = -2.00.
    const surplus = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [
        version([
          rate('CONSUMPTION_BASED', [band(0.25)], { transactionType: 'NET' }),
          rate('NET_EXCESS_GENERATION', [band(0.04)]),
        ]),
      ],
      readings: [total('2021-07-01', '2021-08-01', 100), total('2021-07-01', '2021-08-01', -150)],
    });
    assert.deepEqual([surplus.summary.totalCost, surplus.summary.adjustedTotalCost], [-14.5, -12.5]);
    // A tariff with no rate for exports bills the 744 kWh imported (186.00) and says the 248 kWh exported earned nothing.
    const uncredited = july([rate('CONSUMPTION_BASED', [band(0.25)])]);
    const said = uncredited.assumptions.find((a) => /not credited/.test(a.description));
    assert.deepEqual(
      [uncredited.summary.totalCost, said?.dataValue, said?.accuracy, uncredited.accuracy],
      [186, '248', 75, 75],
    );
    assert.equal(
      july([rate('CONSUMPTION_BASED', [band(0.25)], { transactionType: 'NET' })]).assumptions.length,
      0,
      'a NET rate credits them',
    );
  });

  it('splits a bill where a new tariff version takes effect', () => {
    const v1 = version(
      [rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.1)])],
      '2020-01-01',
      '2021-07-16',
      1,
    );
    const v2 = version(
      [rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.2)])],
      '2021-07-16',
      null,
      2,
    );
    // 1 kWh per hour: 360 h at 0.10 = 36.00 and 384 h at 0.20 = 76.80; the fixed charge 10 x 360/744 + 10 x 384/744 = 10.
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [v1, v2],
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(r.summary.totalCost, 122.8);
    assert.deepEqual([...new Set(r.items.map((i) => i.tariffId))], [1, 2]);
    // With tariffEffectiveOn (version fixed): v2 over the whole month: 744 x 0.20 + 10 = 158.80.
    assert.equal(
      cost({
        from: '2021-07-01',
        to: '2021-08-01',
        versions: [v2],
        versionFixed: true,
        series: [hourly('2021-07-01', Array(744).fill(1))],
      }).summary.totalCost,
      158.8,
    );
  });

  it('keeps items to 8 decimals, so a line under a cent is not lost, and rounds only the totals', () => {
    // One hour of July of a $10 monthly charge: 10 x 1/744 = 0.013440860... -> 0.01344086; the total 0.01.
    const hour = cost({
      from: '2021-07-01T00:00',
      to: '2021-07-01T01:00',
      versions: [version([rate('FIXED_PRICE', [band(10)])])],
    });
    assert.deepEqual([hour.items.map((i) => i.cost), hour.summary.totalCost], [[0.01344086], 0.01]);
    // Three such hours of three charges (10, 20, 30): 60 x 3/744 = 0.24193548; each item keeps its fraction.
    const three = cost({
      from: '2021-07-01T00:00',
      to: '2021-07-01T03:00',
      versions: [version([10, 20, 30].map((a) => rate('FIXED_PRICE', [band(a)])))],
    });
    assert.deepEqual(
      [three.items.map((i) => i.cost), three.summary.totalCost],
      [[0.04032258, 0.08064516, 0.12096774], 0.24],
    );
  });

  it('bills time no version covers on the nearest version, and says so', () => {
    // A tariff that took effect 2021-07-11 (local midnight), billed for July: the 10 days before it were billed
    // nothing. They are billed on that version: 744 h x 1 kWh x 0.10 = 74.40 + 10.00 fixed = 84.40.
    const late = version(
      [rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.1)])],
      '2021-07-11',
      null,
      7,
    );
    const july = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [late],
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(july.summary.totalCost, 84.4);
    const said = july.assumptions.find((a) => a.keyName === 'tariffEffectiveOn');
    assert.deepEqual(
      [said?.dataValue, said?.fromDateTime, said?.toDateTime, said?.accuracy],
      ['7', at('2021-07-01'), at('2021-07-11'), 75],
    );
    // Two versions with a gap (v1 ends 07-11, v2 begins 07-21): the gap stays on v1, as a tariff stands until
    // replaced, and time after v2 ended (07-26) stays on v2. v1 0.10 for 20 days = 480 kWh: 48.00; v2 0.20 for
    // 11 days = 264 kWh: 52.80; fixed 10 x 480/744 + 10 x 264/744 = 10.00. 110.80.
    const v1 = version(
      [rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.1)])],
      '2020-01-01',
      '2021-07-11',
      1,
    );
    const v2 = version(
      [rate('FIXED_PRICE', [band(10)]), rate('CONSUMPTION_BASED', [band(0.2)])],
      '2021-07-21',
      '2021-07-26',
      2,
    );
    const gaps = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [v1, v2],
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(gaps.summary.totalCost, 110.8);
    assert.deepEqual(
      gaps.assumptions
        .filter((a) => a.keyName === 'tariffEffectiveOn')
        .map((a) => [a.dataValue, a.fromDateTime, a.toDateTime]),
      [
        ['1', at('2021-07-11'), at('2021-07-21')],
        ['2', at('2021-07-26'), at('2021-08-01')],
      ],
    );
    // Versions that meet leave nothing to say.
    const meet = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions: [
        version([rate('CONSUMPTION_BASED', [band(0.1)])], '2020-01-01', '2021-07-16', 1),
        version([rate('CONSUMPTION_BASED', [band(0.2)])], '2021-07-16', null, 2),
      ],
      series: [hourly('2021-07-01', Array(744).fill(1))],
    });
    assert.equal(meet.assumptions.filter((a) => a.keyName === 'tariffEffectiveOn').length, 0);
  });

  it('chooses rates by season, applicability and territory', () => {
    const versions = [
      version(
        [
          rate('CONSUMPTION_BASED', [band(0.3)], { seasonId: SUMMER }),
          rate('CONSUMPTION_BASED', [band(0.1)], { seasonId: WINTER }),
          rate('FIXED_PRICE', [band(5, { applicabilityValue: 'true', isCredit: true })], {
            applicabilityKey: 'lowIncome',
          }),
          rate('FIXED_PRICE', [band(1)], { territoryId: 7 }),
          rate('FIXED_PRICE', [band(2)], { territoryId: 8 }),
        ],
        '2020-01-01',
        null,
        1,
        { lowIncome: 'false' },
      ),
    ];
    // September 16 - October 16: 15 days of summer (360 kWh at 0.30 = 108.00) and 15 of winter (360 at 0.10 = 36.00),
    // one kWh an hour; territory 7's charge over two calendar-month parts: 15/30 + 15/31 of 1.00.
    const r = cost({
      from: '2021-09-16',
      to: '2021-10-16',
      versions,
      territoryId: 7,
      series: [hourly('2021-09-16', Array(720).fill(1))],
    });
    assert.equal(r.summary.totalCost, Math.round((108 + 36 + 15 / 30 + 15 / 31) * 100) / 100);
    assert.equal(
      r.assumptions.find((a) => a.keyName === 'lowIncome')?.dataValue,
      'false',
      'the tariff default, recorded',
    );
    // Low income: a 5.00 credit per month (prorated the same way); no territory: the first (7) is assumed.
    const low = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      properties: { lowIncome: 'true' },
      readings: [total('2021-07-01', '2021-08-01', 100)],
    });
    assert.equal(low.summary.totalCost, 30 - 5 + 1);
    assert.equal(low.assumptions.find((a) => a.keyName === 'territoryId')?.dataValue, '7');
    assert.equal(low.accuracy, 75);
  });

  it('moves a season edge inside a bill by its predominance', () => {
    const versions = [
      version([
        rate('CONSUMPTION_BASED', [band(0.3)], { seasonId: SUMMER }),
        rate('CONSUMPTION_BASED', [band(0.1)], { seasonId: WINTER }),
      ]),
    ];
    const bill = (juneEdge?: 'PREDOMINANT' | 'SUBSERVIENT') =>
      cost({
        from: '2021-05-15',
        to: '2021-06-15',
        billingPeriod: true,
        juneEdge,
        versions,
        series: [hourly('2021-05-15', Array(744).fill(1))],
      }).summary.totalCost;
    // No predominance: May 15-31 (408 h) at 0.10 = 40.80 and June 1-14 (336 h) at 0.30 = 100.80.
    assert.equal(bill(), 141.6);
    // PREDOMINANT: the new season (summer) governs the whole bill: 744 x 0.30 = 223.20.
    assert.equal(bill('PREDOMINANT'), 223.2);
    // SUBSERVIENT: the bill stays in the old season (winter): 744 x 0.10 = 74.40.
    assert.equal(bill('SUBSERVIENT'), 74.4);
  });

  it('charges per day and takes an actual billing cycle whole', () => {
    const versions = [
      version([rate('FIXED_PRICE', [band(0.5)], { chargePeriod: 'DAILY' }), rate('FIXED_PRICE', [band(10)])]),
    ];
    // July: 31 days x 0.50 + 10 = 25.50; June: 30 x 0.50 + 10 = 25.00.
    assert.equal(cost({ from: '2021-07-01', to: '2021-08-01', versions }).summary.totalCost, 25.5);
    assert.equal(cost({ from: '2021-06-01', to: '2021-07-01', versions }).summary.totalCost, 25);
    // July 15 - August 15 as calendar parts: 17 days x 0.50 + 10 x 17/31 and 14 x 0.50 + 10 x 14/31: 15.50 + 10.00.
    assert.equal(cost({ from: '2021-07-15', to: '2021-08-15', versions }).summary.totalCost, 25.5);
    // The same dates as one actual bill: 31 days x 0.50 + one whole month 10.00 = 25.50.
    const cycle = cost({ from: '2021-07-15', to: '2021-08-15', versions, billingPeriod: true, detailLevel: 'RATE' });
    assert.equal(cycle.summary.totalCost, 25.5);
    assert.equal(cycle.items.length, 2, 'one bill: one item per rate');
  });

  it('gives the same bill for values sent as readings and as a series', () => {
    const versions = [
      version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
        rate('DEMAND_BASED', [band(3)]),
      ]),
    ];
    const values = Array.from({ length: 48 }, (_, h) => 0.5 + (h % 7) / 10);
    const asSeries = cost({ from: '2021-07-01', to: '2021-07-03', versions, series: [hourly('2021-07-01', values)] });
    const asReadings = cost({
      from: '2021-07-01',
      to: '2021-07-03',
      versions,
      readings: values.map((v, h) => ({
        keyName: 'consumption' as const,
        from: at('2021-07-01') + h * 3_600_000,
        to: at('2021-07-01') + (h + 1) * 3_600_000,
        value: v,
        period: null,
        field: `propertyInputs[${h}]`,
      })),
    });
    assert.equal(asReadings.summary.totalCost, asSeries.summary.totalCost);
    assert.deepEqual(
      asReadings.items.map((i) => i.cost),
      asSeries.items.map((i) => i.cost),
    );
  });

  it("places a total given for one TOU period on that period's hours", () => {
    const versions = [
      version([
        rate('CONSUMPTION_BASED', [band(0.4)], { touId: PEAK }),
        rate('CONSUMPTION_BASED', [band(0.2)], { touId: OFF_PEAK }),
      ]),
    ];
    // 100 kWh on peak and 300 off peak: 40 + 60 = 100.
    const r = cost({
      from: '2021-07-01',
      to: '2021-08-01',
      versions,
      readings: [total('2021-07-01', '2021-08-01', 100, 'ON_PEAK'), total('2021-07-01', '2021-08-01', 300, 'OFF_PEAK')],
    });
    assert.equal(r.summary.totalCost, 100);
  });
});
