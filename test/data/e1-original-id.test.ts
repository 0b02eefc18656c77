// PG&E E-1 moved to the original API's masterTariffId 522 (from 1100101): re-seeding a database made before the move
// leaves no tariff under the former id and carries the accounts that were on it over to 522.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  E1_FORMER_MASTER_TARIFF_ID,
  E1_MASTER_TARIFF_ID,
} from '../../src/data/starter/tariffs/pge-residential.data.ts';
import { tariffsSeeder } from '../../src/data/tariffs.seeder.ts';
import type { NewCredentials } from '../../src/modules/keys/keys.service.ts';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

for (const dialect of dialects) {
  describe(`E-1's original id on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials(['signal']);
    });
    after(() => t.close());

    it('moves an account on the former id to 522 when the tariffs are seeded again', async () => {
      assert.equal(E1_MASTER_TARIFF_ID, 522);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: JSON.stringify({
          providerAccountId: 'before-the-move',
          address: { zip: '94110' },
          tariffs: [{ masterTariffId: 522, effectiveDate: '2025-01-01' }],
        }),
      });
      assert.equal(res.statusCode, 200, res.body);
      const accountId: string = res.json().results[0].accountId;
      // As a database seeded before the move holds it: the account's tariff row names the former id.
      await t.db.kysely
        .updateTable('account_tariffs')
        .set({ master_tariff_id: E1_FORMER_MASTER_TARIFF_ID })
        .where('account_id', '=', accountId)
        .execute();
      await t.db.kysely.transaction().execute((trx) => tariffsSeeder.run(trx, t.db));
      const rows = await t.db.kysely
        .selectFrom('account_tariffs')
        .select('master_tariff_id')
        .where('account_id', '=', accountId)
        .execute();
      assert.deepEqual(
        rows.map((r) => Number(r.master_tariff_id)),
        [522],
      );
      const former = await t.db.kysely
        .selectFrom('tariffs')
        .select('tariff_id')
        .where('master_tariff_id', '=', E1_FORMER_MASTER_TARIFF_ID)
        .execute();
      assert.deepEqual(former, [], 'no version is left under the former id');
      const tariffs = await t.json(`/rest/v1/accounts/${accountId}/tariffs`, c);
      assert.equal(tariffs.results[0].masterTariffId, 522);
    });
  });
}
