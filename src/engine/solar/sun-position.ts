// The sun's position for a place and time: the Astronomical Almanac's low-precision algorithm as Michalsky (1988,
// Solar Energy 40(3), "The Astronomical Almanac's algorithm for approximate solar position (1950-2050)") gives it,
// about 0.01 degree over those years, with his refraction correction. This is the algorithm PVWatts runs (NREL's
// SSC `solarpos`). Times are hours of local standard time (no daylight saving): typical-year weather is kept so.
const RAD = Math.PI / 180;

export interface SunPosition {
  /** Elevation without refraction, degrees. */
  geometricElevation: number;
  /** Apparent zenith angle (refraction included), degrees. */
  zenith: number;
  /** Azimuth, degrees clockwise from north (180 = south). */
  azimuth: number;
  /** Apparent elevation, degrees. */
  elevation: number;
  /** Declination, degrees. */
  declination: number;
  /** Extraterrestrial normal irradiance that day, W/m2 (solar constant 1367 with the orbit's eccentricity). */
  extraterrestrial: number;
  /** Sunrise and sunset, hours of local standard time of the day (NaN when the sun does not rise or set). */
  sunrise: number;
  sunset: number;
}

export interface Place {
  latitude: number;
  /** Degrees east (west negative). */
  longitude: number;
  /** Hours from UTC of local standard time (Phoenix -7). */
  timeZone: number;
}

const mod = (x: number, m: number) => ((x % m) + m) % m;

/** Days from 1970-01-01 to a calendar date (proleptic Gregorian; Hinnant's days-from-civil, without a Date). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Where the sun is at an instant, and the orbit's angles the day's figures are made from (radians). */
interface SunAngles {
  /** Elevation without refraction, degrees. */
  geometric: number;
  zenith: number;
  azimuth: number;
  elevation: number;
  declinationRad: number;
  meanLongitudeRad: number;
  rightAscensionRad: number;
}

/** A place's latitude as the hourly sums use it (its sine and cosine once, not every hour). */
interface Observer {
  place: Place;
  sinLat: number;
  cosLat: number;
}

const observer = (place: Place): Observer => ({
  place,
  sinLat: Math.sin(place.latitude * RAD),
  cosLat: Math.cos(place.latitude * RAD),
});

/**
 * The sun's angles at `hour` (decimal, local standard time) on a day (days from 1970-01-01), seen from the observer.
 * The declination's sine, cosine and tangent are taken from sin(obliquity) sin(longitude) without the arcsine, and
 * the hour angle is brought into (-pi, pi] by adding a turn: the same angles as the arcsine and atan2 round trips,
 * with eight fewer trigonometric calls (the results agree to rounding, about 1e-15 degree).
 */
function sunAngles(o: Observer, days: number, hour: number): SunAngles {
  const { place, sinLat, cosLat } = o;
  const ut = hour - place.timeZone;
  const n = days + 2_440_587.5 + ut / 24 - 2_451_545.0;
  const meanLongitude = mod(280.46 + 0.9856474 * n, 360);
  const meanAnomaly = mod(357.528 + 0.9856003 * n, 360) * RAD;
  const eclipticLongitude =
    mod(meanLongitude + 1.915 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly), 360) * RAD;
  const obliquity = (23.439 - 0.0000004 * n) * RAD;
  const sinLongitude = Math.sin(eclipticLongitude);
  const cosLongitude = Math.cos(eclipticLongitude);
  const rightAscension = Math.atan2(Math.cos(obliquity) * sinLongitude, cosLongitude);
  const sinDec = Math.sin(obliquity) * sinLongitude;
  const cosDec = Math.sqrt(1 - sinDec * sinDec);
  const gmst = mod(6.697375 + 0.0657098242 * n + ut, 24);
  const lmst = mod(gmst + place.longitude / 15, 24);
  let hourAngle = lmst * 15 * RAD - rightAscension;
  if (hourAngle > Math.PI) hourAngle -= 2 * Math.PI;
  else if (hourAngle <= -Math.PI) hourAngle += 2 * Math.PI;
  const sinH = Math.sin(hourAngle);
  const cosH = Math.cos(hourAngle);
  const sinEl = sinDec * sinLat + cosDec * cosLat * cosH;
  const geometric = Math.asin(Math.max(-1, Math.min(1, sinEl))) / RAD;
  // Michalsky's refraction (Astronomical Almanac), for elevations above -0.56 degree.
  const refraction =
    geometric > -0.56
      ? (3.51561 * (0.1594 + 0.0196 * geometric + 0.00002 * geometric ** 2)) /
        (1 + 0.505 * geometric + 0.0845 * geometric ** 2)
      : 0.56;
  const elevation = Math.min(90, geometric + refraction);
  const azimuth = mod(Math.atan2(sinH, cosH * sinLat - (sinDec / cosDec) * cosLat) / RAD + 180, 360);
  return {
    geometric,
    zenith: 90 - elevation,
    azimuth,
    elevation,
    declinationRad: Math.asin(sinDec),
    meanLongitudeRad: meanLongitude * RAD,
    rightAscensionRad: rightAscension,
  };
}

