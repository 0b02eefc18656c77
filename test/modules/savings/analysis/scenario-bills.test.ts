// The bills' preparation: net metering assumed for a tariff after solar that names no export arrangement (unless
// exportArrangement is given), and a bill's error renamed to the analysis's input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgument } from '../../../../src/http/errors.ts';
import type { PreparedBill } from '../../../../src/modules/calculations/scenario-preparation.ts';
import { assumeNetMetering, renamed } from '../../../../src/modules/savings/analysis/scenario-bills.ts';
import { planOf } from './fixtures.ts';

const bill = (exportRules: unknown) =>
  ({ input: { versions: [{ exportRules }], exportOverride: { trueUpMonth: 4 } } }) as unknown as PreparedBill;

describe('the scenario bills', () => {
  it('assumes net metering only where the tariff names no export arrangement and none is given', () => {
    const plain = planOf([]);
    const b = bill(null);
    assert.equal(assumeNetMetering(plain, b), true);
    assert.deepEqual(b.input.exportOverride, { trueUpMonth: 4, arrangement: 'NET_METERING' });
    assert.equal(assumeNetMetering(plain, bill({ arrangement: 'NET_BILLING' })), false);
    const chosen = planOf([{ keyName: 'exportArrangement', dataValue: 'NET_BILLING' }]);
    const c = bill(null);
    assert.equal(assumeNetMetering(chosen, c), false);
    assert.deepEqual(c.input.exportOverride, { trueUpMonth: 4 });
  });

  it("names the analysis's input in a bill's error", () => {
    const props = [{ input: null, path: 'designs[1].propertyInputs[3]', scenarios: new Set<never>() }];
    const e = renamed(invalidArgument('propertyInputs[0].dataValue', 'x', 'bad'), props, [], undefined);
    assert.equal((e as ReturnType<typeof invalidArgument>).item.propertyName, 'designs[1].propertyInputs[3].dataValue');
    const tariff = renamed(
      invalidArgument('masterTariffId', 1, 'no such tariff'),
      [],
      [],
      'propertyInputs[0].dataValue',
    );
    assert.equal((tariff as ReturnType<typeof invalidArgument>).item.propertyName, 'propertyInputs[0].dataValue');
    const other = new Error('not an API error');
    assert.equal(renamed(other, props, [], undefined), other);
  });
});
