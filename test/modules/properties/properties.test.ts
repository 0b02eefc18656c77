import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import { LookupsRepository } from '../../../src/domain/properties/lookups.repository.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

const HOUR = 3_600_000;
const value = (from: number, to: number, v: number) => ({
  from_time: from,
  to_time: to,
  best_value: v,
  actual_value: v,
  best_accuracy: null,
  lse_forecast_value: null,
  lse_forecast_accuracy: null,
  forecast_value: null,
  forecast_accuracy: null,
});

for (const dialect of dialects) {
  describe(`property keys and lookups on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:30:00Z') });
      c = await t.credentials();
      // A LOOKUP key of PG&E (Pacific time) with two sub keys, and a gap in one of them.
      await t.db.kysely
        .insertInto('property_keys')
        .values({
          key_name: 'testZonePrice',
          sub_key_name: null,
          display_name: 'Test zone price',
          family: 'hourly',
          keyspace: 'market',
          description: 'test',
          data_type: 'LOOKUP',
          quantity_unit: null,
          formula_detail: null,
          lookback_interval_quantity: null,
          lookback_quantity: null,
          lookback_period: null,
          lookback_tou_id: null,
          lookback_season_id: null,
          entity_id: 734,
          entity_type: 'LSE',
          privacy: 'PUBLIC',
          source: 'test',
        })
        .execute();
      const repo = new LookupsRepository(t.db);
      const start = Date.parse('2026-03-08T00:00:00-08:00');
      await t.db.kysely.transaction().execute(async (trx) => {
        await repo.replace(
          trx,
          'testZonePrice',
          'NP15',
          Array.from({ length: 48 }, (_, i) => value(start + i * HOUR, start + (i + 1) * HOUR, i)),
          1000,
        );
        await repo.replace(
          trx,
          'testZonePrice',
          'SP15',
          [value(start, start + 2 * HOUR, 10), value(start + 3 * HOUR, start + 4 * HOUR, 20)],
          2000,
        );
      });
    });
    after(() => t.close());

    it('answers a key as the recorded original', async (ctx) => {
      const recorded = readRecorded('property-one.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const got = (await t.json(recorded.request.path, c)).results[0];
      const expected = recorded.response.results[0];
      for (const k of Object.keys(expected)) {
        if (k === 'choices')
          assert.deepEqual(
            got.choices.map((x: { value: string; displayValue: string }) => ({
              value: x.value,
              displayValue: x.displayValue,
            })),
            expected.choices,
          );
        else assert.deepEqual(got[k], expected[k], k);
      }
      assert.equal(got.quantityUnit, undefined, 'E fields only with fields=ext');
      assert.equal((await t.json('/rest/public/properties/consumption?fields=ext', c)).results[0].quantityUnit, 'kWh');
    });

    // Issue #39: the original's TypeScript SDK compares the demand key field by field (its property-key-api.test.ts).
    it("answers the demand key as the original's SDK expects it", async () => {
      const demand = (await t.json('/rest/public/properties/demand', c)).results[0];
      assert.deepEqual(demand, {
        dataType: 'DEMAND',
        description: 'Quantity in kW of load that is used for a given period',
        displayName: 'Demand (kW)',
        family: 'load',
        keyName: 'demand',
        keyspace: 'electricity',
      });
    });

    it("knows the original's standard account keys (customerClass with its choices, territoryId, ...)", async () => {
      const customerClass = (await t.json('/rest/public/properties/customerClass', c)).results[0];
      assert.equal(customerClass.dataType, 'CHOICE');
      assert.deepEqual(
        customerClass.choices.map((x: { value: string }) => x.value),
        ['RESIDENTIAL', 'GENERAL', 'SPECIAL_USE'],
      );
      for (const [keyName, dataType] of [
        ['territoryId', 'INTEGER'],
        ['lseId', 'INTEGER'],
        ['masterTariffId', 'INTEGER'],
        ['buildingArea', 'DECIMAL'],
        ['hasElectricVehicle', 'BOOLEAN'],
        ['cityLimits', 'CHOICE'],
      ])
        assert.equal((await t.json(`/rest/public/properties/${keyName}`, c)).results[0].dataType, dataType, keyName);
    });

    it('filters keys by data type, family, keyspace and entity (entityId and entityType only together)', async () => {
      const names = async (q: string) =>
        (await t.json(`/rest/public/properties?${q}&pageCount=100`, c)).results.map(
          (k: { keyName: string }) => k.keyName,
        );
      assert.deepEqual(await names('dataType=choice'), [
        'baseServicesChargeIncomeTier',
        'baselineAllowanceType',
        'buildingTypeCommercial',
        'buildingTypeResidential',
        'buildingVintageCommercial',
        'buildingVintageResidential',
        'cityLimits',
        'connectionType',
        'customerClass',
      ]);
      assert.deepEqual(await names('family=load'), ['consumption', 'demand']);
      assert.deepEqual(await names('keySpace=customer'), [
        'baseServicesChargeIncomeTier',
        'baselineAllowanceType',
        'buildingArea',
        'buildingTypeCommercial',
        'buildingTypeResidential',
        'buildingVintageCommercial',
        'buildingVintageResidential',
        'customerClass',
        'hasElectricVehicle',
        'isLowIncomeSeniorCitizen953',
      ]);
      assert.deepEqual(await names('entityId=734&entityType=LSE'), [
        '734formula10',
        // PG&E's Solar Billing Plan export prices (#37): one LOOKUP key per component and vintage.
        ...['Delivery', 'Generation'].flatMap((part) =>
          ['2023', '2024', '2025', '2026', 'Floating'].map((v) => `pgeNbtExport${part}${v}`),
        ),
        'testZonePrice',
      ]);
      assert.equal((await names('entityId=734')).length, (await names('')).length, 'entityId alone is ignored');
      assert.deepEqual(await names('excludeGlobal=true'), [
        '734formula10',
        'fuelCostRecoverySecondaryDistributionSummer',
        'fuelCostRecoverySecondaryDistributionWinter',
        'hecoOahuEnergyCostAdjustment',
        'municipalFranchiseFeeInsideCityLimits',
        'municipalFranchiseFeeOutsideCityLimits',
        ...['Delivery', 'Generation'].flatMap((part) =>
          ['2023', '2024', '2025', '2026', 'Floating'].map((v) => `pgeNbtExport${part}${v}`),
        ),
        'testZonePrice',
      ]);
      assert.deepEqual(
        await names('entityId=2756&entityType=LSE&dataType=LOOKUP'),
        [
          'fuelCostRecoverySecondaryDistributionSummer',
          'fuelCostRecoverySecondaryDistributionWinter',
          'municipalFranchiseFeeInsideCityLimits',
          'municipalFranchiseFeeOutsideCityLimits',
        ],
        "the lookup keys Georgia Power's tariff 512 names",
      );
      assert.deepEqual(await names('search=price&searchOn=keyName,displayName&sortOn=keyName&sortOrder=DESC'), [
        'testZonePrice',
        'sampleHourlyPrice',
        // "... Solar Billing Plan export price ..." in their display names, by key name descending.
        ...['Generation', 'Delivery'].flatMap((part) =>
          ['Floating', '2026', '2025', '2024', '2023'].map((v) => `pgeNbtExport${part}${v}`),
        ),
      ]);
      const formula = (await t.json('/rest/public/properties/734formula10', c)).results[0];
      assert.equal(formula.formulaDetail, '#capacityReservationLevel  -  #demand');
      assert.deepEqual(
        (await t.json('/rest/public/properties/testZonePrice', c)).results[0].choices.map(
          (x: { value: string }) => x.value,
        ),
        ['NP15', 'SP15'],
        "a LOOKUP key's choices are its sub keys",
      );
    });

    it("returns the values overlapping a range, in the key's local time across DST", async () => {
      const body = await t.json(
        '/rest/public/properties/testZonePrice/lookups?subKeyName=NP15&fromDateTime=2026-03-08T01:30&toDateTime=2026-03-08T04:00&pageCount=10',
        c,
      );
      assert.equal(body.type, 'PropertyLookup');
      assert.deepEqual(
        body.results.map((l: { fromDateTime: string; actualValue: number }) => `${l.fromDateTime} ${l.actualValue}`),
        [
          '2026-03-08T01:00:00 1',
          '2026-03-08T03:00:00 2', // 02:00 does not exist on the spring-forward day
        ],
      );
      const all = await t.json(
        '/rest/public/properties/testZonePrice/lookups?fromDateTime=2026-03-08T00:00&toDateTime=2026-03-08T01:00',
        c,
      );
      assert.deepEqual(
        all.results.map((l: { subKeyName: string }) => l.subKeyName),
        ['NP15', 'SP15'],
        'every sub key without subKeyName',
      );
      const legacy = await t.json(
        '/rest/public/properties/lookups?keyName=testZonePrice&subKeyName=SP15&fromDateTime=2026-03-08T00:00&toDateTime=2026-03-09T00:00',
        c,
      );
      assert.deepEqual(
        legacy.results.map((l: { propertyKey: string; actualValue: number }) => [l.propertyKey, l.actualValue]),
        [
          ['testZonePrice', 10],
          ['testZonePrice', 20],
        ],
      );
    });

    it("takes propertyKey and subPropertyKey, the original SDKs' names, on the deprecated list", async () => {
      const range = 'fromDateTime=2026-03-08T00:00&toDateTime=2026-03-09T00:00';
      const byKeyName = await t.json(
        `/rest/public/properties/lookups?keyName=testZonePrice&subKeyName=SP15&${range}`,
        c,
      );
      const bySdkNames = await t.json(
        `/rest/public/properties/lookups?propertyKey=testZonePrice&subPropertyKey=SP15&${range}`,
        c,
      );
      assert.deepEqual(bySdkNames.results, byKeyName.results);
      assert.deepEqual(
        bySdkNames.results.map((l: { actualValue: number }) => l.actualValue),
        [10, 20],
        'subPropertyKey selects SP15 alone',
      );
      const agreeing = await t.json(
        `/rest/public/properties/lookups?keyName=testZonePrice&propertyKey=testZonePrice&subPropertyKey=SP15&${range}`,
        c,
      );
      assert.equal(agreeing.count, 2);
      for (const [query, name] of [
        ['keyName=testZonePrice&propertyKey=sampleHourlyPrice', 'propertyKey'],
        ['propertyKey=testZonePrice&subKeyName=NP15&subPropertyKey=SP15', 'subPropertyKey'],
      ]) {
        const res = await t.get(`/rest/public/properties/lookups?${query}&${range}`, c);
        assert.deepEqual([res.statusCode, res.json().results[0].propertyName], [400, name], query);
      }
      assert.equal((await t.get(`/rest/public/properties/lookups?propertyKey=noSuchKey&${range}`, c)).statusCode, 404);
    });

    it('defaults to the last 72 hours, and to 72 hours after a fromDateTime alone', async () => {
      const recent = await t.json('/rest/public/properties/sampleHourlyPrice/lookups?pageCount=100', c);
      assert.equal(recent.count, 73, 'the hours overlapping 2026-11-19T12:30Z .. 2026-11-22T12:30Z');
      assert.equal(recent.results[0].fromDateTime, '2026-11-19T12:00:00');
      const after = await t.json(
        '/rest/public/properties/sampleHourlyPrice/lookups?fromDateTime=2025-01-01T00:00Z&pageCount=1',
        c,
      );
      assert.equal(after.count, 72);
    });

    it('computes statistics, in milliseconds', async () => {
      const np = (await t.json('/rest/public/properties/testZonePrice/stats?subKeyName=NP15', c)).results[0];
      assert.deepEqual(
        { ...np },
        {
          keyName: 'testZonePrice',
          minFromDateTime: Date.parse('2026-03-08T00:00:00-08:00'),
          maxToDateTime: Date.parse('2026-03-08T00:00:00-08:00') + 48 * HOUR,
          lookupCount: 48,
          meanValue: 23.5,
          totalDuration: 48 * HOUR,
          meanDuration: HOUR,
          missingDuration: 0,
          lastUpdatedDate: 1000,
        },
      );
      const all = (await t.json('/rest/public/properties/testZonePrice/stats', c)).results[0];
      assert.equal(all.lookupCount, 50);
      assert.equal(all.totalDuration, 51 * HOUR);
      assert.equal(all.missingDuration, -3 * HOUR, 'two sub keys overlap in time: negative');
      assert.equal(all.lastUpdatedDate, 2000);
      const sp = (await t.json('/rest/public/properties/testZonePrice/stats?subKeyName=SP15', c)).results[0];
      assert.equal(sp.missingDuration, HOUR, 'the gap between the two SP15 values');
      const empty = (await t.json('/rest/public/properties/consumption/stats', c)).results[0];
      assert.deepEqual([empty.lookupCount, empty.meanValue, empty.minFromDateTime], [0, null, null]);
    });

    it('replaces overlapping values and keeps statistics in step', async () => {
      const repo = new LookupsRepository(t.db);
      const start = Date.parse('2026-03-08T00:00:00-08:00');
      await t.db.kysely
        .transaction()
        .execute((trx) =>
          repo.replace(trx, 'testZonePrice', 'SP15', [value(start + HOUR, start + 5 * HOUR, 99)], 3000),
        );
      const body = await t.json(
        '/rest/public/properties/testZonePrice/lookups?subKeyName=SP15&fromDateTime=2026-03-08&toDateTime=2026-03-09',
        c,
      );
      assert.deepEqual(
        body.results.map((l: { actualValue: number }) => l.actualValue),
        [99],
        'both old values overlapped and were replaced',
      );
      assert.equal(
        (await t.json('/rest/public/properties/testZonePrice/stats?subKeyName=SP15', c)).results[0].lookupCount,
        1,
      );
    });

    it('400 names each bad parameter; 404 for an unknown key', async () => {
      await t.expectBadParameters('/rest/public/properties', c, [
        ['dataType=VECTOR', 'dataType'],
        ['entityId=734&entityType=CITY', 'entityType'],
        ['excludeGlobal=perhaps', 'excludeGlobal'],
        ['sortOn=choices', 'sortOn'],
      ]);
      await t.expectBadParameters('/rest/public/properties/sampleHourlyPrice/lookups', c, [
        ['fromDateTime=soon', 'fromDateTime'],
        ['fromDateTime=2026-01-02&toDateTime=2026-01-01', 'toDateTime'],
        ['pageCount=5000', 'pageCount'],
      ]);
      const missing = await t.get('/rest/public/properties/lookups', c);
      assert.deepEqual([missing.statusCode, missing.json().results[0].propertyName], [400, 'keyName']);
      assert.equal((await t.get('/rest/public/properties/noSuchKey', c)).statusCode, 404);
      assert.equal((await t.get('/rest/public/properties/noSuchKey/lookups', c)).statusCode, 404);
      assert.equal((await t.get('/rest/public/properties/noSuchKey/stats', c)).statusCode, 404);
    });
  });
}

describe('lookup writes', () => {
  it('store a large batch in one call', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const repo = new LookupsRepository(t.db);
      const many = Array.from({ length: 200_000 }, (_, i) => value(i * HOUR, (i + 1) * HOUR, i % 7));
      await t.db.kysely.transaction().execute((trx) => repo.replace(trx, 'big', '', many, 1));
      assert.equal((await repo.stats('big')).lookupCount, 200_000);
    } finally {
      await t.close();
    }
  });
});
