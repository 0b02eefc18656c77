// How an LSE writes its billing periods, and the conversion between its dates and the standard style.
// Standard (ServiceStyle): the first date and the date after the last day (January = 01-01 .. 02-01).
// The LSE's date = standard date + offset; the standard date = the LSE's date - offset.
import { DateTime } from 'luxon';

export const BILLING_PERIOD_STYLES = [
  'ServiceStyle',
  'InclusiveToDate',
  'ExclusiveFromDateAndInclusiveToDate',
  'Unknown',
] as const;
export type BillingPeriodStyle = (typeof BILLING_PERIOD_STYLES)[number];

export interface BillingPeriodRepresentation {
  fromDateOffset: number;
  toDateOffset: number;
  style: BillingPeriodStyle;
}

/** The offsets each style implies (Unknown is treated as the standard style). */
export function representationOf(style: BillingPeriodStyle): BillingPeriodRepresentation {
  switch (style) {
    case 'InclusiveToDate':
      return { fromDateOffset: 0, toDateOffset: -1, style };
    case 'ExclusiveFromDateAndInclusiveToDate':
      return { fromDateOffset: -1, toDateOffset: -1, style };
    default:
      return { fromDateOffset: 0, toDateOffset: 0, style };
  }
}

export interface DatePeriod {
  /** ISO dates, YYYY-MM-DD. */
  fromDate: string;
  toDate: string;
}

const shift = (date: string, days: number): string => {
  const d = DateTime.fromISO(date, { zone: 'UTC' });
  if (!d.isValid) throw new RangeError(`Not an ISO date: ${date}`);
  return d.plus({ days }).toISODate()!;
};

/** A standard-style period as the LSE writes it: January 01-01..02-01 is 01-01..01-31 for InclusiveToDate. */
export function toLseDates(standard: DatePeriod, r: BillingPeriodRepresentation): DatePeriod {
  return { fromDate: shift(standard.fromDate, r.fromDateOffset), toDate: shift(standard.toDate, r.toDateOffset) };
}

/** An LSE's period in the standard style. */
export function toStandardDates(lse: DatePeriod, r: BillingPeriodRepresentation): DatePeriod {
  return { fromDate: shift(lse.fromDate, -r.fromDateOffset), toDate: shift(lse.toDate, -r.toDateOffset) };
}
