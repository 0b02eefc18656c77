// Moving a typical year (8760 hourly values) onto real dates in an IANA zone.
//
// The spec says "the typical data is moved to the requested period accounting for weekdays, weekends, leap days and
// daylight saving". A typical profile (for example a DOE commercial reference building, on the 2017 calendar where
// Jan 1 is a Sunday) has 365 days of 24 hour-beginning values in local standard time, index 0 = Jan 1 00:00-01:00.
// The rules, and why:
//
// 1. Days keep their weekday. Each real local date takes the typical day with the SAME ISO weekday that is nearest
//    to it in day of year: the one within -3..+3 days of the same month/day (seven consecutive days hold each weekday
//    once, so that day exists and is unique). Why: commercial loads are shaped by the weekly occupancy cycle far more
//    than by a few days of weather drift; a Monday must look like a Monday. In a non-leap year the shift is the same
//    for every day (a rotation by whole days, as REopt does); in a leap year it moves by one day after Feb 29.
//    - Feb 29 is matched from Feb 28's position, so it gets the same-weekday typical day within 3 days of Feb 28
//      (Feb 29, 2024, a Thursday, takes Mar 2, 2017, a Thursday). From Mar 1 on a leap year matches month/day again.
//      When the shift passes +3 it turns to -3 (a week earlier is nearer): in 2020 Feb 28 takes Mar 3, 2017 while
//      Feb 29 and Mar 1 take Feb 25 and 26; every day stays within 3 days, the order of days need not be kept.
//    - Year ends: when the nearest same-weekday day would fall outside the typical year (before its Jan 1 or after
//      its Dec 31), the one a week later/earlier is taken instead, so a day is at most 6 days from its month/day
//      (Dec 31, 2024, a Tuesday, takes Dec 26, 2017, not a day from the other end of the typical year). Why not wrap
//      around as REopt's rotation does: wrapping by 365 days changes the weekday (365 = 52 weeks + 1 day), and
//      wrapping by 364 days would fill late December with early-January days of the typical year; staying inside the
//      year keeps both the weekday and the month.
// 2. Hours follow the wall clock. Each interval of the real day takes the typical day's value for its local
//    wall-clock hour of day h (0-23), times the fraction of an hour it lasts. Why: schedules (opening hours, HVAC
//    set-backs) follow the clock on the wall, and the typical data, being in standard time all year, has no DST of
//    its own. Consequences: on the spring-forward day the skipped wall hour's value is dropped (23 intervals); on the
//    fall-back day the repeated wall hour takes the same typical value twice (25 intervals); a zone that shifts by
//    30 minutes (Australia/Lord_Howe) keeps or repeats half an hour's share; a `from`/`to` inside an hour gives a
//    partial interval with the proportional share of that hour.
// 3. Intervals are cut at the local wall-clock hour boundaries of the zone and at offset changes (an offset change
//    is itself an hour boundary except in half-hour DST zones), and cover [from, to) without gaps or overlaps.
// 4. Each real calendar year (local, in the zone) touched by the range is scaled by one factor so that the WHOLE real
//    year, all its days even those outside the range, totals exactly sum(values). Why: the typical year's total is
//    its annual consumption; rotating days, adding Feb 29 and DST change the raw total slightly, and REopt
//    renormalizes the same way after rotating. A partial range therefore gets exactly its share of that scaled year,
//    and any range is a slice of the whole-year moves (ranges over a year end use each year's own factor). Should a
//    real year pick no non-zero typical hour at all (a degenerate profile), its factor is 1.
//
// Limits: values must be 8760 finite non-negative numbers (a load profile; a net profile could total zero or less and
// the scaling factor would explode or flip sign), startDay an ISO weekday, to > from, and to - from at most 3 x 366
// days (the caller enforces the product's limits).
//
// Speed: offsets come from the shared local clock (zone transitions found once per process and year, then plain
// arithmetic), so there is no date-library call per hour or per day; a year is a few walks of 8760 steps.
import { localClock, type LocalClock } from '../time/local-clock.ts';

export interface TypicalYear {
  /** 8760 kWh, one per hour of a 365-day year, index 0 = Jan 1 00:00-01:00 local standard time (hour beginning). */
  values: readonly number[];
  /** ISO weekday of Jan 1 of the typical year, 1 = Monday ... 7 = Sunday (7 for the 2017-based DOE profiles). */
  startDay: number;
}

/** One interval on the real timeline: [from, to) in epoch ms and the energy used in it. */
export interface MovedInterval {
  from: number;
  to: number;
  kwh: number;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TYPICAL_DAYS = 365;
const TYPICAL_HOURS = TYPICAL_DAYS * 24;
/** The longest range accepted: three leap years. */
export const MAX_MOVE_MS = 3 * 366 * DAY;

/** Day number (days since 1970-01-01) of Jan 1 of a year. */
const jan1 = (year: number): number => Date.UTC(year, 0, 1) / DAY;
const yearOfDay = (dayNumber: number): number => new Date(dayNumber * DAY).getUTCFullYear();

/**
 * Which typical day each real local date takes, for the calendar years firstYear..lastYear. `at(day)` sets `base` (the
 * index in `values` of hour 0 of that typical day) and `year` (0 = firstYear); it remembers the last date, as hours
 * arrive day by day.
 */
class DayMap {
  base = 0;
  year = 0;
  private readonly starts: number[] = [];
  private lastDay = Number.NaN;

