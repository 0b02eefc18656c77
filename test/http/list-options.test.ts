import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/http/errors.ts';
import { isExt, parseListOptions, parsePaging, type ListRules } from '../../src/http/list-options.ts';
import { csvList, enumList, enumValue } from '../../src/http/list-params.ts';

const rules: ListRules = {
  searchable: ['name', 'code', 'lseId'],
  defaultSearchOn: ['name'],
  sortable: ['name', 'lseId'],
  defaultSort: [{ field: 'lseId', descending: false }],
};

function rejects(fn: () => unknown, propertyName: string) {
  assert.throws(
    fn,
    (e: unknown) => e instanceof ApiError && e.statusCode === 400 && e.item.propertyName === propertyName,
  );
}

describe('list parameters', () => {
  it('flattens comma-separated and repeated values', () => {
    assert.deepEqual(csvList('a,b'), ['a', 'b']);
    assert.deepEqual(csvList(['a,b', 'c', ' d ']), ['a', 'b', 'c', 'd']);
    assert.deepEqual(csvList(undefined), []);
    assert.deepEqual(csvList(['', ',']), []);
  });
  it('checks enumerations case-insensitively and returns the canonical spelling', () => {
    assert.deepEqual(enumList('ownerships', ['investor,Coop'], ['INVESTOR', 'COOP', 'MUNI']), ['INVESTOR', 'COOP']);
    rejects(() => enumList('ownerships', 'INVESTOR,PIRATE', ['INVESTOR']), 'ownerships');
    assert.equal(enumValue('customerClass', undefined, ['RESIDENTIAL']), undefined);
    rejects(() => enumValue('customerClass', 'RESIDENTIAL,GENERAL', ['RESIDENTIAL', 'GENERAL']), 'customerClass');
  });
});

describe('parseListOptions', () => {
  it('defaults to the first 25, no search, the default sort, no extended fields', () => {
    const o = parseListOptions({}, rules);
    assert.deepEqual(o.paging, { pageStart: 0, pageCount: 25 });
    assert.equal(o.search, null);
    assert.deepEqual(o.sort, [{ field: 'lseId', descending: false }]);
    assert.equal(o.ext, false);
    assert.deepEqual(parsePaging({ pageStart: 50, pageCount: 10 }), { pageStart: 50, pageCount: 10 });
  });
  it('reads every search mode', () => {
    assert.equal(parseListOptions({ search: 'gas' }, rules).search?.mode, 'contains');
    assert.equal(parseListOptions({ search: 'gas', startsWith: true }, rules).search?.mode, 'startsWith');
    assert.equal(parseListOptions({ search: 'gas', endsWith: true }, rules).search?.mode, 'endsWith');
    assert.equal(parseListOptions({ search: 'gas', startsWith: true, endsWith: true }, rules).search?.mode, 'exact');
    assert.equal(parseListOptions({ search: '^Pac', isRegex: true }, rules).search?.mode, 'regex');
    assert.deepEqual(parseListOptions({ search: 'x', searchOn: ['CODE,name'] }, rules).search?.fields, [
      'code',
      'name',
    ]);
  });
  it('rejects unknown fields and bad values, naming the parameter', () => {
    rejects(() => parseListOptions({ search: 'x', searchOn: ['secret'] }, rules), 'searchOn');
    rejects(() => parseListOptions({ search: '(', isRegex: true }, rules), 'search');
    rejects(() => parseListOptions({ sortOn: ['code'] }, rules), 'sortOn');
    rejects(() => parseListOptions({ sortOn: ['name'], sortOrder: ['UP'] }, rules), 'sortOrder');
    rejects(() => parseListOptions({ sortOn: ['name'], sortOrder: ['ASC', 'DESC'] }, rules), 'sortOrder');
  });
  it('pairs sortOrder with sortOn, the last order repeating', () => {
    assert.deepEqual(parseListOptions({ sortOn: ['name', 'lseId'], sortOrder: ['desc'] }, rules).sort, [
      { field: 'name', descending: true },
      { field: 'lseId', descending: true },
    ]);
    assert.deepEqual(parseListOptions({ sortOn: ['name,lseId'], sortOrder: ['ASC,DESC'] }, rules).sort, [
      { field: 'name', descending: false },
      { field: 'lseId', descending: true },
    ]);
    assert.deepEqual(parseListOptions({ sortOrder: ['DESC'] }, rules).sort, [{ field: 'lseId', descending: true }]);
  });
  it('reads fields=ext', () => {
    assert.equal(isExt('ext'), true);
    assert.equal(isExt('EXT'), true);
    assert.equal(isExt('min'), false);
    assert.equal(isExt(undefined), false);
  });
});
