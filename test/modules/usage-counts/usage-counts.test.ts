// GET /rest/v1/orgs/usage (#39): each organization's calls by operation and day, counted as requests are answered
// and added to the database by every process; a flush the database refuses loses nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { UsageCounter } from '../../../src/modules/usage-counts/usage-counter.ts';
import { type UsageCounts, UsageCountsRepository } from '../../../src/modules/usage-counts/usage-counts.repository.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('the usage counter', () => {
  it('keeps the counts of a flush the database refuses, and adds them to the next', async () => {
    const written: UsageCounts[][] = [];
    let refuse = true;
    const repo = {
      add: async (rows: readonly UsageCounts[]) => {
        if (refuse) throw new Error('database is locked');
        written.push([...rows]);
      },
    } as unknown as UsageCountsRepository;
    const counter = new UsageCounter(repo, 0);
    const at = NOW.getTime();
    counter.count(7, 'GET /rest/echo', at, false);
    counter.count(7, 'GET /rest/echo', at, true);
    await assert.rejects(counter.flush(), /locked/);
    counter.count(7, 'GET /rest/echo', at + 86_400_000, false);
    refuse = false;
    await counter.flush();
    assert.deepEqual(written, [
      [
        { orgId: 7, day: '2026-11-25', operation: 'GET /rest/echo', calls: 2, errors: 1 },
        { orgId: 7, day: '2026-11-26', operation: 'GET /rest/echo', calls: 1, errors: 0 },
      ],
    ]);
    await counter.flush();
    assert.equal(written.length, 1, 'nothing left to write');
  });
});

for (const dialect of dialects) {
  describe(`organization usage on ${dialect}`, () => {
    let t: TestApp;
    let a: NewCredentials;
    let b: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => NOW });
      a = await t.credentials([], 'usage-org-a');
      b = await t.credentials([], 'usage-org-b');
    });
    after(() => t.close());

    const usage = async (who: NewCredentials, query = '') => {
      const res = await t.get(`/rest/v1/orgs/usage${query}`, who);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const row = (body: { results: { operation: string; calls: number }[] }, operation: string) =>
      body.results.find((r) => r.operation === operation);

    it("answers an organization's calls by operation and day, errors apart, and no one else's", async () => {
      for (let k = 0; k < 3; k++) assert.equal((await t.get('/rest/public/lses?pageCount=1', a)).statusCode, 200);
      assert.equal((await t.get('/rest/public/lses/99999999', a)).statusCode, 404);
      assert.equal((await t.get('/rest/echo', b)).statusCode, 200);
      const mine = await usage(a);
      assert.equal(mine.type, 'OrganizationUsage');
      assert.deepEqual(row(mine, 'GET /rest/public/lses'), {
        day: '2026-11-25',
        operation: 'GET /rest/public/lses',
        calls: 3,
        errors: 0,
      });
      assert.deepEqual(row(mine, 'GET /rest/public/lses/:lseId'), {
        day: '2026-11-25',
        operation: 'GET /rest/public/lses/:lseId',
        calls: 1,
        errors: 1,
      });
      assert.equal(row(mine, 'GET /rest/echo'), undefined, "another organization's call");
      // The usage call itself is counted once it is answered, and counts add up across flushes.
      const again = await usage(a);
      assert.equal(row(again, 'GET /rest/v1/orgs/usage')?.calls, 1);
      assert.equal(row(again, 'GET /rest/public/lses')?.calls, 3);
      assert.equal(row(await usage(b), 'GET /rest/echo')?.calls, 1);
    });

    it('reads a range of days, adding what several processes wrote', async () => {
      const repo = new UsageCountsRepository(t.db);
      const orgId = (await t.json('/rest/echo/authenticate', a)).results[0].orgId as number;
      const counts = { orgId, day: '2026-10-01', operation: 'GET /rest/public/tariffs', calls: 5, errors: 1 };
      await repo.add([counts]);
      await repo.add([{ ...counts, calls: 2, errors: 0 }]);
      const october = await usage(a, '?fromDateTime=2026-10-01&toDateTime=2026-10-31');
      assert.deepEqual(october.results, [
        { day: '2026-10-01', operation: 'GET /rest/public/tariffs', calls: 7, errors: 1 },
      ]);
      assert.equal(row(await usage(a), 'GET /rest/public/tariffs'), undefined, 'the default is the last 30 days');
    });

    it('400 names each bad parameter', async () => {
      await t.expectBadParameters('/rest/v1/orgs/usage', a, [
        ['fromDateTime=soon', 'fromDateTime'],
        ['fromDateTime=2026-02-01&toDateTime=2026-01-01', 'toDateTime'],
        ['fromDateTime=2024-01-01&toDateTime=2026-01-01', 'toDateTime'],
        ['sortOn=price', 'sortOn'],
      ]);
    });
  });
}
