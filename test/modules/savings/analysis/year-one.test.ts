// The year-one step from the request: fromDateTime (a date, a local or an offset date-time), else the consumption
// series' start, else the first of next month at the place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { yearOneOf } from '../../../../src/modules/savings/analysis/year-one.ts';
import type { Body } from '../../../../src/modules/savings/analysis/types.ts';
import { planOf, refuses, zipRow } from './fixtures.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const plan = planOf([{ keyName: 'systemSize', dataValue: 4 }]);

describe('the year-one step', () => {
  it('is a year from fromDateTime, written as it was given', () => {
    const of = (fromDateTime: string) => yearOneOf({ fromDateTime } as Body, plan, zipRow(), NOW);
    assert.deepEqual(of('2027-01-01'), { from: '2027-01-01', to: '2028-01-01' });
    assert.deepEqual(of('2027-03-15T06:00'), { from: '2027-03-15T06:00', to: '2028-03-15T06:00:00.000' });
    assert.deepEqual(of('2027-03-15T06:00:00-07:00'), {
      from: '2027-03-15T06:00:00-07:00',
      to: '2028-03-15T06:00:00.000-07:00',
    });
  });

  it("starts at the consumption series' start, else the first of next month at the place", () => {
    const withSeries = planOf([
      { keyName: 'consumption', fromDateTime: '2027-02-01', duration: 3_600_000, dataSeries: [1] },
    ]);
    assert.deepEqual(yearOneOf({} as Body, withSeries, zipRow(), NOW), { from: '2027-02-01', to: '2028-02-01' });
    // 25 November 2026 in San Francisco: year one is December 2026 to November 2027.
    assert.deepEqual(yearOneOf({} as Body, plan, zipRow(), NOW), { from: '2026-12-01', to: '2027-12-01' });
    // 30 November 22:00 in Chicago is already December in UTC: the place's month counts.
    assert.deepEqual(
      yearOneOf({} as Body, plan, zipRow({ time_zone_id: 'America/Chicago' }), new Date('2026-12-01T04:00:00Z')),
      { from: '2026-12-01', to: '2027-12-01' },
    );
  });

  it('refuses a date that is not one, naming the input it came from', async () => {
    await refuses(() => yearOneOf({ fromDateTime: '2027-13-01' } as Body, plan, zipRow(), NOW), 'fromDateTime');
    const badSeries = planOf([{ keyName: 'consumption', fromDateTime: 'soon', duration: 3_600_000, dataSeries: [1] }]);
    await refuses(() => yearOneOf({} as Body, badSeries, zipRow(), NOW), 'propertyInputs[0].fromDateTime');
  });
});
