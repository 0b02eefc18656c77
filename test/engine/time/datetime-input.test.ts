import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDateTime, formatLocalDateTime, parseDateTimeInput } from '../../../src/engine/time/datetime-input.ts';

const LA = 'America/Los_Angeles';

describe('parseDateTimeInput', () => {
  it('reads the original API form with fractional seconds and a colon-less offset', () => {
    const p = parseDateTimeInput('2011-10-26T12:00:00.0-0400', LA)!;
    assert.equal(p.hasOffset, true);
    assert.equal(formatDateTime(p.value), '2011-10-26T12:00:00-04:00');
  });
  it("puts a time without offset in the given zone, with that zone's DST", () => {
    assert.equal(formatDateTime(parseDateTimeInput('2024-07-01T09:30', LA)!.value), '2024-07-01T09:30:00-07:00');
    assert.equal(formatDateTime(parseDateTimeInput('2024-01-01T09:30:00', LA)!.value), '2024-01-01T09:30:00-08:00');
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-07-01T09:30', 'America/Phoenix')!.value),
      '2024-07-01T09:30:00-07:00',
    );
  });
  it('reads a date alone as local midnight', () => {
    const p = parseDateTimeInput('2024-03-10', LA)!;
    assert.equal(p.dateOnly, true);
    assert.equal(formatDateTime(p.value), '2024-03-10T00:00:00-08:00');
  });
  it('accepts Z, a space for T, and a + turned into a space by a query string', () => {
    assert.equal(formatDateTime(parseDateTimeInput('2024-01-01T00:00:00Z', LA)!.value), '2024-01-01T00:00:00Z');
    assert.equal(formatLocalDateTime(parseDateTimeInput('2024-01-01 08:00', LA)!.value), '2024-01-01T08:00:00');
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-01-01T08:00:00 02:00', LA)!.value),
      '2024-01-01T08:00:00+02:00',
    );
  });
  it('rejects what is not a date', () => {
    for (const bad of ['', 'tomorrow', '2024-02-30', '2024-13-01', '2024-01-01T25:00', '20240101x']) {
      assert.equal(parseDateTimeInput(bad, LA), null, bad);
    }
  });
  it('reads a wall-clock time repeated at the fall-back change as its first (daylight) occurrence', () => {
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-11-03T01:30', 'America/New_York')!.value),
      '2024-11-03T01:30:00-04:00',
    );
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-11-03T01:30-05:00', 'America/New_York')!.value),
      '2024-11-03T01:30:00-05:00',
    );
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-11-03T02:30', 'America/New_York')!.value),
      '2024-11-03T02:30:00-05:00',
    );
  });
  it('moves a time inside the spring-forward gap forward by the gap', () => {
    assert.equal(
      formatDateTime(parseDateTimeInput('2024-03-10T02:30', 'America/New_York')!.value),
      '2024-03-10T03:30:00-04:00',
    );
  });
  it('does not depend on the host time zone', () => {
    // npm test runs under TZ=Australia/Lord_Howe; the zone named is the only one that counts.
    assert.notEqual(process.env.TZ, undefined);
    assert.equal(parseDateTimeInput('2024-11-03T01:30', 'America/New_York')!.value.offset, -240);
  });

  it('reads a text again in another zone in that zone (readings are kept by zone and text), and stays right past its bound', () => {
    const ny = parseDateTimeInput('2026-03-01', 'America/New_York')!;
    const la = parseDateTimeInput('2026-03-01', 'America/Los_Angeles')!;
    assert.equal(ny.value.toISO(), '2026-03-01T00:00:00.000-05:00');
    assert.equal(la.value.toISO(), '2026-03-01T00:00:00.000-08:00');
    assert.equal(parseDateTimeInput('2026-03-01', 'America/New_York'), ny, 'read once');
    assert.ok(Object.isFrozen(ny), 'a shared reading cannot be changed by one caller');
    // More distinct texts than it keeps: every one still read right.
    for (let d = 0; d < 2000; d++) {
      const text = `2026-01-01T00:00:${String(d % 60).padStart(2, '0')}.${String(d).padStart(4, '0').slice(0, 3)}`;
      assert.equal(parseDateTimeInput(text, 'UTC')!.value.toMillis(), Date.parse(`${text}Z`), text);
    }
    assert.equal(parseDateTimeInput('not a date', 'UTC'), null);
    assert.equal(parseDateTimeInput('not a date', 'UTC'), null);
  });
});
