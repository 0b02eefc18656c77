import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`territories on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials();
    });
    after(() => t.close());

    const json = (url: string) => t.json(url, c);
    const ids = async (url: string) => (await json(url)).results.map((x: { territoryId: number }) => x.territoryId);

    it('finds the recorded territories of PG&E for ZIP 94115, with the recorded fields', async (ctx) => {
      const recorded = readRecorded('territories-by-zip.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const body = await json(recorded.request.path);
      assert.equal(body.count, recorded.response.count);
      for (const [i, expected] of recorded.response.results.entries()) {
        const got = body.results[i];
        for (const k of [
          'territoryId',
          'territoryName',
          'lseId',
          'lseName',
          'usageType',
          'itemTypes',
          'deregRes',
          'deregCandi',
        ])
          assert.equal(got[k], expected[k], k);
        // The centre is computed from the ZIP codes the territory covers, so it is near, not equal to, the original's.
        assert.ok(Math.abs(got.centerPoint.latitude - expected.centerPoint.latitude) < 0.6, 'latitude');
        assert.ok(Math.abs(got.centerPoint.longitude - expected.centerPoint.longitude) < 0.6, 'longitude');
      }
    });

    it('answers containsItemType/containsItemValue by the literal item, as recorded', async (ctx) => {
      const recorded = readRecorded('territories-contains-item.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      assert.deepEqual(
        await ids('/rest/public/territories?containsItemType=ZIPCODE&containsItemValue=94115&lseId=734'),
        [3538],
      );
      assert.deepEqual(
        await ids('/rest/public/territories?containsItemType=county&containsItemValue=san%20francisco'),
        [807],
      );
    });

    it('computes coverage from items: counties, states, ZIP codes and exclusions', async () => {
      assert.deepEqual(await ids('/rest/public/territories?zipCode=10001'), [1000108]);
      assert.deepEqual(await ids('/rest/public/territories?zipCode=30303'), [1000110], 'a STATE item');
      assert.deepEqual(await ids('/rest/public/territories?zipCode=78620&lseId=1000012'), [1000127], 'a ZIPCODE item');
      assert.deepEqual(
        await ids('/rest/public/territories?zipCode=90012&usageTypes=SERVICE,UTILITY_CLIMATE_ZONE'),
        [1000102, 1000103],
      );
      // An exclude item removes a ZIP code that the rest of the territory covers.
      await t.db.kysely
        .insertInto('territory_items')
        .values({
          territory_id: 1000108,
          territory_type: 'ZIPCODE',
          value: '10001',
          state: null,
          exclude: true,
          partial: false,
          match_key: 'Z:10001',
        })
        .execute();
      assert.deepEqual(await ids('/rest/public/territories?zipCode=10001'), []);
      assert.deepEqual(await ids('/rest/public/territories?zipCode=10002'), [1000108]);
      await t.db.kysely
        .deleteFrom('territory_items')
        .where('territory_id', '=', 1000108)
        .where('exclude', '=', true)
        .execute();
    });

    it('places an address by its ZIP code, else by "City, ST", and a point by the nearest ZIP code', async () => {
      assert.deepEqual(
        await ids(
          '/rest/public/territories?addressString=1%20Frank%20H%20Ogawa%20Plaza,%20Oakland,%20CA%2094612-1932&usageTypes=UTILITY_TAX',
        ),
        [1000201],
      );
      assert.deepEqual(await ids('/rest/public/territories?address=Berkeley,%20CA&usageTypes=UTILITY_TAX'), [1000204]);
      assert.deepEqual(await ids('/rest/public/territories?lat=40.7484&lng=-73.9967'), [1000108]);
      const res = await t.get('/rest/public/territories?addressString=Atlantis', c);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().results[0].propertyName, 'addressString');
      assert.match(res.json().results[0].message, /could not be placed/);
    });

    it('defaults to SERVICE and TARIFF usage types and accepts usageType too', async () => {
      const all = await json('/rest/public/territories?lseId=734&pageCount=100');
      // PG&E's service area and its ten baseline territories (P, Q, R, S, T, V, W, X, Y, Z).
      assert.deepEqual(all.results.map((x: { usageType: string }) => x.usageType).sort(), [
        'SERVICE',
        ...Array<string>(10).fill('TARIFF'),
      ]);
      assert.deepEqual(await ids('/rest/public/territories?lseId=734&usageType=UTILITY_CLIMATE_ZONE'), [1000101]);
      assert.equal((await json('/rest/public/territories?lseId=734&usageTypes=UTILITY_TAX')).count, 4);
    });

    it('populates items and territory LSEs on request only', async () => {
      const plain = (await json('/rest/public/territories?zipCode=75201&usageTypes=SERVICE')).results;
      assert.ok(plain.every((x: object) => !('items' in x) && !('territoryLses' in x)));
      const full = (
        await json('/rest/public/territories?zipCode=75201&usageTypes=SERVICE&populateItems=true&populateLses=true')
      ).results;
      const oncor = full.find((x: { territoryId: number }) => x.territoryId === 1000123);
      assert.ok(
        oncor.items.some(
          (i: { territoryType: string; value: string; partial: boolean }) =>
            i.territoryType === 'COUNTY' && i.value === 'Dallas' && i.partial,
        ),
      );
      assert.equal(oncor.territoryLses.totalCount, 2);
      const txu = oncor.territoryLses.list.find((l: { lseId: number }) => l.lseId === 1000011);
      assert.deepEqual(
        {
          distribution: txu.distribution,
          supplierResidential: txu.supplierResidential,
          residentialCoverage: txu.residentialCoverage,
        },
        { distribution: false, supplierResidential: true, residentialCoverage: null },
      );
    });

    it('gets one territory, paging its territory LSEs', async () => {
      const one = (
        await json('/rest/public/territories/1000123?populateLses=true&pageCount=1&sortOn=lseName&sortOrder=DESC')
      ).results[0];
      assert.equal(one.territoryName, 'Service area for TX');
      assert.deepEqual(
        {
          totalCount: one.territoryLses.totalCount,
          pageCount: one.territoryLses.pageCount,
          pageStart: one.territoryLses.pageStart,
        },
        { totalCount: 2, pageCount: 1, pageStart: 0 },
      );
      assert.equal(one.territoryLses.list[0].lseName, 'TXU Energy Retail Company LLC');
      const t3538 = (await json('/rest/public/territories/3538?populateItems=true')).results[0];
      assert.equal(t3538.parentTerritoryId, 807);
      assert.ok(t3538.items.some((i: { value: string }) => i.value === '94115'));
      assert.ok(!('territoryLses' in t3538));
    });

    it('400 names each bad parameter; 404 for an unknown territory', async () => {
      await t.expectBadParameters('/rest/public/territories', c, [
        ['containsItemType=ZIPCODE', 'containsItemValue'],
        ['containsItemValue=94115', 'containsItemType'],
        ['containsItemType=PLANET&containsItemValue=x', 'containsItemType'],
        ['usageTypes=EVERYTHING', 'usageTypes'],
        ['usageType=X', 'usageType'],
        ['populateItems=maybe', 'populateItems'],
        ['lseId=abc', 'lseId'],
        ['lat=37.7', 'lng'],
        ['lat=95&lng=0', 'lat'],
        ['zipCode=941', 'zipCode'],
        ['sortOn=items', 'sortOn'],
      ]);
      assert.equal((await t.get('/rest/public/territories/42', c)).statusCode, 404);
    });
  });
}
