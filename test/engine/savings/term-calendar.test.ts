// The term's calendar in the tariff's zone: its years, year one's local months (across a DST change) and instants
// written with their local offset; shared by the designs of a request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharedTermCalendar, termCalendar, type TermCalendar } from '../../../src/engine/savings/term-calendar.ts';

const from = Date.parse('2027-01-01T08:00:00Z'); // midnight in Los Angeles (PST, -08:00)
const to = Date.parse('2028-01-01T08:00:00Z');

describe('the term calendar', () => {
  it('gives the years, the local months and local instants', () => {
    const c = termCalendar('America/Los_Angeles', from, to, 3);
    assert.deepEqual(
      c.yearPeriods.map((y) => new Date(y.from).toISOString()),
      ['2027-01-01T08:00:00.000Z', '2028-01-01T08:00:00.000Z', '2029-01-01T08:00:00.000Z'],
    );
    assert.equal(new Date(c.yearPeriods[2]!.to).toISOString(), '2030-01-01T08:00:00.000Z');
    assert.equal(c.months.length, 13);
    // April 1 is in daylight time (-07:00).
    assert.equal(new Date(c.months[3]!).toISOString(), '2027-04-01T07:00:00.000Z');
    assert.equal(c.months[12], to);
    assert.equal(c.at(from), '2027-01-01T00:00:00-08:00');
    assert.equal(c.at(c.months[3]!), '2027-04-01T00:00:00-07:00');
  });

  it('is made once for the designs that share it', () => {
    const memo = new Map<string, TermCalendar>();
    const a = sharedTermCalendar(memo, 'America/Los_Angeles', from, to, 20);
    assert.equal(sharedTermCalendar(memo, 'America/Los_Angeles', from, to, 20), a);
    assert.notEqual(sharedTermCalendar(memo, 'America/Los_Angeles', from, to, 10), a);
  });
});
