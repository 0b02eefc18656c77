// Eligibility by applicability properties, and an EV's charging window on a grid: pure parts of the comparison,
// checked by hand.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { eligibilityOf, holds, type ApplicabilityProperty } from '../../../src/modules/compare/eligibility.ts';
import { evLoad } from '../../../src/modules/compare/ev-load.ts';

const prop = (p: Partial<ApplicabilityProperty>): ApplicabilityProperty => ({
  keyName: 'k',
  displayName: null,
  dataType: null,
  propertyTypes: 'APPLICABILITY',
  operator: '=',
  propertyValue: null,
  minValue: null,
  maxValue: null,
  choices: null,
  ...p,
});

describe('eligibility by applicability properties', () => {
  it('compares numbers as numbers, words and booleans without case, ranges inclusive', () => {
    const c = (operator: string, propertyValue: string | null, minValue: string | null = null, maxValue = null) => ({
      displayName: null,
      dataType: null,
      operator,
      propertyValue,
      minValue,
      maxValue,
      choices: null,
    });
    assert.equal(holds(c('=', 'true'), 'TRUE'), true);
    assert.equal(holds(c('=', '2'), '2.0'), true);
    assert.equal(holds(c('=', 'Inside'), 'Outside'), false);
    assert.equal(holds(c('<', '200'), '199.5'), true);
    assert.equal(holds(c('>=', '200'), '199.5'), false);
    assert.equal(holds(c('<=', '200'), 'lots'), null);
    assert.equal(holds(c('between', null, '10'), '10'), true);
    assert.equal(holds(c('between', null, '10'), '9.99'), false);
    assert.equal(holds(c('~', 'x'), 'x'), null);
  });

  it('is eligible when every answered condition holds, not when one fails, unknown with the questions left', () => {
    const props = [
      prop({ keyName: 'hasElectricVehicle', propertyValue: 'true' }),
      prop({ keyName: 'demand', operator: '<', propertyValue: '200' }),
      // Rate criteria choose rates: never a condition of eligibility.
      prop({ keyName: 'cityLimits', propertyTypes: 'RATE_CRITERIA', propertyValue: 'Inside' }),
    ];
    const of = (answers: Record<string, string>) => eligibilityOf(props, new Map(Object.entries(answers)));
    assert.equal(of({ hasElectricVehicle: 'true', demand: '20', cityLimits: 'Outside' }).status, 'ELIGIBLE');
    const failed = of({ hasElectricVehicle: 'false' });
    assert.equal(failed.status, 'INELIGIBLE');
    assert.deepEqual(failed.status === 'INELIGIBLE' && failed.failed.map((f) => f.keyName), ['hasElectricVehicle']);
    const unknown = of({ hasElectricVehicle: 'true' });
    assert.equal(unknown.status, 'UNKNOWN');
    assert.deepEqual(unknown.status === 'UNKNOWN' && unknown.questions.map((q) => q.keyName), ['demand']);
    assert.equal(eligibilityOf([], new Map()).status, 'ELIGIBLE');
  });
});

describe("an EV's charging window", () => {
  const zone = 'America/Los_Angeles';
  const from = DateTime.fromISO('2027-01-01', { zone }).toMillis();
  const to = DateTime.fromISO('2028-01-01', { zone }).toMillis();
  const hourAt = (k: number) => DateTime.fromMillis(from + k * 3_600_000, { zone });

  it('spreads a window across midnight over its hours, the first evening before the year charging into it', () => {
    // 1,825 kWh over 365 days = 5 kWh a day; 22:00 to 02:00 is 4 hours: 1.25 kWh an hour.
    const v = evLoad({ annualKwh: 1825, start: 22, end: 2, defaulted: [] }, zone, from, to, 3_600_000);
    assert.equal(v.length, 8760);
    assert.ok(Math.abs(v[0]! - 1.25) < 1e-9 && Math.abs(v[1]! - 1.25) < 1e-9 && v[2] === 0, 'Jan 1, 00:00 and 01:00');
    assert.ok(Math.abs(v[22]! - 1.25) < 1e-9 && Math.abs(v[23]! - 1.25) < 1e-9, 'Jan 1, 22:00 and 23:00');
    // The session of Dec 31 spills out of the year; the one of Dec 31 2026 came into it: the year holds 1,825 kWh.
    const total = v.reduce((s, x) => s + x, 0);
    assert.ok(Math.abs(total - 1825) < 1e-6, `${total}`);
    // 2027-03-14 (DST starts at 02:00): the session of the 13th, 22:00 to 02:00, is still 4 real hours.
    const k = v.findIndex((_, i) => hourAt(i).toISODate() === '2027-03-14');
    assert.ok(Math.abs(v[k]! - 1.25) < 1e-9 && Math.abs(v[k + 1]! - 1.25) < 1e-9 && v[k + 2] === 0);
  });

  it('shares a quarter-hour grid the same way', () => {
    const v = evLoad({ annualKwh: 3650, start: 1, end: 3, defaulted: [] }, zone, from, to, 900_000);
    // 10 kWh a day over 01:00-03:00: 5 kWh an hour, 1.25 each quarter hour.
    assert.equal(v[4], 1.25);
    assert.equal(v[3], 0);
    assert.ok(Math.abs(v.reduce((s, x) => s + x, 0) - 3650) < 1e-6);
  });
});
