// A job chunk's grids are shared only between bills whose tariff versions and added rates are the same objects: the
// cache hands out one instance per value, and must never hand out one for a different value (a tax of another place,
// a rate dated otherwise), or a bill would run on another bill's rates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rate } from '../../../src/engine/tariff/model.ts';
import { SharedGrids } from '../../../src/modules/calculations/shared-grids.ts';

const tax = (id: number, to: number | null | undefined) =>
  ({ tariffRateId: -1_000_000 - id, rateName: 'tax', to }) as unknown as Rate;

describe('SharedGrids', () => {
  it('hands out the first instance of equal added rates, and a new one for any difference', () => {
    const shared = new SharedGrids();
    const first = [tax(1, null)];
    assert.equal(shared.rates(first), first);
    assert.equal(shared.rates([tax(1, null)]), first, 'equal content: the first instance');
    const otherTax = [tax(2, null)];
    assert.equal(shared.rates(otherTax), otherTax, 'another tax: its own');
    // JSON alone would write undefined and Infinity as null: kept apart.
    const undef = [tax(1, undefined)];
    assert.equal(shared.rates(undef), undef);
    const inf = [tax(1, Number.POSITIVE_INFINITY)];
    assert.equal(shared.rates(inf), inf);
    assert.equal(shared.rates([]), shared.rates([]), 'no added rates: one instance too');
  });

  it('makes a value once per key, and again after a make that threw', () => {
    const shared = new SharedGrids();
    let made = 0;
    const make = () => ({ n: ++made });
    assert.equal(shared.one('a', make), shared.one('a', make));
    assert.equal(made, 1);
    assert.throws(() =>
      shared.one('b', () => {
        throw new Error('no version');
      }),
    );
    assert.deepEqual(shared.one('b', make), { n: 2 });
  });
});
