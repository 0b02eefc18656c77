// Time-of-use periods on the week grid (minute 0 = Monday 00:00, Monday = day 0 ... Sunday = day 6), as the
// spec defines them: each day from fromDayOfWeek to toDayOfWeek is evaluated on its own; the from time is
// inclusive and the to time exclusive; a from time later than the to time covers midnight to the to time
// and the from time to midnight; equal from and to times cover the whole day.

export interface TouPeriod {
  fromDayOfWeek: number;
  fromHour: number;
  fromMinute: number;
  toDayOfWeek: number;
  toHour: number;
  toMinute: number;
}

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

export class PeriodError extends Error {}

export function checkPeriod(p: TouPeriod): void {
  const within = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v <= max;
  if (!within(p.fromDayOfWeek, 6) || !within(p.toDayOfWeek, 6))
    throw new PeriodError('fromDayOfWeek and toDayOfWeek must be 0 (Monday) to 6 (Sunday)');
  if (!within(p.fromHour, 23) || !within(p.toHour, 23)) throw new PeriodError('fromHour and toHour must be 0 to 23');
  if (!within(p.fromMinute, 59) || !within(p.toMinute, 59))
    throw new PeriodError('fromMinute and toMinute must be 0 to 59');
}

/** The days a period names, in order; from Saturday (5) to Monday (0) wraps over the weekend. */
export function periodDays(p: TouPeriod): number[] {
  const days: number[] = [];
  for (let d = p.fromDayOfWeek; ; d = (d + 1) % 7) {
    days.push(d);
    if (d === p.toDayOfWeek) return days;
  }
}

/** The minute-of-day windows [start, end) the period covers on each of its days. */
export function dayWindows(p: TouPeriod): [number, number][] {
  const from = p.fromHour * 60 + p.fromMinute;
  const to = p.toHour * 60 + p.toMinute;
  if (from === to) return [[0, MINUTES_PER_DAY]];
  if (from < to) return [[from, to]];
  return [
    [0, to],
    [from, MINUTES_PER_DAY],
  ].filter(([a, b]) => b! > a!) as [number, number][];
}

/** The week-minute ranges [start, end) the period covers. */
export function weekRanges(p: TouPeriod): [number, number][] {
  const windows = dayWindows(p);
  return periodDays(p).flatMap((d) =>
    windows.map(([a, b]) => [d * MINUTES_PER_DAY + a, d * MINUTES_PER_DAY + b] as [number, number]),
  );
}

export interface CoverageTou {
  touName: string;
  seasonId: number | null;
  calendarId: number | null;
  /** Dynamic TOUs apply only on their calendar's dates (event days): they are not part of the week's coverage. */
  isDynamic?: boolean;
  periods: readonly TouPeriod[];
}

export interface CoverageProblem {
  kind: 'GAP' | 'OVERLAP';
  seasonId: number | null;
  dayOfWeek: number;
  hour: number;
  minute: number;
  /** The TOUs covering that minute: none for a gap, two or more for an overlap. */
  touNames: string[];
}

/**
 * The first minute of the week, season by season, that no TOU covers or that more than one covers. TOUs without a
 * season apply in every season; dynamic TOUs (event days only) are left out.
 */
export function findCoverageProblem(
  tous: readonly CoverageTou[],
  groupSeasonIds?: readonly number[],
): CoverageProblem | null {
  const weekly = tous.filter((t) => !(t.calendarId !== null && t.isDynamic));
  // Every season of the group must be covered, including one that no TOU names.
  const seasonIds = [
    ...new Set([...(groupSeasonIds ?? []), ...weekly.map((t) => t.seasonId).filter((s): s is number => s !== null)]),
  ].sort((a, b) => a - b);
  for (const season of seasonIds.length ? seasonIds : [null]) {
    const active = weekly.filter((t) => t.seasonId === null || t.seasonId === season);
    const owners: number[][] = Array.from({ length: MINUTES_PER_WEEK }, () => []);
    active.forEach((t, i) => {
      for (const p of t.periods)
        for (const [a, b] of weekRanges(p)) for (let m = a; m < b; m++) if (owners[m]!.at(-1) !== i) owners[m]!.push(i);
    });
    const first = owners.findIndex((o) => o.length !== 1);
    if (first >= 0) {
      const o = owners[first]!;
      return {
        kind: o.length === 0 ? 'GAP' : 'OVERLAP',
        seasonId: season,
        dayOfWeek: Math.floor(first / MINUTES_PER_DAY),
        hour: Math.floor((first % MINUTES_PER_DAY) / 60),
        minute: first % 60,
        touNames: o.map((i) => active[i]!.touName),
      };
    }
  }
  return null;
}
