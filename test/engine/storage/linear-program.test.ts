// The program builder's rows: whatever order the terms come in, a row is stored in column order, a column given twice
// is summed, and zero coefficients (given, or summed to zero) are left out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LpBuilder } from '../../../src/engine/storage/linear-program.ts';

/** Row r of a built program as [column, coefficient] pairs. */
function rowOf(b: LpBuilder, r: number): [number, number][] {
  const lp = b.build();
  const out: [number, number][] = [];
  for (let k = lp.starts[r]!; k < lp.starts[r + 1]!; k++) out.push([lp.indices[k]!, lp.values[k]!]);
  return out;
}

function builderWith(columns: number): LpBuilder {
  const b = new LpBuilder();
  for (let j = 0; j < columns; j++) b.column(0);
  return b;
}

describe('LpBuilder rows', () => {
  it('terms in column order are kept as given, zeros left out', () => {
    const b = builderWith(5);
    b.row(
      [
        [0, 1],
        [2, 0],
        [3, -2.5],
      ],
      0,
      0,
    );
    assert.deepEqual(rowOf(b, 0), [
      [0, 1],
      [3, -2.5],
    ]);
  });

  it('a short row out of order is put in order, a column given twice summed, a sum of zero left out', () => {
    const b = builderWith(5);
    b.row([[4, 1]], 0, 1);
    b.row(
      [
        [3, 1],
        [1, 2],
        [3, 0.5],
        [2, 1],
        [2, -1],
      ],
      -1,
      1,
    );
    assert.deepEqual(rowOf(b, 0), [[4, 1]]);
    assert.deepEqual(rowOf(b, 1), [
      [1, 2],
      [3, 1.5],
    ]);
    const lp = b.build();
    assert.deepEqual([...lp.rowLower], [0, -1]);
    assert.deepEqual([...lp.rowUpper], [1, 1]);
  });

  it('a long row out of order (sorted first) equals the same terms given in order', () => {
    const n = 100;
    const shuffled: [number, number][] = Array.from({ length: n }, (_, j) => [(j * 37) % n, j % 7 === 0 ? 0 : j]);
    const inOrder = [...shuffled].sort((a, b) => a[0] - b[0]);
    const a = builderWith(n);
    const b = builderWith(n);
    a.row(shuffled, 0, 1);
    b.row(inOrder, 0, 1);
    assert.deepEqual(rowOf(a, 0), rowOf(b, 0));
    assert.equal(rowOf(a, 0).length, n - Math.ceil(n / 7));
    assert.ok(rowOf(a, 0).every(([j], k, all) => k === 0 || j > all[k - 1]![0]));
  });
});
