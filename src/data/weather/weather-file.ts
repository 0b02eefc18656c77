// A typical year of weather as read from a file, with where the file says it is from.
import type { WeatherYear } from '../../engine/solar/weather-year.ts';

export interface WeatherFile extends WeatherYear {
  /** The file's own account of its station: data set (`TMY3`, `NSRDB`, `TMY2`), station or location id, place. */
  /** The file's format: v8 reads each one's time stamps and albedo its own way (v8-weather.ts). */
  format: 'EPW' | 'SAM_CSV';
  /** Minute of each row's stamp, where the file has a minute column (NSRDB's 30: the middle of the hour). */
  minute?: Float64Array;
  station: { source: string; id: string; city: string | null; state: string | null; elevation: number | null };
}
