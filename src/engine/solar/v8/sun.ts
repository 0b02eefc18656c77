// Where the sun is for one record of a weather file, by the file's own time convention, as PVWatts v8 reads it
// (NREL SSC `irrad::calc`): a record stamped with a minute (NSRDB's `Minute 30`, and EPW/TMY3 files, whose hour-ending
// values SSC stamps at the half hour) is an instant, with the sun taken at that minute and up when the minute lies
// between the day's sunrise and sunset; an hourly record without minutes (TMY2) stands for its whole hour, so in the
// hour of sunrise or sunset the sun is taken halfway through the part of the hour it is up. The geometric position is
// sun-position.ts's (Michalsky 1988); the refraction, given the air's pressure and temperature, SPA's as v8 takes it.
import { sunPosition, type Place } from '../sun-position.ts';

const RAD = Math.PI / 180;
/** Sunrise and sunset are when the sun's upper limb, refracted, touches the horizon: the centre 0.8333 degree below. */
const HORIZON = -0.8333;

export type TimeConvention = 'INSTANT' | 'HOUR';

/**
 * SPA's refraction, degrees (Reda and Andreas 2004, NREL/TP-560-34302, eq. 42), for a geometric elevation `e0`
 * (degrees), the air's pressure (mbar) and temperature (C); none once the sun's upper limb is below the refracted
 * horizon (e0 below -(0.26667 + 0.5667)).
 */
export function spaRefraction(e0: number, pressure: number, temperature: number): number {
  if (e0 < -(0.26667 + 0.5667)) return 0;
  return ((pressure / 1010) * (283 / (273 + temperature)) * 1.02) / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * RAD));
}

export interface SunAt {
  zenith: number;
  azimuth: number;
}

/** The sun for the records of one place, with each day's sunrise and sunset found once (records come day by day). */
export class SunForRecords {
  private date = -1;
  private sunrise = Number.NaN;
  private sunset = Number.NaN;
  /** +1 when the sun never sets that day, -1 when it never rises, 0 otherwise. */
  private polar = 0;

  constructor(
    private readonly place: Place,
    private readonly convention: TimeConvention,
  ) {}

  /**
   * The sun for the record stamped (hour, minute) of a date; null when it is down. With the air's pressure (mbar) and
   * temperature (C), refraction is SPA's (Reda and Andreas 2004, eq. 42), as v8 takes it; without, Michalsky's.
   */
  at(
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    pressure?: number,
    temperature?: number,
  ): SunAt | null {
    const date = year * 10000 + month * 100 + day;
    if (date !== this.date) this.newDay(year, month, day, date);
    const t = hour + minute / 60;
    let when = t;
    if (this.polar < 0) return null;
    if (this.polar === 0) {
      const { sunrise, sunset } = this;
      if (this.convention === 'HOUR' && t >= sunrise - 0.5 && t < sunrise + 0.5) when = (sunrise + t + 0.5) / 2;
      else if (this.convention === 'HOUR' && t > sunset - 0.5 && t <= sunset + 0.5) when = (t - 0.5 + sunset) / 2;
      else if (!(t >= sunrise && t <= sunset)) return null;
    }
    const sun = sunPosition(this.place, year, month, day, when);
    if (pressure === undefined || temperature === undefined) return { zenith: sun.zenith, azimuth: sun.azimuth };
    const e0 = sun.geometricElevation;
    return { zenith: 90 - (e0 + spaRefraction(e0, pressure, temperature)), azimuth: sun.azimuth };
  }

  private newDay(year: number, month: number, day: number, date: number): void {
    this.date = date;
    const noon = sunPosition(this.place, year, month, day, 12);
    const lat = this.place.latitude * RAD;
    const dec = noon.declination * RAD;
    const cosH0 = (Math.sin(HORIZON * RAD) - Math.sin(lat) * Math.sin(dec)) / (Math.cos(lat) * Math.cos(dec));
    if (cosH0 <= -1) this.polar = 1;
    else if (cosH0 >= 1) this.polar = -1;
    else {
      this.polar = 0;
      // Solar noon is the middle of the geometric day sun-position.ts finds; the half day is at the refracted limb.
      const solarNoon = Number.isNaN(noon.sunrise) ? 12 : (noon.sunrise + noon.sunset) / 2;
      const halfDay = Math.acos(cosH0) / RAD / 15;
      this.sunrise = solarNoon - halfDay;
      this.sunset = solarNoon + halfDay;
    }
  }
}
