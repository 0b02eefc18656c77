// A typical year of weather as read from a file, with where the file says it is from.
import type { WeatherYear } from '../../engine/solar/pvwatts.ts';

export interface WeatherFile extends WeatherYear {
  /** The file's own account of its station: data set (`TMY3`, `NSRDB`, `TMY2`), station or location id, place. */
  station: { source: string; id: string; city: string | null; state: string | null; elevation: number | null };
}
