// A typical year of weather in SAM's CSV format (NSRDB PSM and TMY2 files as SAM and NREL's SSC read them): line 1
// the names of the place's fields, line 2 their values, line 3 the column names, then 8,760 hourly rows. Columns are
// found by name (their order differs between files); a row is the hour beginning at `Hour` (local standard time;
// NSRDB's `Minute` 30 marks the middle of that hour).
import type { WeatherFile } from './weather-file.ts';

const COLUMN_NAMES: Record<string, string[]> = {
  year: ['Year'],
  month: ['Month'],
  day: ['Day'],
  hour: ['Hour'],
  minute: ['Minute'],
  ghi: ['GHI'],
  dni: ['DNI'],
  dhi: ['DHI'],
  airTemperature: ['Temperature', 'Tdry'],
  windSpeed: ['Wind Speed', 'Wspd'],
  albedo: ['Surface Albedo', 'Albedo'],
  /** Air pressure, mbar (NSRDB `Pressure`, TMY2 `Pres`). */
  pressure: ['Pressure', 'Pres', 'Air Pressure'],
};

export function parseSamCsv(text: string): WeatherFile {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 3 + 8760)
    throw new Error(`A SAM weather file has 3 header lines and 8,760 hours; this one has ${lines.length} lines`);
  const names = lines[0]!.split(',').map((s) => s.trim());
  const values = lines[1]!.split(',').map((s) => s.trim());
  const meta = (name: string) => {
    const k = names.indexOf(name);
    return k >= 0 && values[k] !== undefined && values[k] !== '' && values[k] !== '-' ? values[k]! : null;
  };
  const number = (name: string) => {
    const v = meta(name);
    if (v === null || !Number.isFinite(Number(v))) throw new Error(`The weather file's header has no ${name}`);
    return Number(v);
  };
  const header = lines[2]!.split(',').map((s) => s.trim());
  const index = (key: string, required: boolean) => {
    const k = header.findIndex((h) => COLUMN_NAMES[key]!.includes(h));
    if (k < 0 && required) throw new Error(`The weather file has no ${COLUMN_NAMES[key]![0]} column`);
    return k;
  };
  const rows = lines.slice(3, 3 + 8760).map((l) => l.split(','));
  const column = (key: string, required = true) => {
    const k = index(key, required);
    if (k < 0) return undefined;
    return Float64Array.from(rows, (r, i) => {
      const v = Number(r[k]);
      if (!Number.isFinite(v)) throw new Error(`Row ${i + 1} of the weather file has no number for ${header[k]}`);
      return v;
    });
  };
  const albedo = column('albedo', false);
  const minute = column('minute', false);
  const pressure = column('pressure', false);
  return {
    format: 'SAM_CSV',
    ...(minute ? { minute } : {}),
    place: { latitude: number('Latitude'), longitude: number('Longitude'), timeZone: number('Time Zone') },
    station: {
      source: meta('Source') ?? 'unknown',
      id: meta('Location ID') ?? 'unknown',
      city: meta('City'),
      state: meta('State'),
      elevation: meta('Elevation') === null ? null : Number(meta('Elevation')),
    },
    year: column('year')!,
    month: column('month')!,
    day: column('day')!,
    hour: column('hour')!,
    ghi: column('ghi')!,
    dni: column('dni')!,
    dhi: column('dhi')!,
    airTemperature: column('airTemperature')!,
    windSpeed: column('windSpeed')!,
    ...(albedo ? { albedo } : {}),
    ...(pressure ? { pressure } : {}),
  };
}
