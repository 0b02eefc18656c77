import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

/** Every field the recorded object has, compared; `null` and an absent field are the same in the recording. */
function assertMatches(got: Record<string, unknown>, expected: Record<string, unknown>, where: string) {
  for (const [k, v] of Object.entries(expected)) {
    if (k === 'rateBands' || k === 'rates' || k === 'properties' || k === 'choices' || k === 'applicabilities' || k === 'requiredData' || k === 'eligibility') continue;
    if (k === 'timeZone' || k === 'territoryId') continue; // IANA name; territory not bundled (both documented)
    assert.deepEqual(got[k] ?? null, v ?? null, `${where}.${k}`);
  }
}

for (const dialect of dialects) {
  describe(`tariffs on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials();
    });
    after(() => t.close());

    it('answers Georgia Power\'s tariff 512 with its rates and properties as the recorded original', async (ctx) => {
      const recorded = readRecorded('tariff-512-with-rates-2016.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const body = await t.json(recorded.request.path, c);
      assert.equal(body.type, 'Tariff');
      const got = body.results[0];
      const expected = recorded.response.results[0];
      assertMatches(got, expected, 'tariff');
      assert.equal(got.timeZone, 'America/New_York');
      assert.equal(got.rates.length, expected.rates.length);
      for (const rate of expected.rates) {
        const mine = got.rates.find((r: { tariffRateId: number }) => r.tariffRateId === rate.tariffRateId);
        assert.ok(mine, `rate ${rate.tariffRateId}`);
        assertMatches(mine, rate, `rate ${rate.tariffRateId}`);
        assert.equal(mine.rateBands.length, rate.rateBands.length);
        rate.rateBands.forEach((band: Record<string, unknown>, i: number) => assertMatches(mine.rateBands[i], band, `band ${band.tariffRateBandId}`));
      }
      for (const property of expected.properties) {
        const mine = got.properties.find((p: { keyName: string }) => p.keyName === property.keyName);
        assertMatches(mine, property, `property ${property.keyName}`);
        if (property.choices) assert.deepEqual(mine.choices, property.choices);
      }
    });

    it('lists the version in effect, by LSE, ZIP code, class, type and dates', async () => {
      const ids = async (q: string) => (await t.json(`/rest/public/tariffs?${q}`, c)).results.map((x: { tariffId: number }) => x.tariffId);
      assert.deepEqual(await ids('lseId=2756'), [3244437]);
      assert.deepEqual(await ids('zipCode=30303'), [3244437], 'the tariffs of the LSEs serving Atlanta');
      assert.deepEqual(await ids('zipCode=94110'), []);
      assert.deepEqual(await ids('customerClasses=GENERAL'), []);
      assert.deepEqual(await ids('customerClasses=residential&tariffTypes=DEFAULT&serviceTypes=ELECTRICITY'), [3244437]);
      assert.deepEqual(await ids('effectiveOn=2015-12-31'), [], 'before the version took effect');
      assert.deepEqual(await ids('fromDateTime=2015-06-01&toDateTime=2016-06-01'), [3244437]);
      assert.deepEqual(await ids('isActive=true'), [3244437]);
      assert.deepEqual(await ids('isActive=false'), []);
      assert.deepEqual(await ids('search=resid&masterTariffId=512'), [3244437]);
      const plain = (await t.json('/rest/public/tariffs?lseId=2756', c)).results[0];
      assert.ok(!('rates' in plain) && !('properties' in plain), 'rates and properties only on request');
      assert.equal(plain.isActive, true);
    });

    it('selects the version by effectiveOn', async () => {
      assert.equal((await t.json('/rest/public/tariffs/512?effectiveOn=2016-01-01', c)).results[0].tariffId, 3244437);
      const before = await t.get('/rest/public/tariffs/512?effectiveOn=2015-06-01', c);
      assert.equal(before.statusCode, 404);
      assert.equal(before.json().results[0].propertyName, 'effectiveOn');
      assert.equal((await t.get('/rest/public/tariffs/999', c)).statusCode, 404);
    });

    it('400 names each bad parameter', async () => {
      await t.expectBadParameters('/rest/public/tariffs', c, [
        ['customerClasses=VIP', 'customerClasses'],
        ['tariffTypes=CHEAP', 'tariffTypes'],
        ['serviceTypes=WATER', 'serviceTypes'],
        ['effectiveOn=soon', 'effectiveOn'],
        ['fromDateTime=2016-01-01', 'toDateTime'],
        ['fromDateTime=2016-02-01&toDateTime=2016-01-01', 'toDateTime'],
        ['effectiveOn=2016-01-01&fromDateTime=2016-01-01&toDateTime=2016-02-01', 'effectiveOn'],
        ['zipCode=3030', 'zipCode'],
        ['populateRates=sometimes', 'populateRates'],
        ['sortOn=rates', 'sortOn'],
      ]);
      await t.expectBadParameters('/rest/public/tariffs/512', c, [['effectiveOn=2016-13-01', 'effectiveOn']]);
      assert.equal((await t.get('/rest/public/tariffs/abc', c)).json().results[0].propertyName, 'masterTariffId');
    });
  });
}
