// A typical year of PV output (8,760 hourly kWh in the weather station's standard time, as GET
// /rest/v1/typicals/solar/best?groupBy=HOUR answers it) laid on real hours the way the savings analysis lays it
// (src/engine/solar/solar-on-dates.ts): the sun keeps standard time, so each real hour takes the typical hour that
// holds the same instant in the station's standard time; each date takes its own day of the typical year, and
// 29 February repeats the 28th. The console sends the result as a calculation's storage.solar series over year one,
// so the battery day it draws is dispatched on the analysis's own PV output. Pure: no DOM
// (test/console/pv-on-dates.test.ts).

const FIRST_DAY_OF_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** kWh of each hour from `from` to `to` (epoch ms, whole hours apart), each read at the middle of its hour. */
export function pvOnDates(typical: readonly number[], utcOffsetHours: number, from: number, to: number): number[] {
  if (typical.length !== 8760) throw new RangeError(`A typical PV year has 8,760 hours, not ${typical.length}`);
  const hours = Math.round((to - from) / HOUR);
  const out: number[] = [];
  for (let k = 0; k < hours; k++) {
    const standard = from + k * HOUR + HOUR / 2 + utcOffsetHours * HOUR;
    const dayStart = Math.floor(standard / DAY) * DAY;
    const d = new Date(dayStart);
    const month = d.getUTCMonth();
    const date = month === 1 && d.getUTCDate() === 29 ? 28 : d.getUTCDate();
    out.push(typical[(FIRST_DAY_OF_MONTH[month]! + date - 1) * 24 + Math.floor((standard - dayStart) / HOUR)]!);
  }
  return out;
}
