import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`seasons on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials();
    });
    after(() => t.close());

    it("answers PG&E's season groups with the recorded seasons", async (ctx) => {
      const recorded = readRecorded('seasons.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const body = await t.json(recorded.request.path, c);
      assert.equal(body.type, 'SeasonGroup');
      // The recorded groups come first; the starter data adds PG&E's B-19 group after them.
      assert.ok(body.count >= recorded.response.count);
      for (const [i, group] of recorded.response.results.entries()) {
        assert.equal(body.results[i].seasonGroupId, group.seasonGroupId);
        assert.deepEqual(body.results[i].seasons, group.seasons);
      }
    });

    it('adds edge predominance with fields=ext, pages and searches groups', async () => {
      const ext = await t.json('/rest/public/seasons?lseId=734&fields=ext', c);
      assert.ok('fromEdgePredominance' in ext.results[0].seasons[0]);
      assert.equal(ext.results[0].seasons[0].fromEdgePredominance, null);
      const page = await t.json('/rest/public/seasons?lseId=734&pageStart=1&pageCount=1', c);
      assert.equal(page.count, 3);
      assert.deepEqual(
        page.results.map((g: { seasonGroupId: number }) => g.seasonGroupId),
        [2],
      );
      const found = await t.json('/rest/public/seasons?lseId=734&search=high%20price', c);
      assert.deepEqual(
        found.results.map((g: { seasonGroupId: number }) => g.seasonGroupId),
        [2],
      );
    });

    it('requires lseId (400), and an LSE that exists (404)', async () => {
      const missing = await t.get('/rest/public/seasons', c);
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(
        [missing.json().results[0].code, missing.json().results[0].propertyName],
        ['MissingArgument', 'lseId'],
      );
      await t.expectBadParameters('/rest/public/seasons', c, [
        ['lseId=abc', 'lseId'],
        ['lseId=734&sortOn=seasonName', 'sortOn'],
      ]);
      assert.equal((await t.get('/rest/public/seasons?lseId=99', c)).statusCode, 404);
    });
  });
}
