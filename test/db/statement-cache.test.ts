// Prepared statements kept by SQL text for Kysely's SQLite driver (src/db/statement-cache.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { cachingStatements } from '../../src/db/statement-cache.ts';

describe('SQLite statement cache', () => {
  it('prepares a text once, a fresh statement while the kept one iterates, and forgets the least recently used', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = Object.assign(Object.create(raw), {
      prepare: (sql: string) => {
        prepared++;
        return raw.prepare(sql);
      },
    });
    const db = cachingStatements(counting, 2);
    raw.exec('create table t (x integer); insert into t values (1), (2), (3)');
    const a = db.prepare('select x from t order by x');
    assert.equal(db.prepare('select x from t order by x'), a);
    assert.equal(prepared, 1);
    const rows = a.iterate([]);
    rows.next();
    const during = db.prepare('select x from t order by x');
    assert.notEqual(during, a);
    assert.deepEqual(during.all([]), [{ x: 1 }, { x: 2 }, { x: 3 }]);
    rows.return?.();
    assert.equal(db.prepare('select x from t order by x'), a);
    db.prepare('select 1');
    db.prepare('select 2');
    const before = prepared;
    db.prepare('select x from t order by x');
    assert.equal(prepared, before + 1, 'the oldest text left when a third came');
    db.close();
    assert.equal(raw.open, false);
  });
});
