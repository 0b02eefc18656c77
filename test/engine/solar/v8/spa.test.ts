// The sun by NREL's SPA as PVWatts v8 runs it (spa.ts): against the worked example of the SPA report, and against
// NREL SSC's own `solarpos_spa` (lib_irradproc.cpp at commit e97a19f8e035b6c8845690ee23c01b598c36d550, compiled
// unmodified and called with the arguments below; the figures it printed are written beside each case).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { julianDay, spaAt, spaPosition, spaSunriseSunset } from '../../../../src/engine/solar/v8/spa.ts';

const close = (got: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(got - expected) <= tolerance, `${what}: ${got} against ${expected}`);

test("SPA's worked example: 17 October 2003 12:30:30 MST at NREL's Golden site", () => {
  // Reda and Andreas (2004, rev. 2008), NREL/TP-560-34302, table A4.1: 39.742476 N, 105.1786 W, 1,830.14 m, 820 mbar,
  // 11 C, delta T 67 s: Julian day 2452930.312847, zenith 50.11162, azimuth 194.34024, sunrise 06:12:43 and sunset
  // 17:20:19 local. SSC's SG2 series (and its aberration and parallax constants) keep within 0.01 degree of them; its
  // sunset, from the declination at 0 UT rather than SPA's corrected one, comes 1.4 minutes early (sunrise: 0.2).
  const site = { latitude: 39.742476, longitude: -105.1786, elevation: 1830.14 };
  const jd = julianDay(2003, 10, 17, 12, 30, -7) + 30 / 86400;
  close(jd, 2452930.312847, 1e-6, 'Julian day');
  const sun = spaAt(jd, 67, site, 820, 11);
  close(sun.zenith, 50.11162, 0.01, 'zenith');
  close(sun.azimuth, 194.34024, 0.01, 'azimuth');
  const { sunrise, sunset } = spaSunriseSunset(2003, 10, 17, site, -7);
  close(sunrise, 6 + 12 / 60 + 43 / 3600, 1 / 60, 'sunrise');
  close(sunset, 17 + 20 / 60 + 19 / 3600, 1.5 / 60, 'sunset');
});

test("the position, sunrise and sunset of SSC's solarpos_spa, to 1e-9", () => {
  // [year, month, day, hour, minute, latitude, longitude, time zone, elevation, pressure, temperature] and what SSC
  // printed: azimuth, zenith, sunrise, sunset.
  const cases: [number[], number[]][] = [
    [
      [2003, 10, 17, 12, 30, 39.742476, -105.1786, -7, 1830.14, 820, 11],
      [194.174734050298, 50.087154338307, 6.212581599373, 17.314595843082],
    ],
    [
      [1988, 3, 15, 10, 30, 33.45, -111.98, -7, 337, 970, 20],
      [133.356745310723, 46.204639951462, 6.630589940126, 18.601862898968],
    ],
    // Fairbanks at midsummer, 4:00 (the sun 5.5 degrees up, refraction large) and at midwinter noon.
    [
      [2005, 6, 21, 4, 0, 64.8, -147.7, -9, 138, 1000, 15],
      [42.240814977044, 84.527396747843, 1.978818114712, 23.774902577172],
    ],
    [
      [2005, 12, 21, 12, 0, 64.8, -147.7, -9, 138, 1000, -25],
      [168.733591044161, 88.370656298783, 10.962578610369, 14.676984422678],
    ],
    // Below the horizon: no refraction (the geometric zenith).
    [
      [2021, 1, 1, 7, 30, 33.45, -111.98, -7, 0, 1013.25, 15],
      [116.95106271876, 91.228655535103, 7.535484113383, 17.525164045294],
    ],
  ];
  for (const [[y, mo, d, h, mi, lat, lng, tz, el, p, t], [azimuth, zenith, sunrise, sunset]] of cases) {
    const site = { latitude: lat!, longitude: lng!, elevation: el! };
    const sun = spaPosition(y!, mo!, d!, h!, mi!, site, tz!, p!, t!);
    const day = spaSunriseSunset(y!, mo!, d!, site, tz!);
    const what = `${y}-${mo}-${d} ${h}:${mi} at ${lat}`;
    close(sun.azimuth, azimuth!, 1e-9, `${what} azimuth`);
    close(sun.zenith, zenith!, 1e-9, `${what} zenith`);
    close(day.sunrise, sunrise!, 1e-9, `${what} sunrise`);
    close(day.sunset, sunset!, 1e-9, `${what} sunset`);
  }
});

test('a day the sun never sets or never rises', () => {
  // Utqiagvik (Barrow), AK. SSC says so (-100, 100) on the polar day; on the polar night it leaves the sunset unset
  // (whatever its memory held), which matters nowhere since such a day has no light: here the sun never rises.
  const north = { latitude: 71.3, longitude: -156.8, elevation: 0 };
  assert.deepEqual(spaSunriseSunset(2005, 6, 21, north, -9), { sunrise: -100, sunset: 100 });
  assert.deepEqual(spaSunriseSunset(2005, 12, 21, north, -9), { sunrise: 100, sunset: -100 });
});

test('the minute is taken whole, as SSC passes it to the Julian day', () => {
  const site = { latitude: 33.45, longitude: -111.98, elevation: 0 };
  assert.deepEqual(
    spaPosition(2020, 6, 1, 6, 27.9, site, -7, 1000, 20),
    spaPosition(2020, 6, 1, 6, 27, site, -7, 1000, 20),
  );
});
