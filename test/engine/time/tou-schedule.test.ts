import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { formatDate, type CivilDate } from '../../../src/engine/calendar/civil-date.ts';
import { formatDateTime } from '../../../src/engine/time/datetime-input.ts';
import type { SeasonDef } from '../../../src/engine/time/seasons.ts';
import { compileTouGroup, dayTable, touIntervals, type TouDef } from '../../../src/engine/time/tou-schedule.ts';
import type { TouPeriod } from '../../../src/engine/time/tou-periods.ts';

const p = (fromDayOfWeek: number, fromHour: number, toDayOfWeek: number, toHour: number): TouPeriod => ({
  fromDayOfWeek,
  fromHour,
  fromMinute: 0,
  toDayOfWeek,
  toHour,
  toMinute: 0,
});
const summer: SeasonDef = {
  seasonId: 1,
  seasonName: 'Summer',
  seasonFromMonth: 6,
  seasonFromDay: 1,
  seasonToMonth: 9,
  seasonToDay: 30,
};
const winter: SeasonDef = {
  seasonId: 2,
  seasonName: 'Winter',
  seasonFromMonth: 10,
  seasonFromDay: 1,
  seasonToMonth: 5,
  seasonToDay: 31,
};

// A 4-9 pm peak every day. Off-Peak names holiday calendar 7, but its periods cover only 9 pm-4 pm, so on those
// dates it claims no more than it has; the dynamic Holiday Off-Peak takes calendar 7's dates whole.
const peakEveryDay: TouDef[] = [
  {
    touId: 10,
    touName: 'Peak',
    touType: 'ON_PEAK',
    seasonId: null,
    calendarId: null,
    isDynamic: false,
    periods: [p(0, 16, 6, 21)],
  },
  {
    touId: 11,
    touName: 'Off-Peak',
    touType: 'OFF_PEAK',
    seasonId: null,
    calendarId: 7,
    isDynamic: false,
    periods: [p(0, 21, 6, 16)],
  },
  {
    touId: 12,
    touName: 'Holiday Off-Peak',
    touType: 'OFF_PEAK',
    seasonId: null,
    calendarId: 7,
    isDynamic: true,
    periods: [p(0, 0, 6, 0)],
  },
];
const none = () => new Set<number>();
const show = (list: ReturnType<typeof touIntervals>) =>
  list.map((i) => `${i.tou.touName} ${formatDateTime(i.from)} ${formatDateTime(i.to)}`);
const la = (iso: string) => DateTime.fromISO(iso, { zone: 'America/Los_Angeles' });

