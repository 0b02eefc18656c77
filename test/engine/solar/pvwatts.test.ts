// The PV model step by step against published values, and whole against PVWatts's own hourly output: the Phoenix
// array of SAM 2020.2.29 on its NSRDB weather (within 1 % a year, 3 % each month), the Golden CO web exports on the
// weather they print (within 2 % a year; plane of array and cell temperature hour by hour), and ssc's PVWatts v8
// regression figures on Phoenix TMY2.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseSamCsv } from '../../../src/data/weather/sam-csv.ts';
import { fuentesCellTemperatures } from '../../../src/engine/solar/cell-temperature.ts';
import { coverTransmittance, perezSkyDiffuse } from '../../../src/engine/solar/plane-of-array.ts';
import {
  pvwattsHourly,
  pvSystemProblem,
  PVWATTS_DEFAULTS,
  type PvSystem,
  type WeatherYear,
} from '../../../src/engine/solar/pvwatts.ts';
import { SunHours, sunPosition } from '../../../src/engine/solar/sun-position.ts';
import { referencePath } from '../../helpers/reference.ts';

const solar = referencePath('solar');
const file = (name: string) => readFileSync(`${solar}/${name}`, 'utf8');
const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0);
const byMonth = (xs: ArrayLike<number>, month: ArrayLike<number>) => {
  const m = new Array<number>(12).fill(0);
  for (let i = 0; i < xs.length; i++) m[month[i]! - 1]! += xs[i]!;
  return m;
};
const within = (actual: number, expected: number, share: number, what: string) =>
  assert.ok(
    Math.abs(actual / expected - 1) <= share,
    `${what}: ${actual.toFixed(2)} vs ${expected.toFixed(2)} (${((actual / expected - 1) * 100).toFixed(2)} %)`,
  );

describe('sun position', () => {
  it("matches NREL SPA's worked example within 0.05 degree", () => {
    // Reda and Andreas (2008), NREL/TP-560-34302 table A4.1: 2003-10-17 12:30:30 at UTC-7, 39.742476 N, 105.1786 W:
    // zenith 50.11162, azimuth 194.34024 (SPA, 0.0003 degree; Michalsky's algorithm is good to about 0.01).
    const sun = sunPosition({ latitude: 39.742476, longitude: -105.1786, timeZone: -7 }, 2003, 10, 17, 12 + 30.5 / 60);
    assert.ok(Math.abs(sun.zenith - 50.11162) < 0.05, `zenith ${sun.zenith}`);
    assert.ok(Math.abs(sun.azimuth - 194.34024) < 0.05, `azimuth ${sun.azimuth}`);
  });
  it('reads a sunrise hour at the middle of its sunlit part, and no sun before', () => {
    const phoenix = { latitude: 33.45, longitude: -111.98, timeZone: -7 };
    const noon = sunPosition(phoenix, 2025, 6, 21, 12);
    // Phoenix on the June solstice: sunrise about 5:20 MST.
    assert.ok(noon.sunrise > 5.2 && noon.sunrise < 5.45, `sunrise ${noon.sunrise}`);
    const hours = new SunHours(phoenix);
    assert.equal(hours.at(2025, 6, 21, 4), null);
    const dawn = hours.at(2025, 6, 21, 5)!;
    assert.ok(dawn.elevation > 0 && dawn.elevation < 6, `elevation ${dawn.elevation} in the 5:00 hour`);
  });
});

describe('plane of array', () => {
  it('lets through 94.6 % of the beam at 60 degrees through standard glass (n 1.526), relative to normal', () => {
    // By hand: theta_r = asin(sin 60 / 1.526) = 34.577; perpendicular sin^2(-25.423)/sin^2(94.577) = 0.18546; parallel
    // tan^2(-25.423)/tan^2(94.577) = 0.00145; 1 - mean = 0.90654; absorption exp(-0.008/cos 34.577) = 0.99033: 0.89778.
    // At normal incidence exp(-0.008) (1 - (0.526/2.526)^2) = 0.94902. 0.89778 / 0.94902 = 0.94600.
    assert.ok(Math.abs(coverTransmittance(60, 1.526) - 0.946) < 0.0005, String(coverTransmittance(60, 1.526)));
    assert.equal(coverTransmittance(0, 1.526), 1);
    assert.equal(coverTransmittance(90, 1.526), 0);
    assert.ok(coverTransmittance(60, 1.3) > coverTransmittance(60, 1.526), 'an anti-reflective cover reflects less');
  });
  it('gives the isotropic sky on a horizontal plane with overcast light (Perez bin 1)', () => {
    // Overcast: DNI 0 puts epsilon in the first bin; on a horizontal plane (tilt 0) a/b = cos z / cos z, so the sky is
    // DHI ((1 - F1) + F1) = DHI whatever F1 is.
    assert.ok(Math.abs(perezSkyDiffuse(200, 0, 40, 1367, Math.cos((40 * Math.PI) / 180), 0) - 200) < 1e-9);
  });
});

describe('cell temperature', () => {
  it('settles near the installed NOCT at NOCT conditions (800 W/m2, 20 C, 1 m/s)', () => {
    const hours = 48;
    const t = fuentesCellTemperatures(
      new Array(hours).fill(800),
      new Array(hours).fill(20),
      new Array(hours).fill(1 / (5 / 9.144) ** 0.2),
      45,
    );
    assert.ok(Math.abs(t[hours - 1]! - 45) < 1, `steady cell temperature ${t[hours - 1]}`);
  });
});

