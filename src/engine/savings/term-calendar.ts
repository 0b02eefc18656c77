// The term of an analysis in the tariff's zone: its years, year one's local months, and instants written as the
// answer writes them. Every design of a request has the same term (Luxon's zone arithmetic over 20 years is not
// free, and was made once per design), so the designs share one, kept in the request's memo.
import { DateTime } from 'luxon';
import { formatInstant, localClock } from '../time/local-clock.ts';

export interface TermCalendar {
  /** Each year of the term. */
  yearPeriods: { from: number; to: number }[];
  /** Local month starts of year one (13 instants: the last is its end). */
  months: number[];
  /** An instant as the answer writes it (local time with its offset). */
  at(ms: number): string;
}

export function termCalendar(zone: string, from: number, to: number, years: number): TermCalendar {
  const start = DateTime.fromMillis(from, { zone });
  const yearPeriods = Array.from({ length: years }, (_, n) => ({
    from: start.plus({ years: n }).toMillis(),
    to: start.plus({ years: n + 1 }).toMillis(),
  }));
  const months = Array.from({ length: 12 }, (_, k) => start.plus({ months: k }).toMillis());
  months.push(to);
  const clock = localClock(zone, from, yearPeriods.at(-1)!.to);
  return { yearPeriods, months, at: (ms) => formatInstant(clock, ms) };
}

/** The term's calendar from `memo`, made on first use. */
export function sharedTermCalendar(
  memo: Map<string, TermCalendar>,
  zone: string,
  from: number,
  to: number,
  years: number,
): TermCalendar {
  const key = `${zone}|${from}|${to}|${years}`;
  let calendar = memo.get(key);
  if (!calendar) {
    calendar = termCalendar(zone, from, to, years);
    memo.set(key, calendar);
  }
  return calendar;
}
