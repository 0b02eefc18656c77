// Year one month by month from a bill: its items' costs by the month they start in and by charge type, the kWh drawn
// and sent in each month.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BillResult } from '../../../src/engine/bill/types.ts';
import { monthFigures } from '../../../src/engine/savings/month-figures.ts';

const H = 3_600_000;
const item = (fromDateTime: number, chargeType: string, cost: number) => ({ fromDateTime, chargeType, cost });

describe('month figures', () => {
  it('splits a bill and its net load by month', () => {
    // Two "months" of two hours each; hourly net load 1, -2 (sent), 3, 0.5.
    const bill = {
      items: [item(0, 'FIXED_PRICE', 10), item(0, 'CONSUMPTION_BASED', 1.234), item(2 * H, 'CONSUMPTION_BASED', 0.7)],
    } as unknown as BillResult;
    const [a, b] = monthFigures(bill, [1, -2, 3, 0.5], { from: 0, duration: H }, [0, 2 * H, 4 * H]);
    // Month 1: drew 1, sent 2: net -1 kWh; 10 + 1.234 = 11.234 -> charges 10 and 1.23.
    assert.deepEqual(a, {
      period: { from: 0, to: 2 * H },
      kwh: -1,
      cost: 11.234,
      importedKWh: 1,
      exportedKWh: 2,
      charges: { FIXED_PRICE: 10, CONSUMPTION_BASED: 1.23 },
    });
    // Month 2: drew 3.5, sent nothing.
    assert.deepEqual([b!.kwh, b!.importedKWh, b!.exportedKWh, b!.cost], [3.5, 3.5, 0, 0.7]);
  });

  it('gives kWh without a bill (the PV output)', () => {
    const months = monthFigures(null, [2, 2, 5], { from: 0, duration: H }, [0, H, 3 * H]);
    assert.deepEqual(
      months.map((m) => [m.kwh, m.cost]),
      [
        [2, 0],
        [7, 0],
      ],
    );
  });
});