  constructor(
    private readonly startDay: number,
    firstYear: number,
    lastYear: number,
  ) {
    for (let y = firstYear; y <= lastYear + 1; y++) this.starts.push(jan1(y));
  }

  at(dayNumber: number): void {
    if (dayNumber === this.lastDay) return;
    const starts = this.starts;
    let y = this.year;
    while (y + 2 < starts.length && dayNumber >= starts[y + 1]!) y++;
    while (y > 0 && dayNumber < starts[y]!) y--;
    const leap = starts[y + 1]! - starts[y]! === 366;
    const dayOfYear = dayNumber - starts[y]!; // 0-based; the clamp below only guards strays past the edges
    // Feb 29 (day 59 of a leap year) is matched from Feb 28's position; later days from their own month/day.
    const nominal = Math.min(TYPICAL_DAYS - 1, Math.max(0, leap && dayOfYear >= 59 ? dayOfYear - 1 : dayOfYear));
    const realWeekday = (((dayNumber + 3) % 7) + 7) % 7; // 0 = Monday; day 0 (1970-01-01) was a Thursday
    const typicalWeekday = (this.startDay - 1 + nominal) % 7;
    let shift = (realWeekday - typicalWeekday + 7) % 7; // nearest same weekday: -3..+3 days
    if (shift > 3) shift -= 7;
    let day = nominal + shift;
    if (day < 0) day += 7;
    else if (day >= TYPICAL_DAYS) day -= 7;
    this.lastDay = dayNumber;
    this.year = y;
    this.base = day * 24;
  }
}

/**
 * Calls visit(start, end, localDayNumber, wallHour) for each piece of [start, end) cut at local wall-clock hour
 * boundaries and at offset changes. Pure arithmetic on the clock's offset steps.
 */
function walkHours(
  clock: LocalClock,
  start: number,
  end: number,
  visit: (a: number, b: number, day: number, hour: number) => void,
): void {
  const { starts, offsets } = clock;
  let k = 0;
  while (k + 1 < starts.length && start >= starts[k + 1]!) k++;
  let t = start;
  while (t < end) {
    const offset = offsets[k]!;
    const stepEnd = k + 1 < starts.length ? Math.min(starts[k + 1]!, end) : end;
    while (t < stepEnd) {
      const wallHourStart = Math.floor((t + offset) / HOUR) * HOUR;
      let next = wallHourStart + HOUR - offset;
      if (next > stepEnd) next = stepEnd;
      const day = Math.floor(wallHourStart / DAY);
      visit(t, next, day, (wallHourStart - day * DAY) / HOUR);
      t = next;
    }
    k++;
  }
}

/** Moves a typical year onto [from, to) in `zone`; see the rules at the top of this file. */
export function moveTypicalYear(year: TypicalYear, zone: string, from: number, to: number): MovedInterval[] {
  const { values, startDay } = year;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !(to > from))
    throw new RangeError(`The range must have to > from (from ${from}, to ${to})`);
  if (to - from > MAX_MOVE_MS) throw new RangeError(`The range is longer than ${MAX_MOVE_MS / DAY} days`);
  if (values.length !== TYPICAL_HOURS)
    throw new RangeError(`A typical year has ${TYPICAL_HOURS} hourly values, not ${values.length}`);
  if (!Number.isInteger(startDay) || startDay < 1 || startDay > 7)
    throw new RangeError(`startDay must be an ISO weekday 1-7, not ${startDay}`);
  let total = 0;
  for (let i = 0; i < TYPICAL_HOURS; i++) {
    const v = values[i]!;
    if (!(v >= 0) || v === Infinity) throw new RangeError(`Typical value ${i} must be a finite number >= 0, not ${v}`);
    total += v;
  }

  // A clock generous enough for whole local years around the range (offsets are within a day of UTC).
  const roughFirst = new Date(from - DAY).getUTCFullYear();
  const roughLast = new Date(to + DAY).getUTCFullYear();
  const clock = localClock(zone, Date.UTC(roughFirst, 0, 1) - DAY, Date.UTC(roughLast + 1, 0, 1) + DAY);
  const firstYear = yearOfDay(clock.dayOf(from));
  const lastYear = Math.max(firstYear, yearOfDay(clock.dayOf(Math.max(from, to - 1))));
  const days = new DayMap(startDay, firstYear, lastYear);

  // Pass 1: the raw total of each whole real year, hence its scaling factor.
  const raw = new Array<number>(lastYear - firstYear + 1).fill(0);
  walkHours(clock, clock.startOfDay(jan1(firstYear)), clock.startOfDay(jan1(lastYear + 1)), (a, b, day, hour) => {
    days.at(day);
    const v = values[days.base + hour]!;
    raw[days.year]! += b - a === HOUR ? v : (v * (b - a)) / HOUR;
  });
  const factors = raw.map((sum) => (sum > 0 ? total / sum : 1));

  // Pass 2: the intervals of the range, each scaled by its own year's factor.
  const out: MovedInterval[] = [];
  walkHours(clock, from, to, (a, b, day, hour) => {
    days.at(day);
    const v = values[days.base + hour]! * factors[days.year]!;
    out.push({ from: a, to: b, kwh: b - a === HOUR ? v : (v * (b - a)) / HOUR });
  });
  return out;
}