describe('PVWatts', { skip: solar ? false : '../shared/reference/solar is absent' }, () => {
  it("Phoenix: within 1 % of SAM's PVWatts array in the year and 3 % in every month", () => {
    const weather = parseSamCsv(file('ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv'));
    const expected = file('ssc_pvwatts-ac-power-w_phoenix-az-tmy2_4.69287kw.csv')
      .trim()
      .split(/\r?\n/)
      .map((w) => Number(w) / 1000);
    const out = pvwattsHourly(
      { ...PVWATTS_DEFAULTS, systemCapacity: 4.69287, arrayType: 'FIXED_OPEN_RACK', losses: 14.0757 },
      weather,
    );
    within(sum(out.ac), 8209.2, 0.01, 'year (README: 8,209.2 kWh)');
    within(sum(out.ac), sum(expected), 0.01, 'year (the file)');
    const months = byMonth(out.ac, weather.month);
    byMonth(expected, weather.month).forEach((kwh, m) => {
      within(months[m]!, kwh, 0.03, `month ${m + 1}`);
    });
    // The inverter clips at 4.69287 / 1.2 = 3.9107 kW.
    assert.ok(Math.max(...out.ac) <= 4.69287 / 1.2 + 1e-9);
  });

  it("Phoenix TMY2: within 1 % of ssc's PVWatts v8 regression (7,043.197 kWh), roof mount and 1-axis within 2.5 %", () => {
    const weather = parseSamCsv(file('ssc_weather-tmy2_USA_AZ_Phoenix.csv'));
    const system: PvSystem = { ...PVWATTS_DEFAULTS, systemCapacity: 4, arrayType: 'FIXED_OPEN_RACK', losses: 14.0757 };
    within(sum(pvwattsHourly(system, weather).ac), 7043.197, 0.01, 'open rack');
    within(sum(pvwattsHourly({ ...system, arrayType: 'FIXED_ROOF_MOUNT' }, weather).ac), 7014.26, 0.025, 'roof mount');
    within(sum(pvwattsHourly({ ...system, arrayType: 'ONE_AXIS', tilt: 0 }, weather).ac), 8859.963, 0.025, '1-axis');
  });

  for (const [mount, name, annual] of [
    ['FIXED_OPEN_RACK', 'open-rack', 6023.7],
    ['FIXED_ROOF_MOUNT', 'roof-mount', 5938.1],
  ] as const) {
    it(`Golden CO ${mount}: within 2 % of the PVWatts export in the year; its plane of array and cell temperature hour by hour`, () => {
      // The export prints its weather (DNI, DHI, air, wind) beside each hour's results; GHI is DNI cos z + DHI.
      const rows = file(`pvlib_pvwatts-hourly_golden-co_4kw-${name}.csv`)
        .split(/\r?\n/)
        .slice(18, 18 + 8760)
        .map((l) => l.split(',').map(Number));
      const place = { latitude: 39.73, longitude: -105.18, timeZone: -7 };
      const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
      const sunHours = new SunHours(place);
      const ghi = Float64Array.from(rows, (r) => {
        const sun = sunHours.at(2001, r[0]!, r[1]!, r[2]!);
        return (sun ? r[3]! * Math.max(0, Math.cos((sun.zenith * Math.PI) / 180)) : 0) + r[4]!;
      });
      const weather: WeatherYear = {
        place,
        year: new Float64Array(8760).fill(2001),
        month: col(0),
        day: col(1),
        hour: col(2),
        ghi,
        dni: col(3),
        dhi: col(4),
        airTemperature: col(5),
        windSpeed: col(6),
      };
      const out = pvwattsHourly({ ...PVWATTS_DEFAULTS, systemCapacity: 4, arrayType: mount, losses: 14.08 }, weather);
      within(sum(out.ac), annual, 0.02, 'AC year');
      within(sum(out.poa), sum(col(7)), 0.005, 'plane of array, year');
      let difference = 0;
      let sunny = 0;
      for (let i = 0; i < 8760; i++) {
        if (rows[i]![7]! < 200) continue;
        difference += Math.abs(out.cellTemperature[i]! - rows[i]![8]!);
        sunny++;
      }
      assert.ok(difference / sunny < 1.5, `mean cell temperature difference ${(difference / sunny).toFixed(2)} C`);
      assert.ok(Math.max(...out.ac) <= 4 / 1.2 + 1e-9, 'clipped at 3.333 kW');
    });
  }

  it('names the first input out of range', () => {
    assert.deepEqual(pvSystemProblem({ ...PVWATTS_DEFAULTS, systemCapacity: 5, tilt: 120 })?.[0], 'tilt');
    assert.deepEqual(pvSystemProblem({ ...PVWATTS_DEFAULTS, systemCapacity: -1 })?.[0], 'systemCapacity');
    assert.deepEqual(
      pvSystemProblem({ ...PVWATTS_DEFAULTS, systemCapacity: 5, moduleType: 'GOLD' as never })?.[0],
      'moduleType',
    );
    assert.equal(pvSystemProblem({ ...PVWATTS_DEFAULTS, systemCapacity: 5 }), null);
    assert.throws(
      () => pvwattsHourly({ ...PVWATTS_DEFAULTS, systemCapacity: Number.NaN }, {} as WeatherYear),
      RangeError,
    );
  });
});
