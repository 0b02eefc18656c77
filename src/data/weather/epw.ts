// A typical year of weather in EnergyPlus's EPW format (the TMY3 files): 8 header lines, the first
// `LOCATION,city,state,country,source,WMO,latitude,longitude,time zone,elevation`, then 8,760 hourly rows of 35
// fields. Rows are hour-ending in local standard time (hour 1 is 00:00-01:00); the model wants hour-beginning hours
// 0-23, so hour h becomes h - 1 of the same date. Albedo 999 (missing) and 0 (the 2015 re-issues hold 0 in every hour)
// are left to the model's default, as the file's README advises. Station pressure (Pa) is read as mbar.
import type { WeatherFile } from './weather-file.ts';

const HOURS = 8760;
const HEADER_LINES = 8;
/** Field positions, 0-based (the EPW dictionary numbers them from 1). */
const F = {
  year: 0,
  month: 1,
  day: 2,
  hour: 3,
  minute: 4,
  airTemperature: 6,
  pressure: 9,
  ghi: 13,
  dni: 14,
  dhi: 15,
  windSpeed: 21,
  albedo: 32,
} as const;
const MISSING: Partial<Record<keyof typeof F, number>> = {
  airTemperature: 99.9,
  ghi: 9999,
  dni: 9999,
  dhi: 9999,
  windSpeed: 999,
};

export function parseEpw(text: string): WeatherFile {
  const lines = text.split('\n');
  const location = lines[0]?.replace(/\r$/, '').split(',') ?? [];
  if (location[0] !== 'LOCATION' || location.length < 10)
    throw new Error('An EPW file starts with a LOCATION line of 10 fields');
  const number = (k: number, name: string) => {
    const v = Number(location[k]);
    if (location[k]?.trim() === '' || !Number.isFinite(v)) throw new Error(`The EPW LOCATION line has no ${name}`);
    return v;
  };
  const rows: string[][] = [];
  for (let n = HEADER_LINES; n < lines.length && rows.length < HOURS + 1; n++) {
    const line = lines[n]!.replace(/\r$/, '');
    if (line.trim() !== '') rows.push(line.split(','));
  }
  if (rows.length !== HOURS) throw new Error(`An EPW typical year has 8,760 hourly rows; this one has ${rows.length}`);
  const column = (key: keyof typeof F) =>
    Float64Array.from(rows, (r, i) => {
      const v = Number(r[F[key]]);
      if (r[F[key]] === undefined || !Number.isFinite(v))
        throw new Error(`Row ${i + 1} of the EPW file has no number for ${key}`);
      if (MISSING[key] !== undefined && v >= MISSING[key]!)
        throw new Error(`Row ${i + 1} of the EPW file has the missing-value code for ${key}`);
      return v;
    });
  const hour = column('hour');
  for (let i = 0; i < HOURS; i++) {
    if (hour[i]! < 1 || hour[i]! > 24)
      throw new Error(`Row ${i + 1} of the EPW file has hour ${hour[i]}; EPW hours run 1-24`);
    hour[i] = hour[i]! - 1;
  }
  const albedo = column('albedo').map((a) => (a > 0 && a < 1 ? a : 0));
  // Station pressure, Pa, as mbar (the sun's refraction); 999999 (missing) as NaN, which the model passes over.
  const pressure = Float64Array.from(rows, (r) => {
    const v = Number(r[F.pressure]);
    return r[F.pressure]?.trim() && Number.isFinite(v) && v < 999999 ? v * 0.01 : Number.NaN;
  });
  const text4 = (k: number) => (location[k]?.trim() ? location[k]!.trim() : null);
  return {
    format: 'EPW',
    minute: column('minute'),
    place: { latitude: number(6, 'latitude'), longitude: number(7, 'longitude'), timeZone: number(8, 'time zone') },
    station: {
      source: text4(4) ?? 'unknown',
      id: text4(5) ?? 'unknown',
      city: text4(1),
      state: text4(2),
      elevation: Number.isFinite(Number(location[9])) ? Number(location[9]) : null,
    },
    year: column('year'),
    month: column('month'),
    day: column('day'),
    hour,
    ghi: column('ghi'),
    dni: column('dni'),
    dhi: column('dhi'),
    airTemperature: column('airTemperature'),
    windSpeed: column('windSpeed'),
    albedo,
    pressure,
  };
}
