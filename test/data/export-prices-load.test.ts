// The bundled export prices' first-start load is one process's work: a server that finds another's fresh claim
// leaves the load to it, two claiming at once get one claim between them, and a claim its loader stopped refreshing
// (the process died) is taken over.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLAIM_STALE_MS, claimLoad, LOAD_CLAIM, loadExportPrices } from '../../src/data/export-prices.load.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

for (const dialect of dialects)
  describe(`the export prices' load claim on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
    });
    after(() => db.close());
    const releaseClaim = () => db.kysely.deleteFrom('seed_runs').where('seed_name', '=', LOAD_CLAIM).execute();

    it('two processes claiming at once: exactly one gets it', async () => {
      await releaseClaim();
      const claims = await Promise.all(Array.from({ length: 6 }, () => claimLoad(db)));
      assert.equal(claims.filter(Boolean).length, 1, String(claims));
    });

    it('a fresh claim leaves the load to its holder: nothing written, nothing printed', async () => {
      await releaseClaim();
      assert.equal(await claimLoad(db), true);
      const printed: string[] = [];
      await loadExportPrices(db, (line) => printed.push(line));
      assert.deepEqual(printed, []);
      const stored = await db.kysely
        .selectFrom('property_lookups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key_name', 'like', 'pgeNbtExport%')
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.n), 0);
    });

    it('a claim unrefreshed for two minutes is a dead loader’s and is taken over', async () => {
      await releaseClaim();
      const now = Date.now();
      assert.equal(await claimLoad(db, now), true);
      assert.equal(await claimLoad(db, now + CLAIM_STALE_MS - 1000), false, 'still fresh');
      assert.equal(await claimLoad(db, now + CLAIM_STALE_MS + 1000), true, 'stale: taken over');
      const rows = await db.kysely.selectFrom('seed_runs').selectAll().where('seed_name', '=', LOAD_CLAIM).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.applied_at, new Date(now + CLAIM_STALE_MS + 1000).toISOString());
      // Several processes finding the same stale claim at once: one takes it over.
      const later = now + 3 * CLAIM_STALE_MS;
      const takeovers = await Promise.all(Array.from({ length: 6 }, () => claimLoad(db, later)));
      assert.equal(takeovers.filter(Boolean).length, 1, String(takeovers));
    });
  });
