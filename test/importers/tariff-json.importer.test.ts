// The original API's tariff JSON, ids kept: the recorded Georgia Power tariff 512 (read in place from
// ../shared/reference), a new tariff with a new LSE, and the records that cannot be stored, on both engines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importTariffJson } from '../../src/importers/tariff-json.importer.ts';
import { dialects } from '../helpers/dialects.ts';
import { referencePath } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const FILE = referencePath('genability-recorded', 'tariff-512-with-rates-2016.json');
const body = (value: unknown) => Readable.from([JSON.stringify(value)]);

for (const dialect of dialects) {
  describe(`original-API tariff JSON importer on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2016-07-01T12:00:00Z') });
    });
    after(() => t.close());

    it('imports the recorded tariff 512 with its ids, answers it as recorded, and a second import changes nothing', async (ctx) => {
      if (!FILE) return ctx.skip('../shared/reference is absent');
      const recorded = JSON.parse(readFileSync(FILE, 'utf8')).response.results[0];
      // The starter data holds the same version (without an import hash): it is replaced by the file's.
      const first = await importTariffJson(t.db, Readable.from([readFileSync(FILE)]), 'tariff-512.json');
      assert.deepEqual([first.records, first.created + first.updated, first.skipped], [1, 1, []]);
      const got = (
        await t.json('/rest/public/tariffs/512?populateRates=true&populateProperties=true', await t.credentials())
      ).results[0];
      assert.deepEqual(
        [got.tariffId, got.masterTariffId, got.tariffCode, got.timeZone, got.customerCount, got.territoryId],
        [3244437, 512, 'R-22', 'US/Eastern', 2028231, 3114],
      );
      assert.equal(got.rates.length, recorded.rates.length);
      for (const r of recorded.rates) {
        const mine = got.rates.find((x: { tariffRateId: number }) => x.tariffRateId === r.tariffRateId);
        assert.deepEqual(
          [
            mine.rateName,
            mine.fromDateTime,
            mine.rateBands.map((b: { tariffRateBandId: number; rateAmount: number }) => [
              b.tariffRateBandId,
              b.rateAmount,
            ]),
          ],
          [
            r.rateName,
            r.fromDateTime,
            r.rateBands.map((b: { tariffRateBandId: number; rateAmount: number }) => [
              b.tariffRateBandId,
              b.rateAmount,
            ]),
          ],
          `rate ${r.tariffRateId}`,
        );
      }
      assert.deepEqual(
        got.properties.map((p: { keyName: string }) => p.keyName),
        recorded.properties.map((p: { keyName: string }) => p.keyName),
      );
      const again = await importTariffJson(t.db, Readable.from([readFileSync(FILE)]), 'tariff-512.json');
      assert.equal(again.unchanged, 1);
    });

    it('creates a tariff of a new LSE with its season and keys, and bills it', async () => {
      const tariff = {
        tariffId: 9100002,
        masterTariffId: 9100001,
        tariffName: 'Imported flat',
        lseId: 9100003,
        lseName: 'Test Electric Co',
        tariffType: 'DEFAULT',
        customerClass: 'RESIDENTIAL',
        effectiveDate: '2020-01-01',
        endDate: null,
        timeZone: 'America/Chicago',
        chargeTypes: 'FIXED_PRICE,CONSUMPTION_BASED',
        properties: [
          {
            keyName: 'testImportedChoice',
            displayName: 'Test choice',
            dataType: 'CHOICE',
            propertyTypes: 'RATE_CRITERIA',
            operator: '=',
            propertyValue: 'A',
            isDefault: true,
            choices: [
              { displayValue: 'A', value: 'A', dataValue: 'A' },
              { displayValue: 'B', value: 'B', dataValue: 'B' },
            ],
          },
        ],
        rates: [
          {
            tariffRateId: 9100011,
            tariffId: 9100002,
            rateGroupName: 'Fixed',
            rateName: 'Customer charge',
            chargeType: 'FIXED_PRICE',
            chargePeriod: 'MONTHLY',
            rateBands: [{ tariffRateBandId: 9100021, rateAmount: 12 }],
          },
          {
            tariffRateId: 9100012,
            tariffId: 9100002,
            rateGroupName: 'Energy',
            rateName: 'Summer energy',
            chargeType: 'CONSUMPTION_BASED',
            season: {
              seasonId: 9100031,
              lseId: 9100003,
              seasonGroupId: 1,
              seasonName: 'Summer',
              seasonFromMonth: 6,
              seasonFromDay: 1,
              seasonToMonth: 9,
              seasonToDay: 30,
            },
            applicabilityKey: 'testImportedChoice',
            rateBands: [
              { tariffRateBandId: 9100022, rateAmount: 0.1, applicabilityValue: 'A' },
              { tariffRateBandId: 9100023, rateAmount: 0.2, applicabilityValue: 'B' },
            ],
          },
        ],
      };
      const s = await importTariffJson(
        t.db,
        body({ status: 'success', count: 1, type: 'Tariff', results: [tariff] }),
        'new.json',
      );
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 9100001,
          fromDateTime: '2020-07-01',
          toDateTime: '2020-08-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
        },
      });
      // 12 + 500 kWh x 0.10 (choice A, the default) = 62.00.
      assert.equal(res.json().results[0].totalCost, 62, res.body);
      assert.equal(
        (await t.json('/rest/public/lses/9100003', await t.credentials())).results[0].name,
        'Test Electric Co',
      );
      assert.equal(
        (await t.json('/rest/public/properties/testImportedChoice', await t.credentials())).results[0].choices.length,
        2,
      );
    });

    it('reads from when a new solar customer gets the export arrangement, and answers it', async () => {
      const s = await importTariffJson(
        t.db,
        body([
          {
            tariffId: 9100202,
            masterTariffId: 9100201,
            tariffName: 'Imported net billing',
            lseId: 9100003,
            lseName: 'Test Electric Co',
            customerClass: 'RESIDENTIAL',
            effectiveDate: '2024-01-01',
            timeZone: 'America/Los_Angeles',
            exportArrangement: 'NET_BILLING_CARRYOVER',
            exportArrangementFrom: '2023-04-15',
            rates: [
              {
                tariffRateId: 9100211,
                chargeType: 'FIXED_PRICE',
                chargePeriod: 'MONTHLY',
                rateBands: [{ tariffRateBandId: 9100221, rateAmount: 10 }],
              },
            ],
          },
        ]),
        'net-billing.json',
      );
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
      const [read] = (await t.json('/rest/public/tariffs/9100201', await t.credentials())).results;
      assert.equal(read.exportArrangement, 'NET_BILLING_CARRYOVER');
      assert.equal(read.exportArrangementFrom, '2023-04-15');
    });

    it('skips a tariff it cannot store faithfully, with the reason, and stores nothing of it', async () => {
      const base = {
        tariffId: 9100102,
        masterTariffId: 9100101,
        tariffName: 'Broken',
        lseId: 2756,
        effectiveDate: '2020-01-01',
        timeZone: 'America/New_York',
      };
      const s = await importTariffJson(
        t.db,
        body([
          {
            ...base,
            rates: [
              {
                tariffRateId: 9100111,
                chargeType: 'CONSUMPTION_BASED',
                timeOfUse: { touId: 987654 },
                rateBands: [{ tariffRateBandId: 9100121, rateAmount: 0.1 }],
              },
            ],
          },
          {
            ...base,
            tariffId: 9100103,
            rates: [
              {
                tariffRateId: 17471831,
                chargeType: 'FIXED_PRICE',
                rateBands: [{ tariffRateBandId: 9100122, rateAmount: 1 }],
              },
            ],
          },
          { ...base, tariffId: 9100104, timeZone: 'Eastern' },
          {
            ...base,
            tariffId: 9100105,
            rates: [{ tariffRateId: 9100112, chargeType: 'FIXED_PRICE', rateBands: [{ rateAmount: 1 }] }],
          },
          { ...base, tariffId: 9100106, exportArrangement: 'NEM2' },
          { ...base, tariffId: 9100107, exportArrangement: 'NET_METERING', trueUpMonth: 13 },
          { ...base, tariffId: 9100108, exportArrangement: 'NET_METERING', yearEndSellRate: '0.04' },
          { ...base, tariffId: 9100109, exportArrangement: 'NET_BILLING_CARRYOVER', yearEndCreditPaid: 'yes' },
          { ...base, tariffId: 9100110, exportArrangementFrom: '2023-04-15' },
          { ...base, tariffId: 9100113, exportArrangement: 'NET_BILLING', exportArrangementFrom: 'April 2023' },
        ]),
        'broken.json',
      );
      assert.deepEqual(
        s.skipped.map((x) => x.reason),
        [
          "rate 9100111 names time of use 987654, which is not stored (its group's periods are not in a tariff's JSON)",
          'rate id 17471831 belongs to tariff 3244437',
          'timeZone "Eastern" is not an IANA time zone',
          'a band of rate 9100112 has no tariffRateBandId',
          'exportArrangement "NEM2" is not one of NET_METERING, NET_BILLING, NET_BILLING_CARRYOVER, BUY_ALL_SELL_ALL',
          'trueUpMonth 13 is not a month 1-12',
          'yearEndSellRate "0.04" is not a price 0-100 per kWh',
          'yearEndCreditPaid "yes" is not true or false',
          'exportArrangementFrom names when a new solar customer gets the exportArrangement: give that too',
          'exportArrangementFrom "April 2023" is not a date',
        ],
      );
      assert.equal(
        (await t.db.kysely.selectFrom('tariffs').select('tariff_id').where('master_tariff_id', '=', 9100101).execute())
          .length,
        0,
      );
    });
  });
}