describe('compiled TOU schedule', () => {
  it('makes intervals in local time, merged across midnight', () => {
    const group = compileTouGroup(peakEveryDay, []);
    assert.deepEqual(
      show(touIntervals(group, 'America/Los_Angeles', la('2024-07-01T00:00'), la('2024-07-02T00:00'), none)),
      [
        'Off-Peak 2024-07-01T00:00:00-07:00 2024-07-01T16:00:00-07:00',
        'Peak 2024-07-01T16:00:00-07:00 2024-07-01T21:00:00-07:00',
        'Off-Peak 2024-07-01T21:00:00-07:00 2024-07-02T00:00:00-07:00',
      ],
    );
    const twoDays = touIntervals(group, 'America/Los_Angeles', la('2024-07-01T12:00'), la('2024-07-03T12:00'), none);
    assert.deepEqual(
      show(twoDays).slice(2, 3),
      ['Off-Peak 2024-07-01T21:00:00-07:00 2024-07-02T16:00:00-07:00'],
      'one run over midnight',
    );
    assert.equal(formatDateTime(twoDays[0]!.from), '2024-07-01T12:00:00-07:00', 'clipped to the range');
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25, in Los Angeles and New York', () => {
    const group = compileTouGroup(peakEveryDay, []);
    for (const [zone, spring, fall] of [
      ['America/Los_Angeles', '2024-03-10', '2024-11-03'],
      ['America/New_York', '2024-03-10', '2024-11-03'],
    ] as const) {
      const day = (date: string) =>
        touIntervals(
          group,
          zone,
          DateTime.fromISO(date, { zone }),
          DateTime.fromISO(date, { zone }).plus({ days: 1 }),
          none,
        );
      const hours = (list: ReturnType<typeof touIntervals>) => list.map((i) => i.to.diff(i.from, 'hours').hours);
      assert.deepEqual(hours(day(spring)), [15, 5, 3], `${zone} spring: off-peak midnight-4 pm is 15 h`);
      assert.deepEqual(hours(day(fall)), [17, 5, 3], `${zone} fall: off-peak midnight-4 pm is 17 h`);
      assert.equal(
        formatDateTime(day(spring)[1]!.from).slice(-6),
        zone === 'America/New_York' ? '-04:00' : '-07:00',
        'peak after the change is in daylight time',
      );
    }
  });

  it('has no DST in Arizona', () => {
    const group = compileTouGroup(peakEveryDay, []);
    const zone = 'America/Phoenix';
    const list = touIntervals(
      group,
      zone,
      DateTime.fromISO('2024-03-10', { zone }),
      DateTime.fromISO('2024-03-11', { zone }),
      none,
    );
    assert.deepEqual(
      list.map((i) => i.to.diff(i.from, 'hours').hours),
      [16, 5, 3],
    );
    assert.ok(list.every((i) => i.from.offset === -420));
  });

  it("lets a dynamic TOU take its calendar's dates", () => {
    const group = compileTouGroup(peakEveryDay, []);
    const july4 = (d: CivilDate) => new Set(formatDate(d) === '2024-07-04' ? [7] : []);
    assert.deepEqual(
      show(touIntervals(group, 'America/Los_Angeles', la('2024-07-04T00:00'), la('2024-07-05T00:00'), july4)),
      ['Holiday Off-Peak 2024-07-04T00:00:00-07:00 2024-07-05T00:00:00-07:00'],
    );
  });

  it("lets a TOU with a calendar claim the calendar's dates as the original's Georgia Power group does", () => {
    // Recorded group 2756/1: Summer On-Peak weekdays 2-7 pm; Summer Off-Peak (calendar 34) the rest, in two periods.
    const tous: TouDef[] = [
      {
        touId: 1,
        touName: 'Summer On-Peak',
        touType: null,
        seasonId: null,
        calendarId: null,
        isDynamic: false,
        periods: [p(0, 14, 4, 19)],
      },
      {
        touId: 2,
        touName: 'Summer Off-Peak',
        touType: null,
        seasonId: null,
        calendarId: 34,
        isDynamic: false,
        periods: [p(0, 19, 6, 14), p(5, 14, 6, 19)],
      },
    ];
    const group = compileTouGroup(tous, []);
    const ga = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' });
    const ordinary = touIntervals(group, 'America/New_York', ga('2024-07-03T00:00'), ga('2024-07-04T00:00'), none);
    assert.deepEqual(
      ordinary.map((i) => i.tou.touName),
      ['Summer Off-Peak', 'Summer On-Peak', 'Summer Off-Peak'],
    );
    const holiday = touIntervals(
      group,
      'America/New_York',
      ga('2024-07-04T00:00'),
      ga('2024-07-05T00:00'),
      (d) => new Set(d.day === 4 ? [34] : []),
    );
    assert.deepEqual(show(holiday), ['Summer Off-Peak 2024-07-04T00:00:00-04:00 2024-07-05T00:00:00-04:00']);
  });

  it('follows seasons, including one that wraps the new year', () => {
    const tous: TouDef[] = [
      {
        touId: 1,
        touName: 'Summer Peak',
        touType: 'ON_PEAK',
        seasonId: 1,
        calendarId: null,
        isDynamic: false,
        periods: [p(0, 14, 4, 19)],
      },
      {
        touId: 2,
        touName: 'Summer Off-Peak',
        touType: 'OFF_PEAK',
        seasonId: 1,
        calendarId: null,
        isDynamic: false,
        periods: [p(0, 19, 4, 14), p(5, 0, 6, 0)],
      },
      {
        touId: 3,
        touName: 'Winter Off-Peak',
        touType: 'OFF_PEAK',
        seasonId: 2,
        calendarId: null,
        isDynamic: false,
        periods: [p(0, 0, 6, 0)],
      },
    ];
    const group = compileTouGroup(tous, [summer, winter]);
    const at = (date: CivilDate, minute: number) => tous[dayTable(group, date, none)[minute]!]!.touName;
    assert.equal(at({ year: 2024, month: 7, day: 1 }, 15 * 60), 'Summer Peak');
    assert.equal(at({ year: 2024, month: 7, day: 6 }, 15 * 60), 'Summer Off-Peak', 'Saturday');
    assert.equal(at({ year: 2024, month: 12, day: 31 }, 15 * 60), 'Winter Off-Peak');
    assert.equal(at({ year: 2025, month: 1, day: 2 }, 15 * 60), 'Winter Off-Peak');
    const autumn = touIntervals(
      group,
      'America/New_York',
      DateTime.fromISO('2024-09-30T12:00', { zone: 'America/New_York' }),
      DateTime.fromISO('2024-10-01T12:00', { zone: 'America/New_York' }),
      none,
    );
    assert.deepEqual(
      autumn.map((i) => i.tou.touName),
      ['Summer Off-Peak', 'Summer Peak', 'Summer Off-Peak', 'Winter Off-Peak'],
    );
  });

  it('answers the same whatever the host time zone', () => {
    assert.equal(process.env.TZ, 'Australia/Lord_Howe');
    const group = compileTouGroup(peakEveryDay, []);
    const list = touIntervals(
      group,
      'America/New_York',
      DateTime.fromISO('2024-01-15T00:00:00-05:00'),
      DateTime.fromISO('2024-01-16T00:00:00-05:00'),
      none,
    );
    assert.equal(formatDateTime(list[1]!.from), '2024-01-15T16:00:00-05:00');
  });
});
