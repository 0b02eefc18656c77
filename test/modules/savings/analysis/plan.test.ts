// The plan step: the request's plan and each design's, designs that give the usage refused, profile inputs checked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plansOf } from '../../../../src/modules/savings/analysis/plan.ts';
import type { Body } from '../../../../src/modules/savings/analysis/types.ts';
import { refuses } from './fixtures.ts';

const body = (over: Partial<Body>): Body =>
  ({ address: { zip: '94110' }, propertyInputs: [{ keyName: 'loadSize', dataValue: 7000 }], ...over }) as Body;

describe('the plan step', () => {
  it("gives a request without designs one design on the request's plan", () => {
    const p = plansOf(body({}), null);
    assert.deepEqual(
      p.designs.map((d) => d.designId),
      [null],
    );
    assert.equal(p.designs[0]!.plan, p.plan);
    assert.deepEqual(p.all, [p.plan]);
    assert.equal(p.plan.baseline.loadSize, 7000);
  });

  it("reads each design's inputs over the request's, naming a design by its position when it has no id", () => {
    const p = plansOf(
      body({
        propertyInputs: [
          { keyName: 'loadSize', dataValue: 7000 },
          { keyName: 'systemSize', dataValue: 2 },
          { keyName: 'projectDuration', dataValue: 10 },
        ],
        designs: [
          { designId: 'big', propertyInputs: [{ keyName: 'systemSize', dataValue: 9 }] },
          { propertyInputs: [{ keyName: 'tilt', dataValue: 30 }] },
        ],
      }),
      null,
    );
    assert.deepEqual(
      p.designs.map((d) => [d.designId, d.plan.pv.system.systemCapacity, d.plan.pv.system.tilt, d.plan.years]),
      [
        ['big', 9, p.plan.pv.system.tilt, 10],
        ['1', 2, 30, 10],
      ],
    );
    assert.equal(p.all.length, 3);
  });

  it('refuses a design that gives the usage or the tariff before solar, naming its input', async () => {
    await refuses(
      () => plansOf(body({ designs: [{ propertyInputs: [{ keyName: 'consumption', dataValue: 5 }] }] }), null),
      'designs[0].propertyInputs[0].keyName',
    );
    await refuses(
      () =>
        plansOf(
          body({
            designs: [
              { propertyInputs: [{ keyName: 'systemSize', dataValue: 3 }] },
              { propertyInputs: [{ keyName: 'masterTariffId', dataValue: 522, scenarios: 'before,after' }] },
            ],
          }),
          null,
        ),
      'designs[1].propertyInputs[0].keyName',
    );
  });

  it('needs an account for a profile input, and a solar profile is the whole PV', async () => {
    await refuses(
      () => plansOf(body({ propertyInputs: [{ keyName: 'profileId', dataValue: 'p-1' }] }), null),
      'propertyInputs[0].keyName',
    );
    const message = await refuses(
      () =>
        plansOf(
          body({
            propertyInputs: [
              { keyName: 'systemSize', dataValue: 4 },
              { keyName: 'profileId', dataValue: 'p-1', scenarios: 'solar' },
            ],
          }),
          // The account itself is not read by the check: only whether there is one.
          { field: 'accountId', value: 'a-1', account: {} as never },
        ),
      'propertyInputs[1].keyName',
    );
    assert.match(message, /also at propertyInputs\[0\]/);
  });
});
