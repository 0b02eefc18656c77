import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseListOptions, type ListRules } from '../../src/http/list-options.ts';
import { listInMemory } from '../../src/http/memory-list.ts';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Pacific Gas & Electric' },
  { id: 2, name: 'Southern California Edison' },
  { id: 3, name: 'San Diego Gas & Electric' },
  { id: 4, name: 'Georgia Power' },
];
const rules: ListRules = {
  searchable: ['name', 'id'],
  defaultSearchOn: ['name'],
  sortable: ['name', 'id'],
  defaultSort: [],
};
const read = (r: Row, f: string) => (f === 'id' ? r.id : r.name);
const ids = (q: object) => listInMemory(rows, parseListOptions(q, rules), read).rows.map((r) => r.id);

describe('listInMemory', () => {
  it('searches case-insensitively in every mode', () => {
    assert.deepEqual(ids({ search: 'gas' }), [1, 3]);
    assert.deepEqual(ids({ search: 'pacific', startsWith: true }), [1]);
    assert.deepEqual(ids({ search: 'EDISON', endsWith: true }), [2]);
    assert.deepEqual(ids({ search: 'georgia power', startsWith: true, endsWith: true }), [4]);
    assert.deepEqual(ids({ search: '^s.*electric$', isRegex: true }), [3]);
  });
  it('sorts, pages and counts all matches', () => {
    const out = listInMemory(
      rows,
      parseListOptions({ sortOn: ['name'], sortOrder: ['DESC'], pageStart: 1, pageCount: 2 }, rules),
      read,
    );
    assert.equal(out.total, 4);
    assert.deepEqual(
      out.rows.map((r) => r.id),
      [3, 1],
    );
  });
});
