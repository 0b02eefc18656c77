// A time-of-use group compiled for fast look-ups: for each season, a minute-of-week table of TOU indexes, and for
// each holiday calendar a minute-of-day override. The bill engine reads these per interval without date-library
// calls; `touIntervals` turns them into concrete local intervals in the LSE's zone, DST included.
import { DateTime } from 'luxon';
import { addDays, compareDates, isoWeekday, type CivilDate } from '../calendar/civil-date.ts';
import { earliestOccurrence } from './datetime-input.ts';
import { seasonOn, type SeasonDef } from './seasons.ts';
import { MINUTES_PER_DAY, MINUTES_PER_WEEK, dayWindows, weekRanges, type TouPeriod } from './tou-periods.ts';

export interface TouDef {
  touId: number;
  touName: string;
  touType: string | null;
  seasonId: number | null;
  /** On this calendar's dates the TOU claims the times of day its periods name, whatever the weekday. */
  calendarId: number | null;
  /** A dynamic TOU (event days: critical peak) applies only on its calendar's dates; others are also part of the week. */
  isDynamic: boolean;
  periods: readonly TouPeriod[];
}

export interface CompiledTouGroup {
  tous: readonly TouDef[];
  seasons: readonly SeasonDef[];
  /** Minute-of-week -> index into tous (-1: none), per seasonId ('none' when the group has no seasons). */
  weekBySeason: ReadonlyMap<number | 'none', Int32Array>;
  /** Minute-of-day -> index into tous (-1: not overridden), per calendarId and season. */
  overrides: ReadonlyMap<string, Int32Array>;
  calendarIds: ReadonlySet<number>;
}

const overrideKey = (calendarId: number, season: number | 'none') => `${calendarId}:${season}`;

export function compileTouGroup(tous: readonly TouDef[], seasons: readonly SeasonDef[]): CompiledTouGroup {
  const seasonKeys: (number | 'none')[] = seasons.length ? seasons.map((s) => s.seasonId) : ['none'];
  const applies = (t: TouDef, season: number | 'none') => t.seasonId === null || t.seasonId === season;
  const weekBySeason = new Map<number | 'none', Int32Array>();
  const overrides = new Map<string, Int32Array>();
  const calendarIds = new Set<number>();
  for (const season of seasonKeys) {
    const week = new Int32Array(MINUTES_PER_WEEK).fill(-1);
    tous.forEach((t, i) => {
      if (!applies(t, season)) return;
      if (t.calendarId !== null) {
        calendarIds.add(t.calendarId);
        const key = overrideKey(t.calendarId, season);
        const day = overrides.get(key) ?? new Int32Array(MINUTES_PER_DAY).fill(-1);
        for (const p of t.periods) for (const [a, b] of dayWindows(p)) day.fill(i, a, b);
        overrides.set(key, day);
      }
      if (!(t.calendarId !== null && t.isDynamic))
        for (const p of t.periods) for (const [a, b] of weekRanges(p)) week.fill(i, a, b);
    });
    weekBySeason.set(season, week);
  }
  return { tous, seasons, weekBySeason, overrides, calendarIds };
}

/**
 * The TOU index of each minute of one local date. `calendarsOn` tells which holiday calendars include the date;
 * their override TOUs win where they apply.
 */
export function dayTable(
  group: CompiledTouGroup,
  date: CivilDate,
  calendarsOn: (date: CivilDate) => ReadonlySet<number>,
): Int32Array {
  const season: number | 'none' = group.seasons.length ? (seasonOn(group.seasons, date)?.seasonId ?? 'none') : 'none';
  const week = group.weekBySeason.get(season);
  const start = (isoWeekday(date) - 1) * MINUTES_PER_DAY;
  const day = week ? week.slice(start, start + MINUTES_PER_DAY) : new Int32Array(MINUTES_PER_DAY).fill(-1);
  if (group.calendarIds.size) {
    for (const calendarId of calendarsOn(date)) {
      const override = group.overrides.get(overrideKey(calendarId, season));
      if (!override) continue;
      for (let m = 0; m < MINUTES_PER_DAY; m++) if (override[m]! >= 0) day[m] = override[m]!;
    }
  }
  return day;
}

export interface TouInterval {
  tou: TouDef;
  from: DateTime;
  to: DateTime;
}

/** A local wall-clock minute as an instant: a repeated time means its first occurrence, a skipped one moves forward. */
function localInstant(date: CivilDate, minuteOfDay: number, zone: string): DateTime {
  const base = DateTime.fromObject({ year: date.year, month: date.month, day: date.day }, { zone });
  if (minuteOfDay === MINUTES_PER_DAY) return DateTime.fromObject({ ...addDays(date, 1) }, { zone });
  return earliestOccurrence(base.set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 }));
}

/**
 * Concrete intervals of the group's TOUs from `from` to `to` in `zone`: one per run of the same TOU, merged across
 * midnight, clipped to the range. Days of 23 and 25 hours come out with their real lengths.
 */
export function touIntervals(
  group: CompiledTouGroup,
  zone: string,
  from: DateTime,
  to: DateTime,
  calendarsOn: (date: CivilDate) => ReadonlySet<number>,
): TouInterval[] {
  const out: TouInterval[] = [];
  const startLocal = from.setZone(zone);
  const endLocal = to.setZone(zone);
  let date: CivilDate = { year: startLocal.year, month: startLocal.month, day: startLocal.day };
  const last: CivilDate = { year: endLocal.year, month: endLocal.month, day: endLocal.day };
  for (; compareDates(date, last) <= 0; date = addDays(date, 1)) {
    const table = dayTable(group, date, calendarsOn);
    for (let m = 0; m < MINUTES_PER_DAY; ) {
      const index = table[m]!;
      let end = m + 1;
      while (end < MINUTES_PER_DAY && table[end] === index) end++;
      if (index >= 0) {
        const a = localInstant(date, m, zone);
        const b = localInstant(date, end, zone);
        const previous = out.at(-1);
        if (previous && previous.tou === group.tous[index] && +previous.to === +a) previous.to = b;
        else if (+b > +a) out.push({ tou: group.tous[index]!, from: a, to: b });
      }
      m = end;
    }
  }
  return out
    .filter((i) => +i.to > +from && +i.from < +to)
    .map((i) => ({ tou: i.tou, from: +i.from < +from ? startLocal : i.from, to: +i.to > +to ? endLocal : i.to }));
}
