// Migration 0010 makes territories.lse_id nullable. On SQLite it rebuilds the table, whose drop cascades to the rows
// that reference it: they must all come back. Run down and up again over the seeded starter geography.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { geographySeeder } from '../../src/data/geography.seeder.ts';
import { runSeeds } from '../../src/data/seed.ts';
import { zipcodesSeeder } from '../../src/data/zipcodes.seeder.ts';
import { unownedTerritories } from '../../src/db/migrations/0010-unowned-territories.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`territories of no LSE (migration 0010) on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
      await runSeeds(db, [zipcodesSeeder, geographySeeder]);
    });
    after(() => db.dispose());

    const counts = async () => {
      const out: Record<string, number> = {};
      for (const t of ['territories', 'territory_items', 'territory_lses', 'utility_taxes'] as const) {
        out[t] = Number(
          (await db.kysely.selectFrom(t).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
        );
      }
      return out;
    };
    const run = (step: 'up' | 'down') =>
      db.kysely.transaction().execute((trx) => unownedTerritories(dialect)[step](trx as unknown as Kysely<unknown>));
    const zone = {
      territory_id: 1999991,
      territory_name: 'Test zone',
      lse_id: null,
      parent_territory_id: null,
      usage_type: 'CLIMATE_ZONE',
      item_types: null,
      dereg_res: null,
      dereg_candi: null,
      center_latitude: null,
      center_longitude: null,
      source: null,
    };

    it('keeps every territory, item, territory LSE and tax through down and up, and takes a territory of no LSE after', async () => {
      const before = await counts();
      assert.ok(before.territory_items! > 100 && before.utility_taxes! > 0, JSON.stringify(before));
      await run('down');
      assert.deepEqual(await counts(), before);
      await assert.rejects(db.kysely.insertInto('territories').values(zone).execute(), 'NOT NULL holds after down');
      await run('up');
      assert.deepEqual(await counts(), before);
      await db.kysely.insertInto('territories').values(zone).execute();
      // The children still cascade from their territory.
      const one = await db.kysely.selectFrom('territory_items').select('territory_id').executeTakeFirstOrThrow();
      await db.kysely.deleteFrom('territories').where('territory_id', '=', one.territory_id).execute();
      assert.equal(
        (
          await db.kysely
            .selectFrom('territory_items')
            .select('territory_id')
            .where('territory_id', '=', one.territory_id)
            .execute()
        ).length,
        0,
      );
      if (dialect === 'sqlite')
        assert.deepEqual(await sql`pragma foreign_key_check`.execute(db.kysely).then((r) => r.rows), []);
    });
  });
}