/** The sun at `hour` (decimal, local standard time) on a date, seen from `place`, with the day's figures. */
export function sunPosition(place: Place, year: number, month: number, day: number, hour: number): SunPosition {
  return sunOnDay(observer(place), year, month, day, hour);
}

function sunOnDay(o: Observer, year: number, month: number, day: number, hour: number): SunPosition {
  const { place } = o;
  const { geometric, zenith, azimuth, elevation, declinationRad, meanLongitudeRad, rightAscensionRad } = sunAngles(
    o,
    daysFromCivil(year, month, day),
    hour,
  );
  // Sunrise and sunset: the geometric hour angle at which the centre crosses the horizon, about solar noon, which
  // the equation of time and the longitude's distance from the zone's meridian put off 12:00.
  const equationOfTimeHours = mod(meanLongitudeRad - rightAscensionRad + Math.PI, 2 * Math.PI) / RAD / 15 - 12;
  const solarNoon = 12 - equationOfTimeHours - (place.longitude - place.timeZone * 15) / 15;
  const cosH0 = -Math.tan(place.latitude * RAD) * Math.tan(declinationRad);
  const halfDay = cosH0 <= -1 || cosH0 >= 1 ? Number.NaN : Math.acos(cosH0) / RAD / 15;
  const dayOfYear = daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1;
  return {
    geometricElevation: geometric,
    zenith,
    azimuth,
    elevation,
    declination: declinationRad / RAD,
    extraterrestrial: 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365)),
    sunrise: solarNoon - halfDay,
    sunset: solarNoon + halfDay,
  };
}

/**
 * The sun for hours of data [hour, hour + 1): at the hour's middle, or at the middle of the part the sun is up in the
 * hour of sunrise or sunset (as PVWatts does, so a sunrise hour's light is not read at a time the sun is still down);
 * null when the sun is down the whole hour. Sunrise and sunset are found once per date: hours arrive day by day.
 */
export class SunHours {
  /** The date of `day` as year * 10000 + month * 100 + day. */
  private date = -1;
  private days = 0;
  private day: SunPosition | null = null;
  private polarDay = false;
  private readonly observer: Observer;

  constructor(private readonly place: Place) {
    this.observer = observer(place);
  }

  /** The sun's angles for the hour, and the day's extraterrestrial irradiance; null when it is down all hour. */
  at(
    year: number,
    month: number,
    day: number,
    hour: number,
  ): Pick<SunPosition, 'zenith' | 'azimuth' | 'elevation' | 'extraterrestrial'> | null {
    const date = year * 10000 + month * 100 + day;
    if (date !== this.date) {
      this.day = sunOnDay(this.observer, year, month, day, 12);
      this.date = date;
      this.days = daysFromCivil(year, month, day);
      this.polarDay = Number.isNaN(this.day.sunrise) && this.day.declination * this.place.latitude > 0;
    }
    const { sunrise, sunset, extraterrestrial } = this.day!;
    let middle = hour + 0.5;
    if (Number.isNaN(sunrise)) {
      if (!this.polarDay) return null;
    } else {
      const start = Math.max(hour, sunrise);
      const end = Math.min(hour + 1, sunset);
      if (end <= start) return null;
      middle = (start + end) / 2;
    }
    const { zenith, azimuth, elevation } = sunAngles(this.observer, this.days, middle);
    return { zenith, azimuth, elevation, extraterrestrial };
  }
}
