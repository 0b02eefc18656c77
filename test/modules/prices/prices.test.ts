// Smart price over HTTP on the starter tariffs: TOU with weekends and a holiday, DST, lookups hour by hour, bands,
// locations, the consistency with the bill engine, and bad parameters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

type Change = { name: string; fromDateTime: string; toDateTime: string; rateAmount: number; rateMeanDelta: number };

for (const dialect of dialects) {
  describe(`smart price on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const price = async (q: string) => (await t.json(`/rest/v1/prices/smart?${q}`, c)).results[0];
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2025-07-10T19:00:00Z') });
      c = await t.credentials([]);
    });
    after(() => t.close());

    it('follows a TOU tariff across a weekend and a holiday (Georgia Power TOU-REO, July 1-6, 2016)', async () => {
      const p = await price('masterTariffId=1200001&fromDateTime=2016-07-01&toDateTime=2016-07-06');
      // On-peak 20.3217 cents x (1 + 0.12768 + 0.097357 + 0.016721 rider factors) = 0.252346; off-peak 4.9409 x 1.241758.
      const runs = p.priceChanges.map((x: Change) => [
        x.name,
        x.fromDateTime.slice(5, 16),
        x.toDateTime.slice(5, 16),
        x.rateAmount,
      ]);
      assert.deepEqual(runs, [
        ['Summer Off-Peak', '07-01T00:00', '07-01T14:00', 0.061354],
        ['Summer On-Peak', '07-01T14:00', '07-01T19:00', 0.252346],
        // Saturday, Sunday, and Monday July 4 (holiday calendar 34) are off-peak.
        ['Summer Off-Peak', '07-01T19:00', '07-05T14:00', 0.061354],
        ['Summer On-Peak', '07-05T14:00', '07-05T19:00', 0.252346],
        ['Summer Off-Peak', '07-05T19:00', '07-06T00:00', 0.061354],
      ]);
      // Time-weighted over 120 hours: 10 on-peak.
      const mean = (10 * 0.203217 * 1.241758 + 110 * 0.049409 * 1.241758) / 120;
      assert.ok(Math.abs(p.rateMean - mean) < 1e-6);
      assert.equal(p.detailLevel, 'QUANTITY_KEY');
      assert.ok(Math.abs(p.priceChanges[1].rateMeanDelta - (0.252346 - p.rateMean)) < 1e-5);
      const hourly = await price(
        'masterTariffId=1200001&fromDateTime=2016-07-01&toDateTime=2016-07-06&groupBy=HOUR&pageCount=1000',
      );
      assert.equal(hourly.priceChanges.length, 120, 'HOUR: every hour, even when unchanged');
      const paged = await price(
        'masterTariffId=1200001&fromDateTime=2016-07-01&toDateTime=2016-07-06&groupBy=HOUR&pageStart=14&pageCount=2',
      );
      assert.deepEqual(
        paged.priceChanges.map((x: Change) => x.fromDateTime),
        ['2016-07-01T14:00:00-04:00', '2016-07-01T15:00:00-04:00'],
      );
    });

    it('keeps real hours across a DST change (E-TOU-C, November 1-4, 2025)', async () => {
      const p = await price('masterTariffId=1100102&fromDateTime=2025-11-01&toDateTime=2025-11-04&groupBy=DAY');
      assert.deepEqual(
        p.priceChanges.map((x: Change) => [x.name, x.fromDateTime, x.toDateTime]),
        [
          ['2025-11-01', '2025-11-01T00:00:00-07:00', '2025-11-02T00:00:00-07:00'],
          ['2025-11-02', '2025-11-02T00:00:00-07:00', '2025-11-03T00:00:00-08:00'],
          ['2025-11-03', '2025-11-03T00:00:00-08:00', '2025-11-04T00:00:00-08:00'],
        ],
      );
      // November 2, 25 hours: 5 peak hours at 0.48974 and 20 off-peak at 0.45974, time-weighted.
      assert.ok(Math.abs(p.priceChanges[1].rateAmount - (5 * 0.48974 + 20 * 0.45974) / 25) < 1e-6);
    });

    it('prices a lookup-priced rate hour by hour, and the rates limited to their dates (HECO, January 31 - February 1, 2020)', async () => {
      const p = await price('masterTariffId=1300200&fromDateTime=2020-01-31T20:00&toDateTime=2020-02-01T04:00');
      // January: highest block 0.137121 + energy cost 0.13629 + 0.023027 + 0.007437 + 0.009376 - 0.000019 = 0.313232.
      // February: no energy cost value is loaded and the January-only surcharges end: 0.137121.
      assert.deepEqual(
        p.priceChanges.map((x: Change) => [x.fromDateTime, x.rateAmount]),
        [
          ['2020-01-31T20:00:00-10:00', 0.313232],
          ['2020-02-01T00:00:00-10:00', 0.137121],
        ],
      );
    });

    it('chooses the tier band by consumptionAmount, the highest by default, and the tariff by location', async () => {
      // San Francisco (94110) is PG&E's; its default residential tariff then is E-1; baseline region T from the ZIP.
      const top = await price('zipCode=94110&fromDateTime=2025-07-01&toDateTime=2025-07-02');
      assert.equal(top.masterTariffId, 522);
      assert.equal(top.rateMean, 0.51031);
      assert.equal(
        (await price('zipCode=94110&fromDateTime=2025-07-01&toDateTime=2025-07-02&consumptionAmount=150')).rateMean,
        0.4073,
        '150 kWh is inside 6.5 kWh/day x 31',
      );
      assert.equal(
        (await price('zipCode=94110&fromDateTime=2025-07-01&toDateTime=2025-07-02&consumptionAmount=250')).rateMean,
        0.51031,
      );
      // Without a window: from now (2025-07-10T12:00 in Los Angeles) for three days.
      const now = await price('zipCode=94110');
      assert.deepEqual([now.fromDateTime, now.toDateTime], ['2025-07-10T12:00:00-07:00', '2025-07-13T12:00:00-07:00']);
    });

    it('times a flat kWh per hour equals the energy part of a bill for the same hours (SCE TOU-D-4-9PM)', async () => {
      const p = await price(
        'masterTariffId=1100103&fromDateTime=2026-07-01&toDateTime=2026-07-08&groupBy=HOUR&pageCount=1000',
      );
      const priced = p.priceChanges.reduce((a: number, x: Change) => a + x.rateAmount, 0);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(await t.credentials(['signal'])), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 1100103,
          fromDateTime: '2026-07-01',
          toDateTime: '2026-07-08',
          detailLevel: 'CHARGE_TYPE',
          propertyInputs: [{ keyName: 'consumption', dataSeries: Array(168).fill(1), duration: 3_600_000 }],
        },
      });
      const energy = res
        .json()
        .results[0].items.find((i: { chargeType: string }) => i.chargeType === 'CONSUMPTION_BASED').cost;
      // Items carry 8 decimals, as the prices do.
      assert.ok(Math.abs(priced - energy) < 1e-6, `${priced} vs ${energy}`);
    });

    it('400 names each bad parameter; an unknown tariff or a location without a default tariff is a 404', async () => {
      await t.expectBadParameters('/rest/v1/prices/smart', c, [
        ['', 'masterTariffId'],
        ['masterTariffId=522&fromDateTime=yesterday', 'fromDateTime'],
        ['masterTariffId=522&fromDateTime=2025-07-02&toDateTime=2025-07-01', 'toDateTime'],
        ['masterTariffId=522&fromDateTime=2025-07-01&toDateTime=2025-09-01', 'toDateTime'],
        ['masterTariffId=522&fromDateTime=2025-07-01&groupBy=WEEK', 'groupBy'],
        ['masterTariffId=522&fromDateTime=2025-07-01&customerClass=ROYAL', 'customerClass'],
        ['masterTariffId=522&fromDateTime=2025-07-01&consumptionAmount=-5', 'consumptionAmount'],
        ['masterTariffId=522&fromDateTime=2025-07-01&territoryId=0', 'territoryId'],
        ['masterTariffId=522&fromDateTime=2010-07-01', 'fromDateTime'],
        ['masterTariffId=abc', 'masterTariffId'],
        ['zipCode=9411', 'zipCode'],
      ]);
      assert.equal((await t.get('/rest/v1/prices/smart?masterTariffId=999', c)).statusCode, 404);
      const nothing = await t.get('/rest/v1/prices/smart?zipCode=75001&fromDateTime=2025-07-01', c);
      assert.deepEqual(
        [nothing.statusCode, nothing.json().results[0].propertyName],
        [404, 'zipCode'],
        'Oncor and TXU serve it; no tariff is bundled for them',
      );
      assert.equal(
        (await t.inject({ method: 'GET', url: '/rest/v1/prices/smart?masterTariffId=522' })).statusCode,
        401,
      );
    });
  });
}
