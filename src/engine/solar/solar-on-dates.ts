// A typical year of PV output (8,760 hours of a 365-day year in the weather station's local standard time) placed on
// real dates. Unlike a load, which follows the wall clock (typical-year.ts), the sun keeps standard time: each real
// hour takes the typical hour that holds the same instant in the station's standard time, so a summer afternoon under
// daylight saving is not shifted by an hour. Days keep their date (weekdays mean nothing to the sun); Feb 29 takes
// Feb 28's hours, so a leap year is one day longer than the typical year.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST_DAY_OF_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** Hourly values from `from` for (to - from) / 1 h hours; each read at the middle of its hour. */
export function solarOnDates(
  typical: ArrayLike<number>,
  utcOffsetHours: number,
  from: number,
  to: number,
): Float64Array {
  if (typical.length !== 8760)
    throw new RangeError(`A typical PV year has 8,760 hours; this one has ${typical.length}`);
  const hours = Math.round((to - from) / HOUR);
  const out = new Float64Array(hours);
  let day = -1;
  let dayStart = 0;
  let base = 0;
  for (let k = 0; k < hours; k++) {
    const standard = from + k * HOUR + HOUR / 2 + utcOffsetHours * HOUR;
    if (day < 0 || standard >= dayStart + DAY || standard < dayStart) {
      day = Math.floor(standard / DAY);
      dayStart = day * DAY;
      const d = new Date(dayStart);
      const month = d.getUTCMonth();
      const date = month === 1 && d.getUTCDate() === 29 ? 28 : d.getUTCDate();
      base = (FIRST_DAY_OF_MONTH[month]! + date - 1) * 24;
    }
    out[k] = typical[base + Math.floor((standard - dayStart) / HOUR)]!;
  }
  return out;
}
