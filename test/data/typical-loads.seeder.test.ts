// The typical load profiles and climate zones loaded at seed time from ../shared/reference (read in place), checked
// against the files themselves and the figures of the loads README, on both engines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runSeeds } from '../../src/data/seed.ts';
import { typicalLoadsSeeder } from '../../src/data/typical-loads.seeder.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR, referencePath } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const present = referencePath('loads') !== null && referencePath('climate') !== null;

for (const dialect of dialects) {
  describe(`typical loads seeded on ${dialect}`, { skip: present ? false : '../shared/reference is absent' }, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full' });
    });
    after(() => t.close());
    const profile = (id: string) =>
      t.db.kysely.selectFrom('load_profiles').selectAll().where('profile_id', '=', id).executeTakeFirstOrThrow();

    it("stores each profile so that fraction x annual kWh gives the file's hourly kWh", async () => {
      const count = await t.db.kysely
        .selectFrom('load_profiles')
        .select(['source_id', sql<number>`count(*)`.as('n')])
        .groupBy('source_id')
        .orderBy('source_id')
        .execute();
      assert.deepEqual(
        count.map((c) => [c.source_id, Number(c.n)]),
        [
          ['DOECRB', 144],
          ['OPENEI_RES', 5],
        ],
      );
      // Chicago small office: REopt's annual 86,224 kWh x the file's fractions; hour 4,000 as an example.
      const office = await profile('DOECRB-Chicago-SmallOffice');
      const file = readFileSync(
        join(REFERENCE_DIR, 'loads', 'reopt-crb-electric', 'crb8760_norm_Chicago_SmallOffice.dat'),
        'utf8',
      )
        .split(/\r?\n/)
        .filter(Boolean)
        .map(Number);
      const shape = JSON.parse(office.shape) as number[];
      assert.deepEqual(
        [office.annual_kwh, office.climate_zone, office.customer_class, office.start_day, shape.length],
        [86224, '5A', 'GENERAL', 7, 8760],
      );
      for (const h of [0, 4000, 8759]) assert.ok(Math.abs(shape[h]! * 86224 - file[h]! * 86224) < 1e-6, `hour ${h}`);
      // St. Louis home (BASE): 12,975 kWh a year as the README says; its first hour is the file's first row, 1.072 kW.
      const home = await profile('OPENEI_RES-MO-724340-BASE');
      assert.deepEqual(
        [Math.round(home.annual_kwh), home.climate_zone, home.state, home.customer_class],
        [12975, '5A', 'MO', 'RESIDENTIAL'],
      );
      assert.ok(Math.abs((JSON.parse(home.shape) as number[])[0]! * home.annual_kwh - 1.07203103324) < 1e-6);
      assert.match(home.source, /ODC-BY 1\.0/);
    });

    it('gives the ZIP codes their climate zone: Boston 5A, Miami 1A, Phoenix 2B; overseas military ZIPs none', async () => {
      const zones = await t.db.kysely
        .selectFrom('zipcodes')
        .select(['zipcode', 'climate_zone'])
        .where('zipcode', 'in', ['02108', '33101', '85001', '09001'])
        .orderBy('zipcode')
        .execute();
      assert.deepEqual(
        zones.map((z) => [z.zipcode, z.climate_zone ?? null]),
        [
          ['02108', '5A'],
          ['09001', null],
          ['33101', '1A'],
          ['85001', '2B'],
        ],
      );
    });

    it('exposes each zone as a CLIMATE_ZONE territory of no LSE, found by ZIP code', async () => {
      const c = await t.credentials();
      const zone = (await t.json('/rest/public/territories/1900051?populateItems=true', c)).results[0];
      assert.deepEqual(
        [zone.territoryName, zone.lseId, zone.lseName, zone.usageType, zone.itemTypes],
        ['IECC climate zone 5A', null, null, 'CLIMATE_ZONE', 'ZIPCODE'],
      );
      // Its items are the ZIP codes given 5A (the station table lists 12,643; GeoNames has most of them).
      const fiveA = await t.db.kysely
        .selectFrom('zipcodes')
        .select('zipcode')
        .where('climate_zone', '=', '5A')
        .execute();
      assert.ok(fiveA.length > 12_000, String(fiveA.length));
      assert.deepEqual(zone.items.map((i: { value: string }) => i.value).sort(), fiveA.map((z) => z.zipcode).sort());
      const boston = await t.json('/rest/public/territories?zipCode=02108&usageTypes=CLIMATE_ZONE', c);
      assert.deepEqual(
        boston.results.map((r: { territoryId: number }) => r.territoryId),
        [1900051],
      );
      const zones = await t.json('/rest/public/territories?usageTypes=CLIMATE_ZONE&pageCount=50', c);
      assert.equal(zones.count, 15);
    });

    it('gives a zone to every ZIP code in the states the starter LSEs serve', async () => {
      const items = await t.db.kysely
        .selectFrom('territory_items')
        .select(['territory_type', 'value', 'state'])
        .execute();
      const states = [
        ...new Set(
          items.map((i) => (i.territory_type === 'STATE' ? i.value : i.state)).filter((x): x is string => !!x),
        ),
      ];
      const zips = await t.db.kysely
        .selectFrom('zipcodes')
        .select(['zipcode', 'climate_zone'])
        .where('state', 'in', states)
        .execute();
      assert.ok(zips.length > 5000, `${zips.length} ZIP codes in ${states.join(', ')}`);
      assert.deepEqual(
        zips.filter((z) => !z.climate_zone).map((z) => z.zipcode),
        [],
      );
    });

    it('is skipped, and not recorded, when the reference folder is absent', async () => {
      const absent = { ...typicalLoadsSeeder('/nonexistent/reference'), name: 'typical-loads-absent' };
      assert.equal(absent.available!(), false);
      assert.deepEqual(await runSeeds(t.db, [absent]), []);
      assert.equal(
        (
          await t.db.kysely
            .selectFrom('seed_runs')
            .select('seed_name')
            .where('seed_name', '=', 'typical-loads-absent')
            .execute()
        ).length,
        0,
      );
    });
  });
}
