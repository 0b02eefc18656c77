import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`utility taxes on ${dialect}`, () => {
    let t: TestApp;
    let signal: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      signal = await t.credentials(['signal']);
    });
    after(() => t.close());

    const names = async (url: string) =>
      (await t.json(url, signal)).results.map((x: { rateName: string }) => x.rateName);

    it('is for the signal tier only (403 otherwise, before validation)', async () => {
      const plain = await t.credentials([]);
      assert.equal((await t.get('/rest/v1/utilitytaxes', plain)).statusCode, 403);
      assert.equal((await t.get('/rest/v1/utilitytaxes/1000001', plain)).statusCode, 403);
      assert.equal((await t.get('/rest/v1/utilitytaxes?customerClasses=NOPE', plain)).statusCode, 403);
      assert.equal((await t.get('/rest/v1/utilitytaxes', await t.credentials(['enterprise']))).statusCode, 200);
    });

    it('answers one tax with its territory and items', async () => {
      const res = await t.get('/rest/v1/utilitytaxes/1000001', signal);
      const tax = res.json().results[0];
      assert.equal(res.json().type, 'UtilityTax');
      assert.equal(tax.rateAmountElectricity, 0.075);
      assert.deepEqual(tax.customerClasses, ['RESIDENTIAL', 'GENERAL']);
      assert.equal(tax.territory.usageType, 'UTILITY_TAX');
      assert.deepEqual(
        tax.territory.items.map((i: { value: string }) => i.value),
        ['Oakland'],
      );
      assert.equal(tax.fromDateTime, null);
      assert.equal((await t.get('/rest/v1/utilitytaxes/7', signal)).statusCode, 404);
    });

    it('filters by territory, LSE, class and dates, and searches by name and location', async () => {
      assert.deepEqual(await names('/rest/v1/utilitytaxes?territoryId=1000202'), ['San Jose Utility Tax']);
      assert.equal((await names('/rest/v1/utilitytaxes?lseId=734')).length, 4);
      assert.deepEqual(await names('/rest/v1/utilitytaxes?lseId=2756'), []);
      assert.deepEqual(await names('/rest/v1/utilitytaxes?customerClasses=RESIDENTIAL&sortOn=taxName'), [
        'Berkeley Utility Users Tax',
        'Oakland Utility Consumption Tax',
        'San Jose Utility Tax',
      ]);
      assert.equal(
        (await names('/rest/v1/utilitytaxes?fromDateTime=2024-01-01&toDateTime=2024-12-31')).length,
        4,
        'open-ended taxes are in effect',
      );
      assert.deepEqual(await names('/rest/v1/utilitytaxes?search=berkeley&searchOn=location'), [
        'Berkeley Utility Users Tax',
      ]);
      assert.deepEqual(await names('/rest/v1/utilitytaxes?search=francisco'), ['San Francisco Utility Users Tax']);
      assert.deepEqual(await names('/rest/v1/utilitytaxes?search=1000002&searchOn=utilityTaxId'), [
        'San Jose Utility Tax',
      ]);
      assert.deepEqual(await names('/rest/v1/utilitytaxes?sortOn=rateAmountElectricity,rateName&pageCount=1'), [
        'San Jose Utility Tax',
      ]);
    });

    it("applies the date range to the taxes' own dates", async () => {
      await t.db.kysely
        .updateTable('utility_taxes')
        .set({ from_date: '2025-07-01' })
        .where('utility_tax_id', '=', 1000002)
        .execute();
      assert.ok(!(await names('/rest/v1/utilitytaxes?toDateTime=2025-06-30')).includes('San Jose Utility Tax'));
      assert.ok(
        (await names('/rest/v1/utilitytaxes?toDateTime=2025-07-01T00:00:00-07:00')).includes('San Jose Utility Tax'),
      );
      await t.db.kysely
        .updateTable('utility_taxes')
        .set({ from_date: null })
        .where('utility_tax_id', '=', 1000002)
        .execute();
    });

    it('400 names each bad parameter', async () => {
      await t.expectBadParameters('/rest/v1/utilitytaxes', signal, [
        ['customerClasses=PIRATE', 'customerClasses'],
        ['fromDateTime=yesterday', 'fromDateTime'],
        ['fromDateTime=2024-02-01&toDateTime=2024-01-01', 'toDateTime'],
        ['searchOn=address&search=x', 'searchOn'],
        ['sortOn=territory', 'sortOn'],
        ['territoryId=x', 'territoryId'],
      ]);
    });
  });
}
