import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`LSEs on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials();
    });
    after(() => t.close());

    const json = (url: string) => t.json(url, c);
    const names = async (url: string) => (await json(url)).results.map((l: { name: string }) => l.name);

    it('answers the recorded Georgia Power LSE exactly', async (ctx) => {
      const recorded = readRecorded('lse-one.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      assert.deepEqual(await json(recorded.request.path), recorded.response);
    });

    it('resolves real ZIP codes to the LSEs serving them', async () => {
      assert.deepEqual(await names('/rest/public/lses?zipCode=94110'), ['Pacific Gas & Electric Co']);
      assert.deepEqual(await names('/rest/public/lses?zipCode=10001'), ['Consolidated Edison Co-NY Inc']);
      assert.deepEqual(await names('/rest/public/lses?zipCode=30303'), ['Georgia Power Co']);
      assert.deepEqual(await names('/rest/public/lses?zipCode=85004'), ['Arizona Public Service Co']);
      assert.deepEqual(await names('/rest/public/lses?postCode=96813&country=US'), ['Hawaiian Electric Co Inc']);
      assert.deepEqual(
        await names('/rest/public/lses?zipCode=95814'),
        ['Pacific Gas & Electric Co', 'Sacramento Municipal Util Dist'],
        'Sacramento County is shared',
      );
      assert.deepEqual(
        await names('/rest/public/lses?zipCode=75201'),
        ['Oncor Electric Delivery Company LLC', 'TXU Energy Retail Company LLC'],
        'a retail supplier listed on the delivery territory',
      );
      assert.deepEqual(await names('/rest/public/lses?zipCode=59001'), [], 'no starter LSE serves Montana');
    });

    it('adds the extended fields only with fields=ext', async () => {
      const plain = (await json('/rest/public/lses/734')).results[0];
      assert.deepEqual(Object.keys(plain), ['lseId', 'name', 'code', 'websiteHome']);
      const ext = (await json('/rest/public/lses/734?fields=ext')).results[0];
      assert.equal(ext.ownership, 'INVESTOR');
      assert.equal(ext.offeringType, 'Bundle');
      assert.equal(ext.code, '14328');
      assert.deepEqual(ext.billingPeriodRepresentation, { fromDateOffset: 0, toDateOffset: 0, style: 'Unknown' });
      for (const k of ['totalRevenues', 'totalSales', 'totalCustomers', 'residentialCustomers'])
        assert.equal(ext[k], null, `${k} is not invented`);
      assert.ok('transportationServiceTypes' in ext);
    });

    it('filters by ownership and service types, and searches names', async () => {
      assert.deepEqual(await names('/rest/public/lses?ownerships=MUNI,COOP'), [
        'Sacramento Municipal Util Dist',
        'Pedernales Electric Coop, Inc',
      ]);
      assert.deepEqual(await names('/rest/public/lses?ownerships=retail_energy_marketer'), [
        'TXU Energy Retail Company LLC',
      ]);
      const gas = await names('/rest/public/lses?serviceTypes=GAS&sortOn=name');
      assert.deepEqual(gas, [
        'Consolidated Edison Co-NY Inc',
        'Pacific Gas & Electric Co',
        'Public Service Co of Colorado',
        'San Diego Gas & Electric Co',
      ]);
      assert.equal((await json('/rest/public/lses?residentialServiceTypes=GAS')).count, 4);
      assert.deepEqual(await names('/rest/public/lses?search=co&startsWith=true&sortOn=name'), [
        'Commonwealth Edison Co',
        'Consolidated Edison Co-NY Inc',
      ]);
      assert.deepEqual(await names('/rest/public/lses?search=edison&sortOn=name&sortOrder=DESC'), [
        'Southern California Edison Co',
        'Consolidated Edison Co-NY Inc',
        'Commonwealth Edison Co',
      ]);
      assert.deepEqual(await names('/rest/public/lses?search=7140&searchOn=code'), ['Georgia Power Co']);
    });

    it('answers a regular expression its database cannot read with a 400 naming search', async () => {
      const res = await t.get(`/rest/public/lses?isRegex=true&search=${encodeURIComponent('(?<name>Edison)')}`, c);
      // JavaScript (SQLite) reads named groups; PostgreSQL's regular expressions do not.
      if (dialect === 'postgres') {
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().results[0].propertyName, 'search');
      } else assert.equal(res.json().count, 3);
    });

    it('pages with the total count', async () => {
      const first = await json('/rest/public/lses?pageCount=5');
      const second = await json('/rest/public/lses?pageCount=5&pageStart=5');
      assert.equal(first.count, 14);
      assert.equal(second.count, 14);
      assert.equal(first.results.length, 5);
      assert.equal(second.pageStart, 5);
      const ids = [...first.results, ...second.results].map((l: { lseId: number }) => l.lseId);
      assert.equal(new Set(ids).size, 10);
    });

    it('400 names each bad parameter; 404 for an unknown LSE', async () => {
      await t.expectBadParameters('/rest/public/lses', c, [
        ['ownerships=PIRATE', 'ownerships'],
        ['serviceTypes=STEAM', 'serviceTypes'],
        ['commercialServiceTypes=X', 'commercialServiceTypes'],
        ['zipCode=9411', 'zipCode'],
        ['postCode=abcde', 'postCode'],
        ['zipCode=94110&country=CA', 'country'],
        ['sortOn=totalSales', 'sortOn'],
        ['searchOn=secret&search=x', 'searchOn'],
        ['pageCount=0', 'pageCount'],
      ]);
      assert.equal((await t.get('/rest/public/lses/abc', c)).json().results[0].propertyName, 'lseId');
      const missing = await t.get('/rest/public/lses/999', c);
      assert.equal(missing.statusCode, 404);
      assert.equal((await t.get('/rest/public/lses?zipCode=00000', c)).statusCode, 404, 'an unknown ZIP code');
    });
  });
}
