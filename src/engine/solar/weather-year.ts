// A typical year of weather as the PV model reads it: the place, each record's date and hour, and the columns.
export interface Place {
  latitude: number;
  /** Degrees east (west negative). */
  longitude: number;
  /** Hours from UTC of local standard time (Phoenix -7). */
  timeZone: number;
}

export interface WeatherYear {
  place: Place;
  year: ArrayLike<number>;
  month: ArrayLike<number>;
  day: ArrayLike<number>;
  hour: ArrayLike<number>;
  /** Global horizontal, direct normal and diffuse horizontal irradiance, W/m2. */
  ghi: ArrayLike<number>;
  dni: ArrayLike<number>;
  dhi: ArrayLike<number>;
  /** Dry-bulb air temperature, C. */
  airTemperature: ArrayLike<number>;
  /** Wind speed, m/s. */
  windSpeed: ArrayLike<number>;
  /** Ground reflectance by hour where the file has it (0-1); otherwise 0.2 is used. */
  albedo?: ArrayLike<number>;
  /** Air pressure, mbar, where the file has it (the sun's refraction); otherwise the standard atmosphere's. */
  pressure?: ArrayLike<number>;
}
