// URDB record dates as Ratebook version dates: one rule, read by the URDB importer and by the starter tariffs taken
// from URDB records, so that a record gives the same version dates whichever way it arrives.
//
// URDB stores `startdate` and `enddate` as seconds since 1970 at midnight UTC of a calendar day. `startdate` is the
// first day of the rate; `enddate` is its last day (a record ending 2015-12-31 is followed by one starting
// 2016-01-01). Ratebook's `endDate` is exclusive (the day the next version starts), so the version ends the day
// after URDB's enddate.

const DAY_SECONDS = 86_400;
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/** The UTC calendar day of a URDB date (YYYY-MM-DD), or null when it is not a day of 1900-2199. */
export function urdbDay(seconds: number): string | null {
  const ms = seconds * 1000;
  return ms >= EARLIEST && ms < LATEST ? new Date(ms).toISOString().slice(0, 10) : null;
}

/** A record's `startdate` as the version's effectiveDate. */
export function urdbEffectiveDate(startdate: number): string | null {
  return urdbDay(startdate);
}

/** A record's `enddate` (its last day) as the version's exclusive endDate: the day after. */
export function urdbEndDate(enddate: number): string | null {
  return urdbDay(enddate) === null ? null : urdbDay(enddate + DAY_SECONDS);
}
