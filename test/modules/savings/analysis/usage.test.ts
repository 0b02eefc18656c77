// The usage step: a consumption series that must cover year one exactly on a grid dividing an hour, or the place's
// typical baseline hour by hour, scaled by baselineType's dataFactor; a bad building type names the input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgument } from '../../../../src/http/errors.ts';
import { baselineUsage, consumptionUsage } from '../../../../src/modules/savings/analysis/usage.ts';
import { H, planOf, refuses, zipRow } from './fixtures.ts';

const FROM = Date.parse('2027-01-01T00:00:00Z');
const series = (duration: number, values: number[]) =>
  planOf([{ keyName: 'consumption', fromDateTime: '2027-01-01T00:00:00Z', duration, dataSeries: values }]);

describe('the usage step', () => {
  it('reads a consumption series covering year one', () => {
    // A "year" of three hours, in 15-minute intervals.
    const u = consumptionUsage(
      series(
        H / 4,
        Array.from({ length: 12 }, (_, k) => k),
      ),
      'UTC',
      FROM,
      FROM + 3 * H,
    );
    assert.deepEqual([u.from, u.duration, u.values.length, u.values[11]], [FROM, H / 4, 12, 11]);
    assert.equal(u.noted, 'Interval data: 12 values of 15 minutes');
    assert.equal(u.accuracy, 100);
  });

  it('refuses a grid that does not divide an hour and a series short of year one', async () => {
    await refuses(
      () => consumptionUsage(series(7 * 60_000, [1, 2]), 'UTC', FROM, FROM + 14 * 60_000),
      'propertyInputs[0].duration',
    );
    await refuses(() => consumptionUsage(series(H, [1, 2]), 'UTC', FROM, FROM + 3 * H), 'propertyInputs[0].dataSeries');
  });

  it("puts the typical baseline's intervals in their hours, times the dataFactor", async () => {
    const plan = planOf([{ keyName: 'baselineType', dataValue: 'typicalElectricity', dataFactor: 2 }]);
    const asked: unknown[] = [];
    const u = await baselineUsage(
      {
        typicalUsage: async (q) => {
          asked.push(q);
          // Half-hours: 0.25 + 0.25 kWh in the first hour, 1 kWh in the second, none in the third.
          return {
            intervals: [
              { from: FROM, kwh: 0.25 },
              { from: FROM + H / 2, kwh: 0.25 },
              { from: FROM + H, kwh: 1 },
            ],
            description: 'a typical home',
          } as never;
        },
      },
      plan,
      zipRow(),
      'UTC',
      FROM,
      FROM + 3 * H,
    );
    // (0.25 + 0.25) x 2 = 1; 1 x 2 = 2.
    assert.deepEqual([...u.values], [1, 2, 0]);
    assert.equal(u.noted, 'Typical baseline: a typical home, times 2');
    assert.deepEqual(asked, [{ zipCode: '94110', buildingType: undefined, customerClass: 'RESIDENTIAL' }]);
  });

  it('names the buildingId input for an unknown building type', async () => {
    const plan = planOf([{ keyName: 'buildingId', dataValue: 'CASTLE' }]);
    const baselines = {
      typicalUsage: async () => {
        throw invalidArgument('buildingType', 'CASTLE', 'Unknown building type');
      },
    };
    await refuses(() => baselineUsage(baselines, plan, zipRow(), 'UTC', FROM, FROM + H), 'propertyInputs');
  });
});
