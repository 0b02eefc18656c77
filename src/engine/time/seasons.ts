// Seasons: date ranges of the year (from and to both inclusive) that may wrap the new year, and the
// predominance rule that moves a season edge to a billing-period boundary.
import { addDays, compareDates, dayNumber, type CivilDate } from '../calendar/civil-date.ts';

export const EDGE_PREDOMINANCE = ['PREDOMINANT', 'SUBSERVIENT'] as const;
export type EdgePredominance = (typeof EDGE_PREDOMINANCE)[number];

export interface SeasonDef {
  seasonId: number;
  seasonName: string;
  seasonFromMonth: number;
  seasonFromDay: number;
  seasonToMonth: number;
  seasonToDay: number;
  fromEdgePredominance?: EdgePredominance | null;
  toEdgePredominance?: EdgePredominance | null;
}

const monthDay = (month: number, day: number) => month * 100 + day;

/** Whether the season contains the date (a season whose from is after its to wraps the new year). */
export function seasonContains(s: SeasonDef, date: CivilDate): boolean {
  const md = monthDay(date.month, date.day);
  const from = monthDay(s.seasonFromMonth, s.seasonFromDay);
  const to = monthDay(s.seasonToMonth, s.seasonToDay);
  return from <= to ? md >= from && md <= to : md >= from || md <= to;
}

export function seasonOn<S extends SeasonDef>(seasons: readonly S[], date: CivilDate): S | null {
  return seasons.find((s) => seasonContains(s, date)) ?? null;
}

export class SeasonGroupError extends Error {}

/** A season group must cover every day of the year (February 29 included) exactly once. */
export function checkSeasonGroup(seasons: readonly SeasonDef[]): void {
  for (let d: CivilDate = { year: 2024, month: 1, day: 1 }; d.year === 2024; d = addDays(d, 1)) {
    const covering = seasons.filter((s) => seasonContains(s, d));
    const at = `${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    if (covering.length === 0) throw new SeasonGroupError(`No season covers ${at}`);
    if (covering.length > 1)
      throw new SeasonGroupError(`${at} is in more than one season: ${covering.map((s) => s.seasonName).join(', ')}`);
  }
}

/** A billing period in the standard style: `to` is the day after the last day. */
export interface BillingPeriod {
  from: CivilDate;
  to: CivilDate;
}

/**
 * Where a season edge takes effect. `boundary` is the first day under the new season. Inside a billing period,
 * PREDOMINANT moves it to the start of that bill (the new season governs the whole bill) and SUBSERVIENT to its
 * end (the bill stays in the old season); with no predominance, or on a bill boundary, it stays.
 */
export function moveEdge(
  boundary: CivilDate,
  predominance: EdgePredominance | null | undefined,
  periods: readonly BillingPeriod[],
): CivilDate {
  if (!predominance) return boundary;
  const n = dayNumber(boundary);
  const bill = periods.find((p) => dayNumber(p.from) < n && n < dayNumber(p.to));
  if (!bill) return boundary;
  return predominance === 'PREDOMINANT' ? bill.from : bill.to;
}

/** The first day of the season in `year`, and the first day after it, with predominance applied. */
export function effectiveSeasonSpan(
  s: SeasonDef,
  year: number,
  periods: readonly BillingPeriod[],
): { start: CivilDate; end: CivilDate } {
  const start: CivilDate = { year, month: s.seasonFromMonth, day: s.seasonFromDay };
  const wraps = monthDay(s.seasonFromMonth, s.seasonFromDay) > monthDay(s.seasonToMonth, s.seasonToDay);
  const end = addDays({ year: wraps ? year + 1 : year, month: s.seasonToMonth, day: s.seasonToDay }, 1);
  const out = {
    start: moveEdge(start, s.fromEdgePredominance, periods),
    end: moveEdge(end, s.toEdgePredominance, periods),
  };
  if (compareDates(out.end, out.start) < 0)
    throw new SeasonGroupError(`${s.seasonName} ends before it starts once its edges move`);
  return out;
}
