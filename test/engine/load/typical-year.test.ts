import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { moveTypicalYear, type MovedInterval, type TypicalYear } from '../../../src/engine/load/typical-year.ts';

const HOUR = 3_600_000;
const NY = 'America/New_York';

/** ISO weekday of typical day k of a year starting on a Sunday (startDay 7): k = 0 -> 7, k = 1 -> 1, ... */
const typicalWeekday = (k: number) => ((6 + k) % 7) + 1;

/**
 * value = weekday * 100 + hour + 1 (Sunday hour 1 = 702, Tuesday hour 10 = 211), on the 2017 calendar (startDay 7).
 * Its total, worked by hand: a day of weekday w sums 24 * 100w + (1 + ... + 24) = 2400w + 300. 2017 has 53 Sundays
 * (Jan 1 and Dec 31) and 52 of each other weekday: 52 * (2400 * 28 + 7 * 300) + (2400 * 7 + 300)
 * = 52 * 69,300 + 17,100 = 3,620,700.
 */
const weekdayHour: TypicalYear = {
  startDay: 7,
  values: Array.from({ length: 8760 }, (_, i) => typicalWeekday(Math.floor(i / 24)) * 100 + (i % 24) + 1),
};
const WEEKDAY_HOUR_TOTAL = 3_620_700;
/**
 * The raw (unscaled) total of the weekday-hour year moved onto a real year: it only depends on how many of each
 * weekday the year has and on its DST days, because every day keeps its weekday.
 * 2024 (Jan 1 a Monday, 366 days): 53 Mondays and 53 Tuesdays: 52 * 69,300 + 2,700 + 5,100 = 3,611,400; in New York
 * Mar 10 (a Sunday) loses hour 2 (703) and Nov 3 (a Sunday) repeats hour 1 (702): 3,611,400 - 703 + 702 = 3,611,399.
 * 2025 (Jan 1 a Wednesday, 365 days): 53 Wednesdays: 3,603,600 + 7,500 = 3,611,100; Mar 9 and Nov 2 are Sundays:
 * 3,611,100 - 703 + 702 = 3,611,099.
 */
const F2024_NY = WEEKDAY_HOUR_TOTAL / 3_611_399;
const F2025_NY = WEEKDAY_HOUR_TOTAL / 3_611_099;

/** value = index + 1: the value tells which typical day and hour it came from. Total 8760 * 8761 / 2 = 38,373,180. */
const indexed: TypicalYear = { startDay: 7, values: Array.from({ length: 8760 }, (_, i) => i + 1) };

const local = (iso: string, zone = NY) => DateTime.fromISO(iso, { zone }).toMillis();
const sum = (xs: readonly MovedInterval[]) => xs.reduce((s, x) => s + x.kwh, 0);
const closeRel = (actual: number, expected: number, rel: number, message?: string) =>
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected), `${message ?? ''} ${actual} != ${expected}`);

function assertContiguous(out: readonly MovedInterval[], from: number, to: number) {
  assert.equal(out[0]!.from, from);
  assert.equal(out.at(-1)!.to, to);
  for (let i = 1; i < out.length; i++) assert.equal(out[i]!.from, out[i - 1]!.to, `gap or overlap at ${i}`);
}

/** Local date -> its intervals, read with Luxon (independent of the engine's own arithmetic). */
function byLocalDate(out: readonly MovedInterval[], zone: string) {
  const days = new Map<string, { interval: MovedInterval; at: DateTime }[]>();
  for (const interval of out) {
    const at = DateTime.fromMillis(interval.from, { zone });
    const key = at.toISODate()!;
    if (!days.has(key)) days.set(key, []);
    days.get(key)!.push({ interval, at });
  }
  return days;
}

