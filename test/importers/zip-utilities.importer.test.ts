// NREL's ZIP-to-utility list (read in place from ../shared/reference): LSEs and their service areas by ZIP code,
// merged with the starter data, idempotent, on both engines.
import assert from 'node:assert/strict';
import { createReadStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importZipUtilities } from '../../src/importers/zip-utilities.importer.ts';
import { dialects } from '../helpers/dialects.ts';
import { referencePath } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const FILE = referencePath('zip-utilities/non_iou_zipcodes_2020.csv');

for (const dialect of dialects) {
  describe(`ZIP-to-utility importer on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());

    it("creates the LSEs and service areas of NREL's list, merged and idempotent", async (ctx) => {
      if (!FILE || !existsSync(FILE)) return ctx.skip('../shared/reference is absent');
      const first = await importZipUtilities(t.db, createReadStream(FILE), 'non_iou_zipcodes_2020.csv');
      assert.equal(first.records, 28027);
      // Every row is counted once: written, found already there, skipped with a reason, or a repeat of an earlier row.
      assert.equal(
        first.created + first.updated + first.unchanged + first.skipped.length + first.repeated,
        first.records,
      );
      assert.ok(first.repeated > 0, 'the list repeats some ZIP codes of a utility');
      assert.ok(first.created > 20000, `${first.created} ZIP codes added to service areas`);
      assert.ok(
        first.skipped.every((s) => /is not a known US ZIP code|is in [A-Z]{2}, not [A-Z]{2}/.test(s.reason)),
        'only unknown or misplaced ZIP codes are skipped',
      );
      const c = await t.credentials();
      // Aberdeen, Mississippi: its municipal utility (EIA 55) now serves 39730.
      const lses = (await t.json('/rest/public/lses?zipCode=39730&fields=ext', c)).results;
      const aberdeen = lses.find((l: { code: string }) => l.code === '55');
      assert.deepEqual(
        [aberdeen.name, aberdeen.ownership, aberdeen.offeringType],
        ['City of Aberdeen - (MS)', 'MUNI', 'Bundle'],
      );
      // Pedernales (EIA 14626) is a starter LSE: matched, not duplicated.
      assert.equal(
        (await t.db.kysely.selectFrom('lses').select('lse_id').where('code', '=', '14626').execute()).length,
        1,
      );
      // New England ZIP codes lost their leading zero in the file: 1001 is 01001 again.
      const again = await importZipUtilities(t.db, createReadStream(FILE), 'non_iou_zipcodes_2020.csv');
      assert.deepEqual([again.created, again.unchanged], [0, first.created + first.unchanged]);
    });

    it('refuses a malformed row, naming its line, and stores nothing', async () => {
      const before = await t.db.kysely
        .selectFrom('lses')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const csv =
        'zip,eiaid,utility_name,state,service_type,ownership\n99501,999001,Test Utility,AK,Bundled,Municipal\nABCDE,999001,Test Utility,AK,Bundled,Municipal\n';
      await assert.rejects(
        importZipUtilities(t.db, Readable.from([csv]), 'bad.csv'),
        /bad\.csv line 3: zip "ABCDE" is not a ZIP code/,
      );
      const after = await t.db.kysely
        .selectFrom('lses')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(after.n), Number(before.n));
    });
  });
}
