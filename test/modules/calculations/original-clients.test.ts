// What the original API's clients send and read (#19): isBillingPeriod, detailLevel QUANTITY_KEY, groupBy NONE, ALL
// and QTRHOUR, the summary's preTaxMinimumCost / preTaxMaximumCost / nonBypassableCost, a rate territory's lseName,
// and numbers sent as strings in JSON bodies. Bills are worked by hand on two small tariffs this test imports.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const LIMITS = 9300001;
const FLAT = 9300011;
const GEORGIA_R22 = 512;
const band = (id: number, rateAmount: number, rateUnit = 'COST_PER_UNIT') => [
  { tariffRateBandId: id, rateAmount, rateUnit },
];
const tariffs = [
  {
    // A minimum bill of 30, a bill cap of 100 (both before tax), a per-kWh public purpose charge classed
    // NON_BYPASSABLE, and a 5 % tax on the charges before tax.
    tariffId: 9300002,
    masterTariffId: LIMITS,
    tariffName: 'Test minimum, cap and non-bypassable',
    lseId: 9300003,
    lseName: 'Test Limits Electric',
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: 'America/Chicago',
    rates: [
      {
        tariffRateId: 9300021,
        tariffSequenceNumber: 1,
        rateGroupName: 'Fixed',
        rateName: 'Customer charge',
        chargeType: 'FIXED_PRICE',
        chargeClass: 'DISTRIBUTION',
        chargePeriod: 'MONTHLY',
        rateBands: band(9300031, 10),
      },
      {
        tariffRateId: 9300022,
        tariffSequenceNumber: 2,
        rateGroupName: 'Energy',
        rateName: 'Supply',
        chargeType: 'CONSUMPTION_BASED',
        chargeClass: 'SUPPLY',
        rateBands: band(9300032, 0.1),
      },
      {
        tariffRateId: 9300023,
        tariffSequenceNumber: 3,
        rateGroupName: 'Energy',
        rateName: 'Delivery',
        chargeType: 'CONSUMPTION_BASED',
        chargeClass: 'DISTRIBUTION',
        rateBands: band(9300033, 0.05),
      },
      {
        tariffRateId: 9300024,
        tariffSequenceNumber: 4,
        rateGroupName: 'Energy',
        rateName: 'Public purpose programs',
        chargeType: 'CONSUMPTION_BASED',
        chargeClass: 'DISTRIBUTION,NON_BYPASSABLE',
        rateBands: band(9300034, 0.02),
      },
      {
        tariffRateId: 9300025,
        tariffSequenceNumber: 5,
        rateGroupName: 'Limits',
        rateName: 'Minimum bill',
        chargeType: 'MINIMUM',
        chargePeriod: 'MONTHLY',
        rateBands: band(9300035, 30),
      },
      {
        tariffRateId: 9300026,
        tariffSequenceNumber: 6,
        rateGroupName: 'Limits',
        rateName: 'Bill cap',
        chargeType: 'MAXIMUM',
        chargePeriod: 'MONTHLY',
        rateBands: band(9300036, 100),
      },
      {
        tariffRateId: 9300027,
        tariffSequenceNumber: 7,
        rateGroupName: 'Taxes',
        rateName: 'State tax',
        chargeType: 'TAX',
        chargeClass: 'TAX',
        rateBands: band(9300037, 5, 'PERCENTAGE'),
      },
    ],
  },
  {
    tariffId: 9300012,
    masterTariffId: FLAT,
    tariffName: 'Test flat',
    lseId: 9300003,
    lseName: 'Test Limits Electric',
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: 'America/Chicago',
    rates: [
      {
        tariffRateId: 9300041,
        tariffSequenceNumber: 1,
        rateGroupName: 'Fixed',
        rateName: 'Customer charge',
        chargeType: 'FIXED_PRICE',
        chargePeriod: 'MONTHLY',
        rateBands: band(9300051, 10),
      },
      {
        tariffRateId: 9300042,
        tariffSequenceNumber: 2,
        rateGroupName: 'Energy',
        rateName: 'Energy',
        chargeType: 'CONSUMPTION_BASED',
        rateBands: band(9300052, 0.2),
      },
    ],
  },
];

