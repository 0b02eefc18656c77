// Energy over spans of time on a grid: shared by time, or by an hourly shape for spans longer than an hour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addByTime, spansOnGrid, spreadByShape } from '../../../src/engine/usage/on-grid.ts';

const H = 3_600_000;

describe('energy on a grid', () => {
  it('shares a span by time over the intervals it covers', () => {
    // 2 kWh over 00:30-01:30 on an hourly grid: 1 kWh in each hour.
    const values = new Float64Array(3);
    addByTime(values, 0, H, H / 2, 1.5 * H, 2);
    assert.deepEqual([...values], [1, 1, 0]);
  });

  it('clips spans to the grid', () => {
    // 4 kWh over -1 h to +1 h: the half inside the grid, 2 kWh, in hour 0; 3 kWh over 02:00-03:00 is past the end.
    const out = spansOnGrid(
      [
        { start: -H, end: H, value: 4 },
        { start: 2 * H, end: 3 * H, value: 3 },
      ],
      0,
      2 * H,
      H,
    );
    assert.deepEqual([...out], [2, 0]);
  });

  it("spreads a long span by the shape's hours, and by time where the shape has none", () => {
    // 4 kWh over two hours whose typical kWh are 1 and 3: 1 and 3.
    const shaped = new Float64Array(2);
    spreadByShape(shaped, 0, H, 0, 2 * H, 4, Float64Array.from([1, 3]));
    assert.deepEqual([...shaped], [1, 3]);
    const flat = new Float64Array(2);
    spreadByShape(flat, 0, H, 0, 2 * H, 4, Float64Array.from([0, 0]));
    assert.deepEqual([...flat], [2, 2]);
  });
});
