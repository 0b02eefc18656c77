import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { formatDateTime } from '../../../src/engine/time/datetime-input.ts';
import { formatInstant, localClock } from '../../../src/engine/time/local-clock.ts';

const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'America/Phoenix',
  'Pacific/Honolulu',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'UTC',
  // Luxon writes "Z" for UTC and GMT by those names, "+00:00" for the zones at UTC by other names.
  'GMT',
  'Etc/UTC',
  'Etc/GMT',
  'Zulu',
];

describe('local clock', () => {
  it('reads local days, minutes and ISO text as Luxon does, DST and half-hour offsets included', () => {
    for (const zone of ZONES) {
      const from = Date.UTC(2020, 0, 1);
      const to = Date.UTC(2026, 0, 1);
      const clock = localClock(zone, from, to);
      // Steps of 7 hours, 1 minute and 7 ms walk through every hour of the day and DST changes over six years.
      for (let t = from; t < to; t += 7 * 3_600_000 + 61_007) {
        const luxon = DateTime.fromMillis(t, { zone });
        assert.equal(formatInstant(clock, t), formatDateTime(luxon), `${zone} ${t}`);
        assert.equal(clock.minuteOf(t), luxon.hour * 60 + luxon.minute, `${zone} ${t} minute`);
      }
    }
  });

  it('turns local wall times into instants: a skipped time moves forward, a repeated one is the first', () => {
    const zone = 'America/Los_Angeles';
    const clock = localClock(zone, Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1));
    const day = (iso: string) => Math.floor(DateTime.fromISO(iso, { zone: 'UTC' }).toMillis() / 86_400_000);
    // 2:30 am on March 14, 2021 does not exist: 3:30 am PDT (10:30 UTC).
    assert.equal(new Date(clock.instantOf(day('2021-03-14'), 150)).toISOString(), '2021-03-14T10:30:00.000Z');
    assert.equal(new Date(clock.instantOf(day('2021-03-14'), 210)).toISOString(), '2021-03-14T10:30:00.000Z');
    // 1:30 am on November 7, 2021 happens twice: the first (PDT, 08:30 UTC); 2:30 am is PST (10:30 UTC).
    assert.equal(new Date(clock.instantOf(day('2021-11-07'), 90)).toISOString(), '2021-11-07T08:30:00.000Z');
    assert.equal(new Date(clock.instantOf(day('2021-11-07'), 150)).toISOString(), '2021-11-07T10:30:00.000Z');
    assert.equal(new Date(clock.startOfDay(day('2021-07-04'))).toISOString(), '2021-07-04T07:00:00.000Z');
  });

  it('is one clock for callers over the same years, right for each whatever the order they read in', () => {
    const zone = 'America/Los_Angeles';
    // Two callers over ranges in the same years share the clock (its steps cover whole years).
    const late = localClock(zone, Date.UTC(2021, 10, 20), Date.UTC(2021, 11, 1));
    const early = localClock(zone, Date.UTC(2021, 1, 1), Date.UTC(2021, 1, 2));
    assert.equal(early, late);
    assert.notEqual(localClock(zone, Date.UTC(2023, 1, 1), Date.UTC(2023, 1, 2)), late);
    // One reads the end of the year (PST, after the fall change), the other then the summer (PDT), then the first
    // again: each reading as Luxon writes it.
    for (const t of [Date.UTC(2021, 10, 25, 12), Date.UTC(2021, 6, 4, 12), Date.UTC(2021, 10, 25, 13)]) {
      assert.equal(late.format(t), formatDateTime(DateTime.fromMillis(t, { zone })), String(t));
      assert.equal(late.dayOf(t), early.dayOf(t));
    }
    assert.throws(() => localClock('Mars/Olympus_Mons', 0, 1), /Unknown time zone/);
  });
});
