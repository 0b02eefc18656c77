import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseListOptions, type ListRules } from '../../src/http/list-options.ts';
import { runPagedQuery } from '../../src/http/sql-list.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

const rules: ListRules = {
  searchable: ['name', 'orgId'],
  defaultSearchOn: ['name'],
  sortable: ['name', 'orgId'],
  defaultSort: [{ field: 'orgId', descending: false }],
};
const columns = { name: 'name', orgId: 'org_id' };
const NAMES = [
  'Pacific Gas & Electric',
  'Southern California Edison',
  'San Diego Gas & Electric',
  'Georgia Power',
  '100% Green_Power',
];

for (const dialect of dialects) {
  describe(`runPagedQuery on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
      for (const name of NAMES) await db.kysely.insertInto('organizations').values({ name, created_at: 'x' }).execute();
    });
    after(() => db.dispose());

    async function names(q: object) {
      const { rows, total } = await runPagedQuery<{ name: string }>(
        dialect,
        db.kysely.selectFrom('organizations'),
        (qb) => qb.select(['name', 'org_id']),
        parseListOptions(q, rules),
        columns,
        'org_id',
      );
      return { names: rows.map((r) => r.name), total };
    }

    it('counts every match while returning one page', async () => {
      const p = await names({ pageStart: 1, pageCount: 2 });
      assert.equal(p.total, 5);
      assert.deepEqual(p.names, [NAMES[1], NAMES[2]]);
    });
    it('searches in every mode, case-insensitively', async () => {
      assert.deepEqual((await names({ search: 'GAS' })).names, [NAMES[0], NAMES[2]]);
      assert.deepEqual((await names({ search: 'san', startsWith: true })).names, [NAMES[2]]);
      assert.deepEqual((await names({ search: 'power', endsWith: true })).names, [NAMES[3], NAMES[4]]);
      assert.deepEqual((await names({ search: 'georgia power', startsWith: true, endsWith: true })).names, [NAMES[3]]);
      assert.deepEqual((await names({ search: '^s.*(edison|electric)$', isRegex: true })).names, [NAMES[1], NAMES[2]]);
      assert.deepEqual((await names({ search: '3', searchOn: ['orgId'] })).names, [NAMES[2]]);
    });
    it('treats % and _ as plain characters', async () => {
      assert.deepEqual((await names({ search: '100%' })).names, [NAMES[4]]);
      assert.deepEqual((await names({ search: 'n_p' })).names, [NAMES[4]]);
      assert.equal((await names({ search: '%' })).total, 1);
    });
    it('sorts on the requested fields', async () => {
      assert.deepEqual((await names({ sortOn: ['name'], pageCount: 2 })).names, [NAMES[4], NAMES[3]]);
      assert.deepEqual((await names({ sortOn: ['name'], sortOrder: ['DESC'], pageCount: 1 })).names, [NAMES[1]]);
    });
  });
}
