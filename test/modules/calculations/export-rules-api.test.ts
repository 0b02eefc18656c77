// Export rules and bill truth over the API: a tariff stored with its export arrangement bills a solar customer by
// it (and says so in its Tariff), a calculation may override the arrangement, bad terms are 400s naming the field,
// a property input no one knows is refused, no usage is said, time no version covers is billed on the nearest one
// and tariffEffectiveOn prices the rates of its date.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NM = 9200001;
const DATED = 9200011;
const band = (id: number, rateAmount: number) => [{ tariffRateBandId: id, rateAmount }];
const tariffs = [
  {
    tariffId: 9200002,
    masterTariffId: NM,
    tariffName: 'Test net metered flat',
    lseId: 9200003,
    lseName: 'Test Solar Electric',
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: 'America/Chicago',
    exportArrangement: 'NET_METERING',
    trueUpMonth: 8,
    yearEndSellRate: 0.05,
    rates: [
      {
        tariffRateId: 9200021,
        rateGroupName: 'Fixed',
        rateName: 'Customer charge',
        chargeType: 'FIXED_PRICE',
        chargePeriod: 'MONTHLY',
        rateBands: band(9200031, 10),
      },
      {
        tariffRateId: 9200022,
        rateGroupName: 'Energy',
        rateName: 'Energy',
        chargeType: 'CONSUMPTION_BASED',
        rateBands: band(9200032, 0.2),
      },
    ],
  },
  {
    // One version from 2020 whose energy price changes on 2021-01-01 by rate dates, as the original API dates riders.
    tariffId: 9200012,
    masterTariffId: DATED,
    tariffName: 'Test dated rates',
    lseId: 9200003,
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-06-01',
    endDate: null,
    timeZone: 'America/Chicago',
    rates: [
      {
        tariffRateId: 9200041,
        rateGroupName: 'Energy',
        rateName: 'Energy 2020',
        chargeType: 'CONSUMPTION_BASED',
        toDateTime: '2021-01-01T00:00:00-06:00',
        rateBands: band(9200051, 0.1),
      },
      {
        tariffRateId: 9200042,
        rateGroupName: 'Energy',
        rateName: 'Energy 2021',
        chargeType: 'CONSUMPTION_BASED',
        fromDateTime: '2021-01-01T00:00:00-06:00',
        rateBands: band(9200052, 0.3),
      },
    ],
  },
];

/** July 2020 hour by hour: 1 kWh drawn, except 10 am - 2 pm, when the panels send 7 kWh net (4 x 31 = 124 hours). */
const julySolar = Array.from({ length: 744 }, (_, h) => (h % 24 >= 10 && h % 24 < 14 ? -7 : 1));

