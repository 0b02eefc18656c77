import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`ZIP codes on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials();
    });
    after(() => t.close());

    it('loads every US ZIP code from the GeoNames data', async () => {
      const body = (await t.get('/rest/public/zipcodes?pageCount=1', c)).json();
      assert.ok(body.count > 41000, `count ${body.count}`);
    });

    it("answers one ZIP code with the recorded sample's fields and values from the data", async (ctx) => {
      const recorded = readRecorded('zipcode.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const res = await t.get(recorded.request.path, c);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      const expected = recorded.response.results[0];
      assert.deepEqual(Object.keys(body.results[0]).sort(), Object.keys(expected).sort());
      assert.equal(body.type, 'Zipcode');
      const z = body.results[0];
      for (const k of [
        'state',
        'timeZone',
        'zipcode',
        'city',
        'county',
        'dayLightSaving',
        'cityMixedCase',
        'stateAnsi',
        'countyAnsi',
      ])
        assert.equal(z[k], expected[k], k);
      assert.ok(Math.abs(z.latitude - expected.latitude) < 0.05 && Math.abs(z.longitude - expected.longitude) < 0.05);
      // What GeoNames does not carry stays null rather than invented.
      for (const k of [
        'areaCode',
        'cityType',
        'cityAliasAbbreviation',
        'elevation',
        'classificationCode',
        'cityAliasMixedCase',
      ])
        assert.equal(z[k], null, k);
    });

    it('knows where daylight saving time is not observed', async () => {
      const zone = async (zip: string) => (await t.get(`/rest/public/zipcodes/${zip}`, c)).json().results[0];
      assert.deepEqual([(await zone('85004')).timeZone, (await zone('85004')).dayLightSaving], [7, false], 'Phoenix');
      assert.equal((await zone('86044')).dayLightSaving, true, 'Tonalea, on the Navajo Nation');
      assert.deepEqual([(await zone('96813')).timeZone, (await zone('96813')).dayLightSaving], [10, false], 'Honolulu');
      assert.deepEqual([(await zone('10001')).timeZone, (await zone('10001')).dayLightSaving], [5, true], 'New York');
      assert.equal((await zone('94110')).timeZone, 8);
      assert.equal(
        (await zone('92363')).dayLightSaving,
        true,
        'Needles, CA, on the Arizona border, keeps Pacific time',
      );
    });

    it('400 for a value that is not five digits, 404 for an unknown one', async () => {
      for (const bad of ['1234', '123456', 'abcde', '9411O']) {
        const res = await t.get(`/rest/public/zipcodes/${bad}`, c);
        assert.equal(res.statusCode, 400, bad);
        assert.equal(res.json().results[0].propertyName, 'zipCode');
      }
      const missing = await t.get('/rest/public/zipcodes/00000', c);
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().results[0].objectName, 'Zipcode');
    });

    it('lists by prefix, state, city and county search, with paging and sort', async () => {
      const sf = (await t.get('/rest/public/zipcodes?zipCode=941&pageCount=100', c)).json();
      assert.ok(
        sf.count >= 30 && sf.results.every((z: { zipcode: string }) => z.zipcode.startsWith('941')),
        String(sf.count),
      );
      const oakland = (
        await t.get('/rest/public/zipcodes?search=oakland&searchOn=city&state=CA&pageCount=100', c)
      ).json();
      assert.ok(oakland.count >= 10);
      assert.ok(
        oakland.results.every((z: { city: string; state: string }) => z.city === 'OAKLAND' && z.state === 'CA'),
      );
      const county = (
        await t.get(
          '/rest/public/zipcodes?search=MARICOPA&searchOn=county&startsWith=true&endsWith=true&pageCount=1',
          c,
        )
      ).json();
      assert.ok(county.count > 100);
      const desc = (
        await t.get('/rest/public/zipcodes?state=RI&sortOn=zipcode&sortOrder=DESC&pageStart=1&pageCount=2', c)
      ).json();
      assert.equal(desc.pageStart, 1);
      assert.equal(desc.results.length, 2);
      assert.ok(desc.results[0].zipcode > desc.results[1].zipcode);
      assert.equal((await t.get('/rest/public/zipcodes?zipCode=9x', c)).json().results[0].propertyName, 'zipCode');
      assert.equal((await t.get('/rest/public/zipcodes?state=California', c)).json().results[0].propertyName, 'state');
      assert.equal((await t.get('/rest/public/zipcodes?sortOn=elevation', c)).json().results[0].propertyName, 'sortOn');
    });

    it('needs credentials', async () => {
      assert.equal((await t.inject({ method: 'GET', url: '/rest/public/zipcodes/94110' })).statusCode, 401);
    });
  });
}
