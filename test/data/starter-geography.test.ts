import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runSeeds } from '../../src/data/seed.ts';
import { geographySeeder } from '../../src/data/geography.seeder.ts';
import { STARTER_LSES } from '../../src/data/starter/lses.data.ts';
import { STARTER_TERRITORIES } from '../../src/data/starter/territories.data.ts';
import { STARTER_UTILITY_TAXES } from '../../src/data/starter/utility-taxes.data.ts';
import { zipMatchKeys, normalizePlace } from '../../src/domain/geography/place-keys.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

describe('starter geography data', () => {
  it('names its source on every record', () => {
    for (const r of [...STARTER_LSES, ...STARTER_TERRITORIES, ...STARTER_UTILITY_TAXES])
      assert.ok(r.source.length > 5, JSON.stringify(r).slice(0, 80));
  });
  it('has unique ids and an existing LSE and parent for each territory', () => {
    const lseIds = new Set(STARTER_LSES.map((l) => l.lseId));
    const territoryIds = new Set(STARTER_TERRITORIES.map((t) => t.territoryId));
    assert.equal(lseIds.size, STARTER_LSES.length);
    assert.equal(territoryIds.size, STARTER_TERRITORIES.length);
    for (const t of STARTER_TERRITORIES) {
      assert.ok(lseIds.has(t.lseId), t.territoryName);
      if (t.parentTerritoryId !== null) assert.ok(territoryIds.has(t.parentTerritoryId), t.territoryName);
    }
    for (const l of STARTER_LSES)
      assert.ok(
        STARTER_TERRITORIES.some((t) => t.lseId === l.lseId && t.usageType === 'SERVICE'),
        `${l.name} has a SERVICE territory`,
      );
    for (const l of STARTER_LSES)
      assert.ok(
        STARTER_TERRITORIES.some((t) => t.lseId === l.lseId && t.usageType === 'UTILITY_CLIMATE_ZONE'),
        `${l.name} has a utility climate zone`,
      );
  });
  it('normalizes place names the way GeoNames writes them', () => {
    assert.equal(normalizePlace('City and County of San Francisco'), 'san francisco');
    assert.equal(normalizePlace('Orleans Parish'), 'orleans');
    assert.equal(normalizePlace('St. Louis County'), 'st louis');
    assert.deepEqual(
      zipMatchKeys({
        zipcode: '94110',
        state: 'CA',
        county: 'CITY AND COUNTY OF SAN FRANCISCO',
        city: 'SAN FRANCISCO',
      }),
      ['Z:94110', 'S:CA', 'C:CA:san francisco', 'T:CA:san francisco'],
    );
  });
});

for (const dialect of dialects) {
  describe(`starter geography seeded on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
      await runSeeds(db);
    });
    after(() => db.dispose());

    it('has every county, city, state and ZIP code item naming a real place', async () => {
      const zipKeys = new Set<string>();
      for (const z of await db.kysely.selectFrom('zipcodes').select(['zipcode', 'state', 'county', 'city']).execute())
        for (const k of zipMatchKeys(z)) zipKeys.add(k);
      const items = await db.kysely
        .selectFrom('territory_items')
        .select(['territory_id', 'value', 'match_key'])
        .execute();
      const unmatched = items.filter((i) => !zipKeys.has(i.match_key)).map((i) => `${i.territory_id}:${i.value}`);
      assert.deepEqual(unmatched, []);
      // A territory's centre is that of the places it covers: every territory with items has one; the baseline areas
      // no source places anything in (PG&E P - Z) have none.
      const centreless = await db.kysely
        .selectFrom('territories')
        .select('territory_id')
        .where('center_latitude', 'is', null)
        .orderBy('territory_id')
        .execute();
      const itemless = STARTER_TERRITORIES.filter(
        (t) => t.items.length === 0 && !t.zipcodesOfCounties?.length && !t.zipcodesOfCecZones,
      )
        .map((t) => t.territoryId)
        .sort((a, b) => a - b);
      assert.equal(itemless.length, 9, 'the PG&E territories P - Z but T');
      assert.deepEqual(
        centreless.map((r) => r.territory_id),
        itemless,
      );
    });

    it('re-seeds to the same data, keeping records that refer to starter LSEs', async () => {
      const count = async (table: 'lses' | 'territories' | 'territory_items' | 'territory_lses' | 'utility_taxes') =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
      await db.kysely
        .insertInto('territories')
        .values({
          territory_id: 5,
          territory_name: 'Imported',
          lse_id: 734,
          parent_territory_id: null,
          usage_type: 'TARIFF',
          item_types: null,
          dereg_res: false,
          dereg_candi: false,
          center_latitude: null,
          center_longitude: null,
          source: 'test',
        })
        .execute();
      const before = await Promise.all(
        (['lses', 'territories', 'territory_items', 'territory_lses', 'utility_taxes'] as const).map(count),
      );
      assert.deepEqual(await runSeeds(db), [], 'recorded as applied');
      await db.kysely.transaction().execute((trx) => geographySeeder.run(trx, db));
      const after = await Promise.all(
        (['lses', 'territories', 'territory_items', 'territory_lses', 'utility_taxes'] as const).map(count),
      );
      assert.deepEqual(after, before);
      assert.ok(
        await db.kysely
          .selectFrom('territories')
          .select('territory_id')
          .where('territory_id', '=', 5)
          .executeTakeFirst(),
      );
    });
  });
}
