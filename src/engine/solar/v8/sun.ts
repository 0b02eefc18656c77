// Where the sun is for one record of a weather file, by the file's own time convention, as PVWatts v8 reads it
// (NREL SSC `irrad::calc`): a record stamped with a minute (NSRDB's `Minute 30`, and EPW/TMY3 files, read at their
// stamp) is an instant, with the sun taken at that minute and up when the minute lies between the day's sunrise and
// sunset; an hourly record without minutes (TMY2) stands for its whole hour, so in the hour of sunrise or sunset the sun
// is taken halfway through the part of the hour it is up. The position, sunrise and sunset are NREL's SPA as SSC runs
// it (spa.ts), with refraction from the record's air pressure and temperature.
import type { Place } from '../weather-year.ts';
import { spaPosition, spaSunriseSunset, type SpaSite } from './spa.ts';

export type TimeConvention = 'INSTANT' | 'HOUR';

export interface SunAt {
  zenith: number;
  azimuth: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The sun for the records of one place, with each day's sunrise and sunset found once (records come day by day). */
export class SunForRecords {
  private date = -1;
  private sunrise = Number.NaN;
  private sunset = Number.NaN;
  private readonly site: SpaSite;

  /** `elevation`, m: SPA's parallax (v8 takes a negative elevation as 0). */
  constructor(
    private readonly place: Place,
    private readonly convention: TimeConvention,
    elevation: number,
  ) {
    this.site = { latitude: place.latitude, longitude: place.longitude, elevation: Math.max(0, elevation) };
  }

  /** The day's sunrise and sunset, hours of local standard time, as v8 takes them (tests read them). */
  riseAndSet(year: number, month: number, day: number): { sunrise: number; sunset: number } {
    const date = year * 10000 + month * 100 + day;
    if (date !== this.date) this.newDay(year, month, day, date);
    return { sunrise: this.sunrise, sunset: this.sunset };
  }

  /**
   * The sun for the record stamped (hour, minute) of a date, with the air's pressure (mbar) and temperature (C) for
   * the refraction; null when it is down.
   */
  at(
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    pressure: number,
    temperature: number,
  ): SunAt | null {
    const { sunrise, sunset } = this.riseAndSet(year, month, day);
    const t = hour + minute / 60;
    const hourly = this.convention === 'HOUR';
    let when: number;
    if (hourly && t >= sunrise - 0.5 && t < sunrise + 0.5) when = (sunrise + t + 0.5) / 2;
    else if (hourly && t > sunset - 0.5 && t <= sunset + 0.5) when = (t - 0.5 + sunset) / 2;
    else if ((sunrise < sunset && t >= sunrise && t <= sunset) || (sunrise > sunset && (t <= sunset || t >= sunrise)))
      return this.position(year, month, day, hour, minute, pressure, temperature);
    else return null;
    const h = Math.trunc(when);
    return this.position(year, month, day, h, (when - h) * 60, pressure, temperature);
  }

  private position(
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    pressure: number,
    temperature: number,
  ): SunAt {
    return spaPosition(year, month, day, hour, minute, this.site, this.place.timeZone, pressure, temperature);
  }

  /**
   * The day's sunrise and sunset by SPA (at local noon). A sunset SPA puts past midnight (the next day's) is taken
   * from the day before, as v8 does, so that the evening of this day is lit to its own sunset.
   */
  private newDay(year: number, month: number, day: number, date: number): void {
    this.date = date;
    const { timeZone } = this.place;
    const today = spaSunriseSunset(year, month, day, this.site, timeZone);
    let { sunset } = today;
    if (sunset > 24 && sunset !== 100) {
      const before =
        day > 1
          ? spaSunriseSunset(year, month, day - 1, this.site, timeZone)
          : month > 1
            ? spaSunriseSunset(year, month - 1, DAYS_IN_MONTH[month - 2]!, this.site, timeZone)
            : spaSunriseSunset(year - 1, 12, 31, this.site, timeZone);
      if (before.sunset === 100) sunset -= 24;
      else if (before.sunset >= 24) sunset = before.sunset - 24;
    }
    // SPA reports a sunrise in [0, 24) or -100 (never sets), so v8's case of a sunrise before midnight does not arise.
    this.sunrise = today.sunrise;
    this.sunset = sunset;
  }
}
