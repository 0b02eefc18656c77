// Calendar events are rules that generate dates for any range of years:
//   FIXED_DATE     fixedMonth/fixedDay every year; `adjustment` is the observance rule (OBSERVANCE below)
//   FLOATING_DATE  the weekOfMonth-th dayOfWeek (ISO: Monday = 1 ... Sunday = 7) of fixedMonth, weekOfMonth 5 or
//                  -1 meaning the last; `adjustment` shifts it by whole days (the day after Thanksgiving: +1)
//   EASTER_DATE    Easter Sunday shifted by `adjustment` days (Good Friday: -2)
//   MANUAL         dates stored one by one (event days, meter-read dates)
import { addDays, compareDates, daysInMonth, isoWeekday, parseDate, type CivilDate } from './civil-date.ts';
import { easterSunday } from './easter.ts';

export const DATE_DEFINITION_TYPES = ['FIXED_DATE', 'FLOATING_DATE', 'EASTER_DATE', 'MANUAL'] as const;
export type DateDefinitionType = (typeof DATE_DEFINITION_TYPES)[number];

/** Observance rules for FIXED_DATE events. */
export const OBSERVANCE = {
  /** The date itself, whatever the weekday. */
  NONE: 0,
  /** U.S. federal rule: Saturday observed the Friday before, Sunday the Monday after. */
  NEAREST_WEEKDAY: 1,
  /** NERC off-peak rule: Sunday observed the Monday after; Saturday stays. */
  SUNDAY_TO_MONDAY: 2,
} as const;

export interface EventRule {
  dateDefinitionType: DateDefinitionType;
  fixedMonth?: number | null;
  fixedDay?: number | null;
  dayOfWeek?: number | null;
  weekOfMonth?: number | null;
  adjustment?: number | null;
  /** MANUAL: the stored dates, YYYY-MM-DD. */
  manualDates?: readonly string[];
}

export class RuleError extends Error {}

function observed(date: CivilDate, adjustment: number): CivilDate {
  const dow = isoWeekday(date);
  if (adjustment === OBSERVANCE.NEAREST_WEEKDAY)
    return dow === 6 ? addDays(date, -1) : dow === 7 ? addDays(date, 1) : date;
  if (adjustment === OBSERVANCE.SUNDAY_TO_MONDAY) return dow === 7 ? addDays(date, 1) : date;
  return date;
}

function nthWeekday(year: number, month: number, isoDow: number, n: number): CivilDate {
  if (n === -1 || n === 5) {
    const last: CivilDate = { year, month, day: daysInMonth(year, month) };
    return addDays(last, -((isoWeekday(last) - isoDow + 7) % 7));
  }
  const first: CivilDate = { year, month, day: 1 };
  return addDays(first, ((isoDow - isoWeekday(first) + 7) % 7) + 7 * (n - 1));
}

/** Checks a rule's fields, so that bad rules are refused when stored rather than when dates are asked for. */
export function checkRule(rule: EventRule): void {
  const needMonth = rule.dateDefinitionType === 'FIXED_DATE' || rule.dateDefinitionType === 'FLOATING_DATE';
  if (needMonth && !(Number.isInteger(rule.fixedMonth) && rule.fixedMonth! >= 1 && rule.fixedMonth! <= 12))
    throw new RuleError('fixedMonth must be 1-12');
  if (rule.dateDefinitionType === 'FIXED_DATE') {
    if (
      !(Number.isInteger(rule.fixedDay) && rule.fixedDay! >= 1 && rule.fixedDay! <= daysInMonth(2024, rule.fixedMonth!))
    )
      throw new RuleError('fixedDay is not a day of fixedMonth');
    if (![undefined, null, 0, 1, 2].includes(rule.adjustment as number))
      throw new RuleError('adjustment of a FIXED_DATE must be 0, 1 or 2');
  }
  if (rule.dateDefinitionType === 'FLOATING_DATE') {
    if (!(Number.isInteger(rule.dayOfWeek) && rule.dayOfWeek! >= 1 && rule.dayOfWeek! <= 7))
      throw new RuleError('dayOfWeek must be 1 (Monday) to 7 (Sunday)');
    if (![1, 2, 3, 4, 5, -1].includes(rule.weekOfMonth as number))
      throw new RuleError('weekOfMonth must be 1-4, or 5 or -1 for the last');
  }
  if (rule.dateDefinitionType === 'MANUAL')
    for (const d of rule.manualDates ?? []) if (!parseDate(d)) throw new RuleError(`"${d}" is not a date`);
}

/** The event's date in one year (null when the rule gives none, for example February 29 in a common year). */
export function dateInYear(rule: EventRule, year: number): CivilDate | null {
  const adjustment = rule.adjustment ?? 0;
  switch (rule.dateDefinitionType) {
    case 'FIXED_DATE': {
      if (rule.fixedDay! > daysInMonth(year, rule.fixedMonth!)) return null;
      return observed({ year, month: rule.fixedMonth!, day: rule.fixedDay! }, adjustment);
    }
    case 'FLOATING_DATE':
      return addDays(nthWeekday(year, rule.fixedMonth!, rule.dayOfWeek!, rule.weekOfMonth!), adjustment);
    case 'EASTER_DATE':
      return addDays(easterSunday(year), adjustment);
    case 'MANUAL':
      return null;
  }
}

/** Every date of the event from `from` to `to`, both inclusive, in order. */
export function eventDates(rule: EventRule, from: CivilDate, to: CivilDate): CivilDate[] {
  const inRange = (d: CivilDate) => compareDates(d, from) >= 0 && compareDates(d, to) <= 0;
  if (rule.dateDefinitionType === 'MANUAL') {
    return (rule.manualDates ?? [])
      .map((s) => parseDate(s)!)
      .filter(inRange)
      .sort(compareDates);
  }
  const out: CivilDate[] = [];
  // One year either side: observance can move January 1 into the previous December.
  for (let year = from.year - 1; year <= to.year + 1; year++) {
    const d = dateInYear(rule, year);
    if (d && inRange(d)) out.push(d);
  }
  return out.sort(compareDates);
}
