// Savings by region (the retired alpha open savings) from Ratebook's own data: a place's typical home on its
// default tariff with a PV system sized to 80 % of its year; unknowns null; sources named.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

for (const dialect of dialects) {
  describe(`open savings by region on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials([]);
    });
    after(() => t.close());

    it("answers a place's region savings with ratings, cost maps and attribution", async () => {
      const r = await t.json('/rest/alpha/open/region?zipCode=94110&sEcho=7', c);
      assert.deepEqual(
        [r.type, r.count, r.sEcho, r.iTotalRecords, r.iTotalDisplayRecords],
        ['RegionSavings', 1, '7', 1, 1],
      );
      const s = r.results[0];
      assert.equal(s.cityKey, 94110);
      assert.equal(s.region, 'San Francisco, CA');
      assert.equal(s.regionType, 'city');
      // San Francisco's weather makes about 1,400-1,600 kWh per kW: sunshine 3 of 4 (bands 1,200 / 1,400 / 1,600).
      assert.equal(s.sunshineRating.value, 3, s.sunshineRating.description);
      assert.deepEqual([s.sunshineRating.min, s.sunshineRating.max], [1400, 1600]);
      assert.equal(s.sunshineRating.ratingTypeKey.dataType, 'CHOICE');
      assert.equal(s.sunshineRating.ratingTypeKey.choices.length, 4);
      // PG&E's residential price is above 25 cents: rates 4 of 4.
      assert.equal(s.pvRatesRating.value, 4, s.pvRatesRating.description);
      assert.equal(s.ratesRating.value, s.pvRatesRating.value);
      for (const k of ['popularityRating', 'netSavings', 'utilitySavingsRank', 'netSavingsRank', 'housingStock'])
        assert.equal(s[k], null, k);
      // The PV makes 80 % of the year: the net kWh drawn after is about a fifth of before.
      assert.ok(Math.abs(s.post.usageKWh - 0.2 * s.pre.usageKWh) < 1, JSON.stringify([s.pre, s.post]));
      assert.equal(s.utilitySavings.costTotal, Math.round((s.pre.costTotal - s.post.costTotal) * 100) / 100);
      assert.ok(s.utilitySavings.costTotal > 0);
      assert.ok(
        s.attribution.sources.some((x: string) => /Weather: .*San\.Francisco/.test(x)),
        JSON.stringify(s.attribution),
      );
      assert.ok(s.attribution.sources.some((x: string) => /masterTariffId 522\)/.test(x)));
    });

    it('answers the cost savings by cityKey, with what the cost maps leave as other', async () => {
      const r = await t.json('/rest/alpha/open/costSavings?cityKey=94110', c);
      assert.equal(r.type, 'CostSavings');
      const s = r.results[0];
      assert.equal(s.regionType, 'utilityClimateZone');
      assert.match(s.region, /climate zone 3C/);
      for (const m of [s.pre, s.post])
        assert.ok(
          Math.abs(m.costFixed + m.costDemand + m.costConsumption + m.costMin + m.costOther - m.costTotal) < 0.011,
          JSON.stringify(m),
        );
      const region = (await t.json('/rest/alpha/open/region?zipCode=94110', c)).results[0];
      assert.equal(s.pre.costTotal, region.pre.costTotal);
    });

    it('refuses a request without a place, and a place abroad', async () => {
      for (const [url, name] of [
        ['/rest/alpha/open/region', 'zipCode'],
        ['/rest/alpha/open/costSavings?cityKey=9421', 'cityKey'],
        ['/rest/alpha/open/region?zipCode=09421', 'zipCode'],
      ] as const) {
        const res = await t.inject({ method: 'GET', url, headers: { authorization: t.authHeader(c) } });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().results[0].propertyName, name);
      }
    });
  });
}