describe('moving a typical year onto real dates', () => {
  const y2024 = moveTypicalYear(weekdayHour, NY, local('2024-01-01T00:00'), local('2025-01-01T00:00'));
  const y2025 = moveTypicalYear(weekdayHour, NY, local('2025-01-01T00:00'), local('2026-01-01T00:00'));

  it('keeps weekdays and wall-clock hours through a leap year with DST (2024, New York), and its total', () => {
    assert.equal(y2024.length, 366 * 24, '8784 intervals: one hour lost in March, one repeated in November');
    assertContiguous(y2024, local('2024-01-01T00:00'), local('2025-01-01T00:00'));
    for (const x of y2024) {
      assert.equal(x.to - x.from, HOUR);
      const at = DateTime.fromMillis(x.from, { zone: NY });
      // Same weekday, same wall hour, one factor for the whole year.
      closeRel(x.kwh, (at.weekday * 100 + at.hour + 1) * F2024_NY, 1e-12, at.toISO()!);
    }
    const days = byLocalDate(y2024, NY);
    assert.equal(days.size, 366);
    for (const [date, hours] of days) {
      const expected = date === '2024-03-10' ? 23 : date === '2024-11-03' ? 25 : 24;
      assert.equal(hours.length, expected, date);
    }
    // Feb 29, 2024 is a Thursday and gets a Thursday: hour 0 = 401.
    closeRel(days.get('2024-02-29')![0]!.interval.kwh, 401 * F2024_NY, 1e-12);
    // Mar 10: wall hours 0, 1, 3, ... (2 is skipped and its value dropped).
    assert.deepEqual(
      days
        .get('2024-03-10')!
        .map((h) => h.at.hour)
        .slice(0, 3),
      [0, 1, 3],
    );
    // Nov 3: wall hour 1 twice (EDT then EST), both the Sunday hour-1 value 702.
    const nov3 = days.get('2024-11-03')!;
    assert.deepEqual(nov3.map((h) => h.at.hour).slice(0, 4), [0, 1, 1, 2]);
    assert.equal(nov3[1]!.interval.kwh, nov3[2]!.interval.kwh);
    closeRel(nov3[1]!.interval.kwh, 702 * F2024_NY, 1e-12);
    closeRel(sum(y2024), WEEKDAY_HOUR_TOTAL, 1e-9, '2024 total');
    closeRel(sum(y2025), WEEKDAY_HOUR_TOTAL, 1e-9, '2025 total');
  });

  /**
   * Moves the indexed year onto a whole real year in New York and decodes which typical day each real date took.
   * `anchor` is the hand-worked value of Jan 1 hour 0; it fixes the year's factor, and every other value must then
   * decode to an integer (one factor for the year), to the wall hour, and to a typical day of the same weekday
   * within 3 days of the same month/day (Feb 29 measured from Feb 28) or, at the ends, a week further inside.
   */
  function typicalDaysOf(year: number, anchor: number): Map<string, number> {
    const out = moveTypicalYear(indexed, NY, local(`${year}-01-01T00:00`), local(`${year + 1}-01-01T00:00`));
    const factor = out[0]!.kwh / anchor;
    const leap = DateTime.fromObject({ year }).isInLeapYear;
    const typicalDayOf = new Map<string, number>();
    for (const x of out) {
      const raw = x.kwh / factor;
      assert.ok(Math.abs(raw - Math.round(raw)) < 1e-6, `not one factor: ${raw}`);
      const index = Math.round(raw) - 1;
      const at = DateTime.fromMillis(x.from, { zone: NY });
      assert.equal(index % 24, at.hour, `wall hour ${at.toISO()}`);
      const k = Math.floor(index / 24);
      assert.equal(typicalWeekday(k), at.weekday, `weekday ${at.toISO()}`);
      const date = at.toISODate()!;
      if (typicalDayOf.has(date)) assert.equal(typicalDayOf.get(date), k, `one typical day per real day ${date}`);
      typicalDayOf.set(date, k);
      const nominal = at.ordinal - 1 - (leap && at.ordinal >= 60 ? 1 : 0);
      const nearest = [k, k - 7, k + 7].some((c) => Math.abs(c - nominal) <= 3 && (c === k || c < 0 || c > 364));
      assert.ok(nearest, `${date}: typical day ${k}, nominal ${nominal}`);
    }
    closeRel(sum(out), 38_373_180, 1e-9, `${year} indexed total`);
    return typicalDayOf;
  }

  it('takes the same-weekday typical day nearest in date, Feb 29 from Feb 28, year ends inside the typical year (2024)', () => {
    // Jan 1, 2024 is a Monday; typical Jan 1 (2017) is a Sunday, so the nearest Monday is typical Jan 2 (day 1):
    // its hour 0 is index 24, value 25.
    const days = typicalDaysOf(2024, 25);
    assert.equal(days.get('2024-01-01'), 1); // Monday -> Mon Jan 2, 2017
    assert.equal(days.get('2024-02-28'), 59); // Wednesday; Feb 28, 2017 (day 58) is a Tuesday -> Wed Mar 1
    assert.equal(days.get('2024-02-29'), 60); // Thursday, from Feb 28: +2 -> Thu Mar 2, 2017
    assert.equal(days.get('2024-03-01'), 61); // Friday; Mar 1, 2017 (day 59) a Wednesday -> Fri Mar 3
    assert.equal(days.get('2024-07-04'), 186); // Thursday; Jul 4, 2017 (day 184) a Tuesday -> Thu Jul 6
    assert.equal(days.get('2024-12-29'), 364); // Sunday; Dec 29, 2017 (day 362) a Friday -> Sun Dec 31
    // Tuesday Dec 31 (nominal day 364, a Sunday): +2 would be past the typical year, so a week earlier: Tue Dec 26.
    assert.equal(days.get('2024-12-31'), 359);
    assert.equal(days.get('2024-12-30'), 358); // Monday: Mon Dec 25, 2017
  });

  it('looks 3 days back rather than 4 ahead (2020, where the shift turns from +3 to -3 at Feb 29)', () => {
    // Jan 1, 2020 is a Wednesday: +3 -> Wed Jan 4, 2017 (day 3), hour 0 = index 72, value 73.
    const days = typicalDaysOf(2020, 73);
    assert.equal(days.get('2020-01-01'), 3);
    assert.equal(days.get('2020-02-28'), 61); // Friday; Feb 28, 2017 a Tuesday: +3 -> Fri Mar 3
    // Saturday Feb 29, from Feb 28 (Tuesday): +4 is not nearest, -3 is -> Sat Feb 25, 2017 (day 55). (From Mar 1,
    // a Wednesday, it would have been +3 -> day 62: this pins the Feb 28 rule.)
    assert.equal(days.get('2020-02-29'), 55);
    assert.equal(days.get('2020-03-01'), 56); // Sunday; Mar 1, 2017 a Wednesday: -3 -> Sun Feb 26
    assert.equal(days.get('2020-12-31'), 361); // Thursday; Dec 31, 2017 a Sunday: -3 -> Thu Dec 28
  });

  it('keeps the first days of a year inside the typical year too (2026)', () => {
    // Jan 1, 2026 is a Thursday: the nearest Thursday to typical Jan 1 (Sunday) is -3 days, before the typical year,
    // so a week later: Thu Jan 5, 2017 (day 4), hour 0 = index 96, value 97. Fri Jan 2 -> day 5, Sat Jan 3 -> day 6,
    // and Sun Jan 4 (nominal 3, -3) -> day 0, the typical year's first Sunday.
    const days = typicalDaysOf(2026, 97);
    assert.deepEqual(
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((d) => days.get(d)),
      [4, 5, 6, 0],
    );
  });

  it('returns the typical year unchanged on its own calendar (2017) in zones without DST', () => {
    let seed = 12345;
    const values = Array.from({ length: 8760 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    });
    // Jan 1, 2017 is a Sunday = startDay: every shift is 0; no DST: every day 24 hours; raw total = total, factor 1.
    for (const zone of ['Etc/GMT+7', 'America/Phoenix']) {
      const out = moveTypicalYear({ values, startDay: 7 }, zone, Date.UTC(2017, 0, 1, 7), Date.UTC(2018, 0, 1, 7));
      assert.equal(out.length, 8760, zone);
      out.forEach((x, i) => {
        assert.equal(x.from, Date.UTC(2017, 0, 1, 7) + i * HOUR, `${zone} ${i}`);
        assert.equal(x.to, x.from + HOUR);
        closeRel(x.kwh, values[i]!, 1e-12, `${zone} ${i}`);
      });
    }
  });

  it('gives a partial range exactly the slice of the whole-year move (July 2025)', () => {
    const from = local('2025-07-01T00:00');
    const to = local('2025-08-01T00:00');
    const july = moveTypicalYear(weekdayHour, NY, from, to);
    assert.equal(july.length, 31 * 24);
    const start = y2025.findIndex((x) => x.from === from);
    assert.deepEqual(july, y2025.slice(start, start + july.length));
    // Jul 1, 2025 is a Tuesday: hour 0 = 201, scaled by 2025's factor.
    closeRel(july[0]!.kwh, 201 * F2025_NY, 1e-12);
  });

  it('scales each side of a year end by its own year (2024-12-15 to 2025-01-15)', () => {
    const from = local('2024-12-15T00:00');
    const to = local('2025-01-15T00:00');
    const out = moveTypicalYear(weekdayHour, NY, from, to);
    assert.equal(out.length, 31 * 24);
    const a = y2024.findIndex((x) => x.from === from);
    const b = y2025.findIndex((x) => x.from === to);
    assert.deepEqual(out, [...y2024.slice(a), ...y2025.slice(0, b)]);
    const newYear = out.findIndex((x) => x.from === local('2025-01-01T00:00'));
    closeRel(out[newYear - 1]!.kwh, 224 * F2024_NY, 1e-12); // Tuesday Dec 31, 2024, hour 23
    closeRel(out[newYear]!.kwh, 301 * F2025_NY, 1e-12); // Wednesday Jan 1, 2025, hour 0
  });

  it('gives a partial first and last hour their proportional share (10:30 to 12:15)', () => {
    const out = moveTypicalYear(weekdayHour, NY, local('2025-07-01T10:30'), local('2025-07-01T12:15'));
    assert.deepEqual(
      out.map((x) => [x.from, x.to]),
      [
        [local('2025-07-01T10:30'), local('2025-07-01T11:00')],
        [local('2025-07-01T11:00'), local('2025-07-01T12:00')],
        [local('2025-07-01T12:00'), local('2025-07-01T12:15')],
      ],
    );
    // Tuesday hours 10, 11, 12 are 211, 212, 213: half of the first, all of the second, a quarter of the third.
    closeRel(out[0]!.kwh, 0.5 * 211 * F2025_NY, 1e-12);
    closeRel(out[1]!.kwh, 212 * F2025_NY, 1e-12);
    closeRel(out[2]!.kwh, 0.25 * 213 * F2025_NY, 1e-12);
  });

  it('handles a half-hour DST shift by the fraction of the wall hour that exists (Australia/Lord_Howe, 2024)', () => {
    const zone = 'Australia/Lord_Howe';
    const from = local('2024-01-01T00:00', zone);
    const to = local('2025-01-01T00:00', zone);
    const out = moveTypicalYear(weekdayHour, zone, from, to);
    assertContiguous(out, from, to);
    // Apr 7 (a Sunday) 02:00 +11 -> 01:30 +10:30 repeats half of hour 1 (+ 351); Oct 6 (a Sunday) 02:00 +10:30 ->
    // 02:30 +11 skips half of hour 2 (- 351.5): raw 3,611,400 + 351 - 351.5 = 3,611,399.5.
    const factor = WEEKDAY_HOUR_TOTAL / 3_611_399.5;
    for (const x of out) {
      const at = DateTime.fromMillis(x.from, { zone });
      closeRel(x.kwh, ((at.weekday * 100 + at.hour + 1) * factor * (x.to - x.from)) / HOUR, 1e-12, at.toISO()!);
    }
    const days = byLocalDate(out, zone);
    const apr7 = days.get('2024-04-07')!;
    assert.deepEqual(apr7.map((h) => (h.interval.to - h.interval.from) / 60_000).slice(0, 4), [60, 60, 30, 60]);
    closeRel(apr7[2]!.interval.kwh, 351 * factor, 1e-12);
    const oct6 = days.get('2024-10-06')!;
    assert.deepEqual(
      oct6.map((h) => [h.at.hour, h.at.minute, (h.interval.to - h.interval.from) / 60_000]).slice(0, 4),
      [
        [0, 0, 60],
        [1, 0, 60],
        [2, 30, 30],
        [3, 0, 60],
      ],
    );
    closeRel(sum(out), WEEKDAY_HOUR_TOTAL, 1e-9);
  });

  it('moves three whole years, each totalling the typical year', () => {
    const out = moveTypicalYear(weekdayHour, NY, local('2024-01-01T00:00'), local('2027-01-01T00:00'));
    assert.deepEqual(out.slice(0, y2024.length), y2024);
    assert.deepEqual(out.slice(y2024.length, y2024.length + y2025.length), y2025);
    closeRel(sum(out), 3 * WEEKDAY_HOUR_TOTAL, 1e-9);
  });

  it('refuses what it cannot move', () => {
    const t = local('2024-01-01T00:00');
    assert.throws(() => moveTypicalYear(weekdayHour, NY, t, t), RangeError);
    assert.throws(() => moveTypicalYear(weekdayHour, NY, t, t + (3 * 366 + 1) * 24 * HOUR), RangeError);
    assert.throws(
      () => moveTypicalYear({ startDay: 7, values: weekdayHour.values.slice(1) }, NY, t, t + HOUR),
      RangeError,
    );
    assert.throws(() => moveTypicalYear({ startDay: 0, values: weekdayHour.values }, NY, t, t + HOUR), RangeError);
    assert.throws(
      () => moveTypicalYear({ startDay: 7, values: [-1, ...weekdayHour.values.slice(1)] }, NY, t, t + HOUR),
      RangeError,
    );
    assert.throws(
      () => moveTypicalYear({ startDay: 7, values: [Number.NaN, ...weekdayHour.values.slice(1)] }, NY, t, t + HOUR),
      RangeError,
    );
    assert.throws(() => moveTypicalYear(weekdayHour, 'Mars/Olympus_Mons', t, t + HOUR), /Unknown time zone/);
  });
});
