// The pieces the baselines write their JSON with: numbers and integers as JSON.stringify writes them, text of any
// character, growth past the first guess, and the byte-bounded cache dropping the least recently used first.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteLru } from '../../../src/modules/baselines/byte-lru.ts';
import { ByteWriter } from '../../../src/modules/baselines/byte-writer.ts';

describe('ByteWriter', () => {
  it('writes numbers, integers and text as JSON.stringify does, growing past its first size', () => {
    const numbers = [
      0,
      -0,
      1,
      -1,
      0.1,
      1 / 3,
      123456.789,
      1e21,
      1e-7,
      5e-324,
      Number.MAX_VALUE,
      -2.5e-10,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    const integers = [0, 7, 9, 10, 99, 100, 8760, 2 ** 31 - 1];
    const text = 'Zürich "quoted" \u2603';
    const w = new ByteWriter(1);
    w.ascii('[');
    for (const n of numbers) {
      w.number(n);
      w.ascii(',');
    }
    for (const n of integers) {
      w.integer(n);
      w.ascii(',');
    }
    w.utf8(JSON.stringify(text));
    const ready = new TextEncoder().encode('],"tail"');
    w.bytes(ready, 0, 1);
    w.bytes(ready, 1, ready.length);
    assert.equal(w.result().toString('utf8'), `${JSON.stringify([...numbers, ...integers, text])},"tail"`);
  });
});

describe('ByteLru', () => {
  it('keeps at most its bytes, dropping the least recently used first, and never a value larger than itself', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    assert.equal(lru.get('a'), 'A'); // a is now the most recently used
    lru.set('c', 'C', 4); // 12 > 10: b goes
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('c')], ['A', undefined, 'C']);
    lru.set('a', 'A2', 6); // replacing counts the new size only: 6 + 4
    assert.deepEqual([lru.get('a'), lru.get('c')], ['A2', 'C']);
    lru.set('huge', 'H', 11);
    assert.deepEqual([lru.get('huge'), lru.get('a'), lru.get('c')], [undefined, 'A2', 'C']);
  });
});
