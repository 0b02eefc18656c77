// The billing periods a calculation range falls into. Calendar months in the local zone when the range is not an
// actual billing cycle (each part prorated by its share of the month's real length, 743 or 745 hours in DST
// months); with billingPeriod, bills a month long from the range's start (same local day and time each month, the
// last day of a shorter month when that day is missing), the last one possibly shorter.
import { dayNumber, daysInMonth, fromDayNumber } from '../calendar/civil-date.ts';
import type { LocalClock } from './local-clock.ts';

export interface BillingPeriodSpan {
  /** The whole period (a calendar month, or a bill). */
  start: number;
  end: number;
  /** The part of it inside the calculation range. */
  from: number;
  to: number;
  /** Local days in the whole period. */
  days: number;
}

/**
 * The local start day and minute of the k-th billing period of a range starting at `from` (k = 0 holds `from`; a
 * negative k is a period before the range, as a demand lookback counts them).
 */
export function billingPeriodStart(
  from: number,
  clock: LocalClock,
  billingCycle: boolean,
): (k: number) => { day: number; minute: number } {
  const first = fromDayNumber(clock.dayOf(from));
  const minute = billingCycle ? clock.minuteOf(from) : 0;
  const anchorDay = billingCycle ? first.day : 1;
  // The k-th period starts on the anchor day (or the month's last day) k months after the first.
  return (k) => {
    const m = first.month - 1 + k;
    const year = first.year + Math.floor(m / 12);
    const month = (((m % 12) + 12) % 12) + 1;
    return { day: dayNumber({ year, month, day: Math.min(anchorDay, daysInMonth(year, month)) }), minute };
  };
}

export function billingPeriods(
  from: number,
  to: number,
  clock: LocalClock,
  billingCycle: boolean,
): BillingPeriodSpan[] {
  const startOf = billingPeriodStart(from, clock, billingCycle);
  const out: BillingPeriodSpan[] = [];
  for (let k = 0; ; k++) {
    const s = startOf(k);
    const start = clock.instantOf(s.day, s.minute);
    if (start >= to) break;
    const e = startOf(k + 1);
    const end = clock.instantOf(e.day, e.minute);
    out.push({ start, end, from: Math.max(from, start), to: Math.min(to, end), days: e.day - s.day });
  }
  return out;
}
