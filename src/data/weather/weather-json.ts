// How a typical weather year is kept in the database: the hourly columns the PV model reads, as JSON. Rows are the
// 8,760 hours of a 365-day year in order from Jan 1 00:00 local standard time (every file Ratebook reads is so), so
// month, day and hour are not stored: they follow from the row. The year of each month is (typical years take each
// month from a different year, and the sun's position depends on it a little). PVWatts v8 also reads each row's minute
// stamp and the file's time convention (v8-weather.ts): kept beside the columns, the minute once when every row has the
// same. Weather kept before these were (none: the seeder writes them afresh) reads as hourly averages at the half hour,
// and without the air pressure (the model then takes the standard atmosphere's at the station's elevation).
import type { Place, WeatherYear } from '../../engine/solar/weather-year.ts';
import type { V8Weather } from '../../engine/solar/v8/pvwatts-v8.ts';
import type { TimeConvention } from '../../engine/solar/v8/sun.ts';

const HOURS = 8760;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface StoredWeather {
  years: number[];
  ghi: number[];
  dni: number[];
  dhi: number[];
  airTemperature: number[];
  windSpeed: number[];
  albedo: number[] | null;
  /** Air pressure, mbar (null where missing); absent in weather kept before it was. */
  pressure?: (number | null)[];
  minute?: number | number[];
  convention?: TimeConvention;
}

/** Month (1-12), day and hour-beginning (0-23) of each row of a 365-day year. */
const CALENDAR = (() => {
  const month = new Float64Array(HOURS);
  const day = new Float64Array(HOURS);
  const hour = new Float64Array(HOURS);
  let i = 0;
  DAYS_IN_MONTH.forEach((days, m) => {
    for (let d = 1; d <= days; d++) {
      for (let h = 0; h < 24; h++, i++) [month[i], day[i], hour[i]] = [m + 1, d, h];
    }
  });
  return { month, day, hour };
})();

const rounded = (values: ArrayLike<number>, digits: number) => Array.from(values, (v) => Number(v.toFixed(digits)));

/** The weather's JSON; throws unless its rows are the 365-day year in order. */
export function encodeWeather(w: WeatherYear & Partial<Pick<V8Weather, 'minute' | 'convention'>>): string {
  if (w.ghi.length !== HOURS) throw new Error(`A typical weather year has 8,760 hours; this one has ${w.ghi.length}`);
  for (let i = 0; i < HOURS; i++) {
    if (w.month[i] !== CALENDAR.month[i] || w.day[i] !== CALENDAR.day[i] || w.hour[i] !== CALENDAR.hour[i]) {
      throw new Error(
        `Row ${i + 1} of the weather year is ${w.month[i]}/${w.day[i]} hour ${w.hour[i]}; expected ${CALENDAR.month[i]}/${CALENDAR.day[i]} hour ${CALENDAR.hour[i]}`,
      );
    }
  }
  const firstRowOf = (m: number) => DAYS_IN_MONTH.slice(0, m).reduce((a, b) => a + b, 0) * 24;
  const stored: StoredWeather = {
    years: DAYS_IN_MONTH.map((_, m) => w.year[firstRowOf(m)]!),
    ghi: rounded(w.ghi, 1),
    dni: rounded(w.dni, 1),
    dhi: rounded(w.dhi, 1),
    airTemperature: rounded(w.airTemperature, 2),
    windSpeed: rounded(w.windSpeed, 2),
    albedo: w.albedo && Array.from(w.albedo).some((a) => a > 0 && a < 1) ? rounded(w.albedo, 3) : null,
  };
  if (w.pressure) stored.pressure = Array.from(w.pressure, (p) => (Number.isFinite(p) ? Number(p.toFixed(2)) : null));
  if (w.minute) {
    const minutes = Array.from(w.minute);
    stored.minute = minutes.every((m) => m === minutes[0]) ? minutes[0]! : minutes;
  }
  if (w.convention) stored.convention = w.convention;
  return JSON.stringify(stored);
}

/** The weather year; `elevation` (m) is the station's, for v8's air mass. */
export function decodeWeather(json: string, place: Place, elevation = 0): V8Weather {
  const s = JSON.parse(json) as StoredWeather;
  const minute =
    s.minute === undefined || typeof s.minute === 'number'
      ? new Float64Array(HOURS).fill(s.minute ?? 30)
      : Float64Array.from(s.minute);
  const year = Float64Array.from(CALENDAR.month, (m) => s.years[m - 1]!);
  return {
    place,
    year,
    ...CALENDAR,
    ghi: Float64Array.from(s.ghi),
    dni: Float64Array.from(s.dni),
    dhi: Float64Array.from(s.dhi),
    airTemperature: Float64Array.from(s.airTemperature),
    windSpeed: Float64Array.from(s.windSpeed),
    ...(s.albedo ? { albedo: Float64Array.from(s.albedo) } : {}),
    ...(s.pressure ? { pressure: Float64Array.from(s.pressure, (p) => p ?? Number.NaN) } : {}),
    minute,
    convention: s.convention ?? 'HOUR',
    elevation,
  };
}