for (const dialect of dialects) {
  describe(`export rules and bill truth over the API on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const { post, ok, refused } = calculateClient(
      () => t,
      () => c,
    );
    const calc = (body: object) => ok(body, '/rest/v1/ondemand/calculate?fields=ext');
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal', 'enterprise']);
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify(tariffs)]), 'export-rules.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
    });
    after(() => t.close());

    it("shows a tariff's export rules, defaults filled in, and null where it names none", async () => {
      const nm = (await t.json(`/rest/public/tariffs/${NM}`, c)).results[0];
      assert.deepEqual(
        [nm.exportArrangement, nm.trueUpMonth, nm.yearEndSellRate, nm.yearEndCreditPaid, nm.hasNetMetering],
        ['NET_METERING', 8, 0.05, false, true],
      );
      const dated = (await t.json(`/rest/public/tariffs/${DATED}`, c)).results[0];
      assert.deepEqual(
        [dated.exportArrangement, dated.trueUpMonth, dated.yearEndSellRate, dated.yearEndCreditPaid],
        [null, null, null, null],
      );
    });

    it("bills net metering with kWh rolled over and trued up in the tariff's month", async () => {
      // July: 620 h x 1 kWh drawn, 124 h x 7 kWh sent = 868; netted for the month: -248 kWh, no energy charge, 248 kWh
      // of credit carried out. 10.00 fixed.
      // August (the true-up month): 0.1 kWh every hour = 74.4 kWh, all met by the credit; 248 - 74.4 = 173.6 kWh
      // left, paid at the year-end rate 0.05 = -8.68. 10.00 - 8.68 = 1.32. Both months: 11.32.
      const values = [...julySolar, ...Array(744).fill(0.1)];
      const r = await calc({
        masterTariffId: NM,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-09-01',
        billingPeriod: true,
        propertyInputs: [{ keyName: 'consumption', dataSeries: values, duration: 3_600_000 }],
      });
      assert.equal(r.totalCost, 11.32);
      const quantity = (key: string) =>
        r.items
          .filter((i: { quantityKey: string }) => i.quantityKey === key)
          .map((i: { itemQuantity: number; cost: number }) => [i.itemQuantity, i.cost]);
      // August's leftover is carried out of the period, then settled by the true-up.
      assert.deepEqual(quantity('kWhCreditOut'), [
        [248, 0],
        [173.6, 0],
      ]);
      assert.deepEqual(quantity('kWhCreditIn'), [[248, 0]]);
      assert.deepEqual(quantity('trueUpKwh'), [[173.6, -8.68]]);
      assert.ok(
        r.assumptions.some((a: { keyName: string }) => a.keyName === 'exportCredit'),
        'no credit is carried into the range: said',
      );
    });

    it('lets a calculation override the arrangement, and names a bad term', async () => {
      const july = {
        masterTariffId: NM,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        propertyInputs: [{ keyName: 'consumption', dataSeries: julySolar, duration: 3_600_000 }],
      };
      // Net billing without a SELL rate: 620 kWh drawn x 0.20 = 124.00 + 10.00; the 868 kWh sent earn nothing, and
      // the bill says so.
      const billing = await calc({ ...july, exportArrangement: 'NET_BILLING' });
      assert.equal(billing.totalCost, 134);
      assert.ok(billing.assumptions.some((a: { description: string }) => /not credited/.test(a.description)));
      // The same override in a mass calculation's shared scenario reaches every scenario.
      const mass = await post('/rest/v1/ondemand/calculate/mass', {
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        sharedScenario: { masterTariffId: NM, exportArrangement: 'NET_BILLING' },
        scenarios: [{ scenarioName: 'solar', propertyInputs: july.propertyInputs }],
      });
      assert.equal(mass.status, 200, JSON.stringify(mass.body));
      assert.equal(mass.body.results[0].scenarios.solar.totalCost, 134);
      await refused({ ...july, exportArrangement: 'NEM' }, 'exportArrangement');
      await refused({ ...july, trueUpMonth: 13 }, 'trueUpMonth');
      await refused({ ...july, yearEndSellRate: -0.01 }, 'yearEndSellRate');
      await refused(
        { fromDateTime: '2020-07-01', toDateTime: '2020-08-01', scenarios: [{ ...july, trueUpMonth: 0 }] },
        'scenarios[0].trueUpMonth',
        '/rest/v1/ondemand/calculate/mass',
      );
    });

    it('refuses a property input no one knows, accepts a property key the tariff does not use, and says when no usage was given', async () => {
      const base = { masterTariffId: NM, fromDateTime: '2020-07-01', toDateTime: '2020-08-01' };
      await refused(
        {
          ...base,
          propertyInputs: [
            { keyName: 'consumption', dataValue: 100 },
            { keyName: 'consumtion', dataValue: 500 },
          ],
        },
        'propertyInputs[1].keyName',
      );
      const known = await calc({
        ...base,
        propertyInputs: [
          { keyName: 'consumption', dataValue: 100 },
          { keyName: 'isLowIncomeSeniorCitizen953', dataValue: true },
        ],
      });
      assert.equal(known.totalCost, 30, '100 kWh x 0.20 + 10.00');
      // Nothing at all: the fixed charge, and a bill that says its usage was not given.
      const empty = await calc(base);
      assert.equal(empty.totalCost, 10);
      const said = empty.assumptions.find((a: { keyName: string }) => a.keyName === 'consumption');
      assert.deepEqual([said?.dataValue, said?.accuracy, empty.accuracy], ['0', 25, 25]);
    });

    it("bills time before the first version on it, saying so, and prices tariffEffectiveOn's rates over the whole range", async () => {
      // May 2020 is before the version (June 1): 2020-05-01 to 2020-07-01, 100 kWh a month by totals, 0.10: 20.00
      // (May was billed nothing before).
      const early = await calc({
        masterTariffId: DATED,
        fromDateTime: '2020-05-01',
        toDateTime: '2020-07-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 200 }],
      });
      assert.equal(early.totalCost, 20);
      const said = early.assumptions.find((a: { keyName: string }) => a.keyName === 'tariffEffectiveOn');
      assert.deepEqual(
        [said?.dataValue, said?.fromDateTime?.slice(0, 10), said?.toDateTime?.slice(0, 10), said?.accuracy],
        ['9200012', '2020-05-01', '2020-06-01', 75],
      );
      // A range wholly outside every version stays a 400.
      await refused(
        {
          masterTariffId: DATED,
          fromDateTime: '2019-01-01',
          toDateTime: '2019-02-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: 1 }],
        },
        'fromDateTime',
      );
      // tariffEffectiveOn 2021-03-01: the 2021 price (0.30) over July 2020; 500 kWh = 150.00. Before, the 2021 rate
      // was cut to its own dates and the 2020 one dropped: 0.00.
      const fixed = await calc({
        masterTariffId: DATED,
        fromDateTime: '2020-07-01',
        toDateTime: '2020-08-01',
        tariffEffectiveOn: '2021-03-01',
        propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
      });
      assert.equal(fixed.totalCost, 150);
      // Without it, July 2020 is priced as dated: 0.10 x 500 = 50.00.
      assert.equal(
        (
          await calc({
            masterTariffId: DATED,
            fromDateTime: '2020-07-01',
            toDateTime: '2020-08-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
          })
        ).totalCost,
        50,
      );
    });
  });
}
