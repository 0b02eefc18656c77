// Facts about an IANA zone that the ZIP code resource reports.
import { DateTime } from 'luxon';

export interface ZoneFacts {
  /** Hours west of UTC in standard time: 5 for America/New_York, 10 for Pacific/Honolulu. */
  standardHoursWest: number;
  /** Whether the zone changes its offset during the year (daylight saving time). */
  observesDst: boolean;
}

/** Read from the offsets of mid-January and mid-July of `year` (standard time is the smaller offset). */
export function zoneFacts(zone: string, year: number): ZoneFacts | null {
  const jan = DateTime.fromObject({ year, month: 1, day: 15 }, { zone });
  const jul = DateTime.fromObject({ year, month: 7, day: 15 }, { zone });
  if (!jan.isValid || !jul.isValid) return null;
  const standard = Math.min(jan.offset, jul.offset);
  return { standardHoursWest: -standard / 60, observesDst: jan.offset !== jul.offset };
}