type Item = {
  rateName: string;
  rateGroupName: string;
  quantityKey: string;
  itemQuantity: number;
  cost: number;
  fromDateTime: string;
  toDateTime: string;
  chargeClass: string | null;
  period: string | null;
};
const costs = (items: Item[]) => items.map((i) => [i.fromDateTime.slice(11, 16), i.rateName, i.cost]);
const sum = (items: Item[]) => Math.round(items.reduce((a, i) => a + i.cost, 0) * 100) / 100;

for (const dialect of dialects) {
  describe(`what the original API's clients send and read, on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const { ok: calc, refused } = calculateClient(
      () => t,
      () => c,
    );
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal', 'enterprise']);
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify(tariffs)]), 'original-clients.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
    });
    after(() => t.close());

    it('isBillingPeriod is billingPeriod: a cycle billed as one period, not prorated months', async () => {
      // 10 Apr - 10 May 2020, no usage. As prorated months: 10 x 21/30 (Apr 10-30) + 10 x 9/31 (May 1-9)
      // = 7.00 + 2.903226 = 9.903226 -> 9.90. As one billing period: the monthly 10.00 whole.
      const range = { masterTariffId: FLAT, fromDateTime: '2020-04-10', toDateTime: '2020-05-10' };
      assert.equal((await calc(range)).totalCost, 9.9);
      assert.equal((await calc({ ...range, isBillingPeriod: false })).totalCost, 9.9);
      assert.equal((await calc({ ...range, billingPeriod: true })).totalCost, 10);
      assert.equal((await calc({ ...range, isBillingPeriod: true })).totalCost, 10);
      assert.equal(
        (await calc({ ...range, isBillingPeriod: true, billingPeriod: true })).totalCost,
        10,
        'both, agreeing',
      );
      const conflict = await refused({ ...range, isBillingPeriod: false, billingPeriod: true }, 'isBillingPeriod');
      assert.equal(conflict.propertyValue, 'false');
      // The mass calculation and the older forms take it too.
      const mass = await calc(
        {
          fromDateTime: range.fromDateTime,
          toDateTime: range.toDateTime,
          isBillingPeriod: true,
          scenarios: [{ scenarioName: 'flat', masterTariffId: FLAT }],
        },
        '/rest/v1/ondemand/calculate/mass',
      );
      assert.equal(mass.scenarios.flat.totalCost, 10);
      await refused(
        {
          fromDateTime: range.fromDateTime,
          toDateTime: range.toDateTime,
          billingPeriod: false,
          isBillingPeriod: true,
          scenarios: [{ masterTariffId: FLAT }],
        },
        'isBillingPeriod',
        '/rest/v1/ondemand/calculate/mass',
      );
      assert.equal(
        (
          await calc(
            { fromDateTime: range.fromDateTime, toDateTime: range.toDateTime, isBillingPeriod: true },
            `/rest/public/calculate/${FLAT}`,
          )
        ).totalCost,
        10,
      );
      const query = await t.json(
        `/rest/public/calculate/${FLAT}?fromDateTime=2020-04-10&toDateTime=2020-05-10&isBillingPeriod=true`,
        c,
      );
      assert.equal(query.results[0].totalCost, 10);
    });

    it("answers preTaxMinimumCost, preTaxMaximumCost and nonBypassableCost from the bill's charges", async () => {
      const july = (kWh: number) =>
        calc({
          masterTariffId: LIMITS,
          fromDateTime: '2020-07-01',
          toDateTime: '2020-08-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: kWh }],
        });
      const summary = async (kWh: number) => {
        const { kWh: _k, kW: _w, ...money } = (await july(kWh)).summary;
        return money;
      };
      // 100 kWh: 10 + 100 x (0.10 + 0.05 + 0.02) = 27.00, below the minimum 30: +3.00 (preTaxMinimumCost).
      // Tax 5 % of 30.00 = 1.50; total 31.50. Non-bypassable: 100 x 0.02 = 2.00.
      assert.deepEqual(await summary(100), {
        subTotalCost: 30,
        preTaxMinimumCost: 3,
        preTaxMaximumCost: 0,
        taxCost: 1.5,
        totalCost: 31.5,
        adjustedTotalCost: 31.5,
        nonBypassableCost: 2,
      });
      // 1,000 kWh: 10 + 1000 x 0.17 = 180.00, above the cap 100: -80.00 (preTaxMaximumCost). Tax 5.00; total 105.00.
      // Non-bypassable: 1000 x 0.02 = 20.00 (the cap does not make it bypassable).
      assert.deepEqual(await summary(1000), {
        subTotalCost: 100,
        preTaxMinimumCost: 0,
        preTaxMaximumCost: -80,
        taxCost: 5,
        totalCost: 105,
        adjustedTotalCost: 105,
        nonBypassableCost: 20,
      });
      // 500 kWh: 10 + 85 = 95.00, between the two; tax 4.75; total 99.75; non-bypassable 500 x 0.02 = 10.00.
      assert.deepEqual(await summary(500), {
        subTotalCost: 95,
        preTaxMinimumCost: 0,
        preTaxMaximumCost: 0,
        taxCost: 4.75,
        totalCost: 99.75,
        adjustedTotalCost: 99.75,
        nonBypassableCost: 10,
      });
      // Without minimums the 100 kWh bill is 27.00 + 1.35 tax, and no minimum is in it.
      const bare = await calc({
        masterTariffId: LIMITS,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        minimums: false,
        propertyInputs: [{ keyName: 'consumption', dataValue: 100 }],
      });
      assert.deepEqual(
        [bare.summary.subTotalCost, bare.summary.preTaxMinimumCost, bare.summary.totalCost],
        [27, 0, 28.35],
      );
      // Excluding the NON_BYPASSABLE class leaves nothing non-bypassable: 10 + 500 x 0.15 = 85.00.
      const excluded = await calc({
        masterTariffId: LIMITS,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        excludeChargeClass: 'NON_BYPASSABLE',
        propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
      });
      assert.deepEqual([excluded.summary.subTotalCost, excluded.summary.nonBypassableCost], [85, 0]);
      // The same figures in a mass calculation's scenarios.
      const mass = await calc(
        {
          fromDateTime: '2020-07-01',
          toDateTime: '2020-08-01',
          scenarios: [
            {
              scenarioName: 'small',
              masterTariffId: LIMITS,
              propertyInputs: [{ keyName: 'consumption', dataValue: 100 }],
            },
            {
              scenarioName: 'large',
              masterTariffId: LIMITS,
              propertyInputs: [{ keyName: 'consumption', dataValue: 1000 }],
            },
          ],
        },
        '/rest/v1/ondemand/calculate/mass',
      );
      assert.deepEqual(
        [
          mass.scenarios.small.summary.preTaxMinimumCost,
          mass.scenarios.large.summary.preTaxMaximumCost,
          mass.scenarios.large.summary.nonBypassableCost,
        ],
        [3, -80, 20],
      );
    });

    it('detailLevel QUANTITY_KEY: one item per quantity key, the totals unchanged', async () => {
      const body = {
        masterTariffId: LIMITS,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
      };
      const r = await calc({ ...body, detailLevel: 'QUANTITY_KEY' });
      // fixed 10.00; consumption 500 x 0.10 + 500 x 0.05 + 500 x 0.02 = 85.00 (the three rates' kWh summed, as at
      // CHARGE_TYPE: 1,500); the tax, a percentage of 95.00: 4.75.
      assert.deepEqual(
        r.items.map((i: Item) => [i.quantityKey, i.rateGroupName, i.itemQuantity, i.cost, i.chargeClass]),
        [
          ['fixed', 'fixed', 1, 10, 'DISTRIBUTION'],
          ['consumption', 'consumption', 1500, 85, 'SUPPLY,DISTRIBUTION,NON_BYPASSABLE'],
          ['percentage', 'percentage', 95, 4.75, 'TAX'],
        ],
      );
      assert.equal(r.totalCost, 99.75);
      assert.deepEqual(r.summary, (await calc(body)).summary, 'the detail level never changes the summary');
      // A rider of 2 % on the charges before tax, billed as a consumption charge: CHARGE_TYPE puts it with the
      // energy, QUANTITY_KEY with the percentages (apart from the tax, which is after it). Rider 2 % x 95.00 = 1.90;
      // tax 5 % x 96.90 = 4.845; total 95.00 + 1.90 + 4.845 = 101.745 -> 101.75.
      const rider = {
        ...body,
        rateInputs: [
          {
            rateGroupName: 'Riders',
            rateName: 'Fuel rider',
            chargeType: 'CONSUMPTION_BASED',
            rateBands: [{ rateAmount: 2, rateUnit: 'PERCENTAGE' }],
          },
        ],
      };
      const byKey = await calc({ ...rider, detailLevel: 'QUANTITY_KEY' });
      assert.deepEqual(
        byKey.items.map((i: Item) => [i.quantityKey, i.cost]),
        [
          ['fixed', 10],
          ['consumption', 85],
          ['percentage', 1.9],
          ['percentage', 4.845],
        ],
      );
      const byType = await calc({ ...rider, detailLevel: 'CHARGE_TYPE' });
      assert.deepEqual(
        byType.items.map((i: Item) => [i.rateGroupName, i.cost]),
        [
          ['FIXED_PRICE', 10],
          ['CONSUMPTION_BASED', 86.9],
          ['TAX', 4.845],
        ],
      );
      assert.deepEqual([byKey.totalCost, byType.totalCost, sum(byKey.items)], [101.75, 101.75, 101.75]);
    });

    it('groupBy NONE is the natural grouping, ALL one group for the range', async () => {
      const body = {
        masterTariffId: FLAT,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-09-01',
        detailLevel: 'RATE',
        propertyInputs: [{ keyName: 'consumption', dataValue: 620 }],
      };
      const natural = await calc(body);
      const none = await calc({ ...body, groupBy: 'NONE' });
      assert.deepEqual(costs(none.items), costs(natural.items));
      // Two calendar months: each month's customer charge 10.00 and energy (620 kWh spread flat over 62 days: 310
      // each) 310 x 0.20 = 62.00.
      assert.deepEqual(
        natural.items.map((i: Item) => [i.fromDateTime.slice(0, 10), i.rateName, i.cost]),
        [
          ['2020-07-01', 'Customer charge', 10],
          ['2020-07-01', 'Energy', 62],
          ['2020-08-01', 'Customer charge', 10],
          ['2020-08-01', 'Energy', 62],
        ],
      );
      // ALL: one item per rate over the whole range, 20.00 and 124.00.
      const all = await calc({ ...body, groupBy: 'ALL' });
      assert.deepEqual(
        all.items.map((i: Item) => [i.fromDateTime.slice(0, 10), i.toDateTime.slice(0, 10), i.rateName, i.cost]),
        [
          ['2020-07-01', '2020-09-01', 'Customer charge', 20],
          ['2020-07-01', '2020-09-01', 'Energy', 124],
        ],
      );
      assert.equal(all.totalCost, natural.totalCost);
      await refused({ ...body, groupBy: 'WEEK' }, 'groupBy');
      await refused({ ...body, detailLevel: 'QUANTITY' }, 'detailLevel');
    });

    it('groupBy QTRHOUR: quarter-hour items, from 15-minute data or shared by time within an hour', async () => {
      // One hour of July 2020 (744 hours): the customer charge 10 / 744 = 0.01344086, 0.00336022 a quarter.
      const hour = {
        masterTariffId: FLAT,
        fromDateTime: '2020-07-01T00:00',
        toDateTime: '2020-07-01T01:00',
        detailLevel: 'RATE',
        groupBy: 'QTRHOUR',
      };
      const quarters = await calc({
        ...hour,
        propertyInputs: [
          { keyName: 'consumption', fromDateTime: '2020-07-01T00:00', dataSeries: [1, 2, 3, 4], duration: 900_000 },
        ],
      });
      // Energy 1, 2, 3, 4 kWh x 0.20 = 0.2, 0.4, 0.6, 0.8.
      assert.deepEqual(costs(quarters.items), [
        ['00:00', 'Customer charge', 0.00336022],
        ['00:00', 'Energy', 0.2],
        ['00:15', 'Customer charge', 0.00336022],
        ['00:15', 'Energy', 0.4],
        ['00:30', 'Customer charge', 0.00336022],
        ['00:30', 'Energy', 0.6],
        ['00:45', 'Customer charge', 0.00336022],
        ['00:45', 'Energy', 0.8],
      ]);
      assert.deepEqual(
        quarters.items.map((i: Item) => i.toDateTime.slice(11, 16)),
        ['00:15', '00:15', '00:30', '00:30', '00:45', '00:45', '01:00', '01:00'],
      );
      // 10 kWh as one hourly value: the hour's energy 2.00 shared by time, 0.50 a quarter.
      const hourly = await calc({
        ...hour,
        propertyInputs: [
          { keyName: 'consumption', fromDateTime: '2020-07-01T00:00', dataSeries: [10], duration: 3_600_000 },
        ],
      });
      assert.deepEqual(
        hourly.items
          .filter((i: Item) => i.rateName === 'Energy')
          .map((i: Item) => [i.fromDateTime.slice(11, 16), i.itemQuantity, i.cost]),
        [
          ['00:00', 2.5, 0.5],
          ['00:15', 2.5, 0.5],
          ['00:30', 2.5, 0.5],
          ['00:45', 2.5, 0.5],
        ],
      );
      // 0.01344086 + 2.00 = 2.01 whatever the grouping.
      assert.equal(hourly.totalCost, 2.01);
      assert.equal(
        (
          await calc({
            ...hour,
            groupBy: 'HOUR',
            propertyInputs: [
              { keyName: 'consumption', fromDateTime: '2020-07-01T00:00', dataSeries: [10], duration: 3_600_000 },
            ],
          })
        ).totalCost,
        2.01,
      );
      // A day by quarters: 96 quarters of two rates, the items adding up to the total.
      const day = await calc({
        masterTariffId: FLAT,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-07-02',
        groupBy: 'QTRHOUR',
        propertyInputs: [{ keyName: 'consumption', dataValue: 24 }],
      });
      assert.equal(day.items.length, 96 * 2);
      // 10 / 31 + 24 x 0.20 = 0.322581 + 4.80 = 5.12.
      assert.equal(day.totalCost, 5.12);
      assert.equal(sum(day.items), 5.12);
    });

    it("answers a rate territory's lseName", async () => {
      const e1 = (await t.json('/rest/public/tariffs?lseId=734&pageCount=100', c)).results.find(
        (x: { tariffCode: string }) => x.tariffCode === 'E-1',
      );
      assert.ok(e1, 'PG&E E-1 is in the starter data');
      const tariff = (await t.json(`/rest/public/tariffs/${e1.masterTariffId}?populateRates=true`, c)).results[0];
      // A rate priced for no territory omits the field, as the original does.
      const rated = tariff.rates.filter((r: { territory?: unknown }) => r.territory !== undefined);
      assert.ok(rated.length > 0, 'E-1 prices its baseline per territory');
      const lse = (await t.json('/rest/public/lses/734', c)).results[0];
      for (const r of rated) {
        const territory = (await t.json(`/rest/public/territories/${r.territory.territoryId}`, c)).results[0];
        assert.deepEqual([r.territory.lseId, r.territory.lseName], [territory.lseId, territory.lseName]);
        assert.equal(r.territory.lseName, lse.name);
      }
      // The tariff list answers it too.
      const listed = (await t.json(`/rest/public/tariffs?masterTariffId=${e1.masterTariffId}&populateRates=true`, c))
        .results[0];
      assert.ok(
        listed.rates
          .filter((r: { territory?: unknown }) => r.territory !== undefined)
          .every((r: { territory: { lseName: string } }) => r.territory.lseName === lse.name),
      );
    });

    it("takes numbers sent as strings in JSON bodies, as the original's clients send them", async () => {
      // Georgia Power R-22, July 2016, 1,200 kWh: 123.09 (worked in calculations.test.ts).
      const asNumbers = {
        masterTariffId: GEORGIA_R22,
        fromDateTime: '2016-07-01',
        toDateTime: '2016-08-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 1200 }],
      };
      const asStrings =
        '{"masterTariffId":"512","fromDateTime":"2016-07-01","toDateTime":"2016-08-01","propertyInputs":[{"keyName":"consumption","dataValue":"1200"}]}';
      const expected = await calc(asNumbers);
      assert.equal(expected.totalCost, 123.09);
      const single = await calc(asStrings);
      assert.deepEqual(
        [single.masterTariffId, single.totalCost, single.summary],
        [GEORGIA_R22, 123.09, expected.summary],
      );
      // A 15-minute series with its duration and values as strings bills as the same values sent as numbers.
      const series = Array.from({ length: 96 }, (_, k) => (k % 4) + 1);
      const day = { masterTariffId: GEORGIA_R22, fromDateTime: '2016-07-01', toDateTime: '2016-07-02' };
      const numeric = await calc({
        ...day,
        propertyInputs: [{ keyName: 'consumption', dataSeries: series, duration: 900000 }],
      });
      const stringy = await calc(
        `{"masterTariffId":"512","fromDateTime":"2016-07-01","toDateTime":"2016-07-02","propertyInputs":[{"keyName":"consumption","dataSeries":[${series.map((v) => `"${v}"`).join(',')}],"duration":"900000"}]}`,
      );
      assert.deepEqual([stringy.totalCost, stringy.summary.kWh], [numeric.totalCost, 240]);
      const mass = await calc(
        '{"fromDateTime":"2016-07-01","toDateTime":"2016-08-01","scenarios":[{"scenarioName":"r22","masterTariffId":"512","propertyInputs":[{"keyName":"consumption","dataValue":"1200"}]}]}',
        '/rest/v1/ondemand/calculate/mass',
      );
      assert.equal(mass.scenarios.r22.totalCost, 123.09);
      assert.equal(
        (
          await calc(
            '{"fromDateTime":"2016-07-01","toDateTime":"2016-08-01","propertyInputs":[{"keyName":"consumption","dataValue":"1200"}]}',
            '/rest/public/calculate/512',
          )
        ).totalCost,
        123.09,
      );
      // A string that is no number is still a 400 naming the field.
      await refused(
        '{"masterTariffId":"five hundred","fromDateTime":"2016-07-01","toDateTime":"2016-08-01"}',
        'masterTariffId',
      );
    });

    it('accepts property inputs the tariff does not use, saying so; a near miss of a usage key is still a 400', async () => {
      // Georgia Power R-22, July 2016, 1,200 kWh: 123.09 (worked in calculations.test.ts). The SmartRate, CARE and
      // medical baseline inputs the original's clients send to every tariff change nothing here.
      const body = {
        masterTariffId: GEORGIA_R22,
        fromDateTime: '2016-07-01',
        toDateTime: '2016-08-01',
        propertyInputs: [
          { keyName: 'consumption', dataValue: 1200 },
          { keyName: 'isSmartRateCustomer', dataValue: true },
          { keyName: 'careEnrolled', dataValue: 'false' },
          { keyName: 'customerClass', dataValue: 'RESIDENTIAL' },
        ],
      };
      const answer = await calc(body);
      assert.equal(answer.totalCost, 123.09);
      const unused = answer.assumptions
        .filter((a: { description: string }) => a.description.includes('not used by this tariff'))
        .map((a: { keyName: string; dataValue: string }) => [a.keyName, a.dataValue]);
      assert.deepEqual(unused, [
        ['isSmartRateCustomer', 'true'],
        ['careEnrolled', 'false'],
        ['customerClass', 'RESIDENTIAL'],
      ]);
      const mass = await calc(
        {
          fromDateTime: body.fromDateTime,
          toDateTime: body.toDateTime,
          scenarios: [{ scenarioName: 'r22', masterTariffId: GEORGIA_R22, propertyInputs: body.propertyInputs }],
        },
        '/rest/v1/ondemand/calculate/mass',
      );
      assert.equal(mass.scenarios.r22.totalCost, 123.09);
      // Typos of consumption and demand bill nothing silently: refused, naming the input and the key meant.
      for (const typo of ['consumptoin', 'Consumption', 'consumtion', 'demnad']) {
        const error = await refused(
          { ...body, propertyInputs: [{ keyName: typo, dataValue: 1200 }] },
          'propertyInputs[0].keyName',
        );
        assert.match(error.message, /did you mean (consumption|demand)\?/, typo);
      }
    });
  });
}
