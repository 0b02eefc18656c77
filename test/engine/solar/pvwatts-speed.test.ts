// The PV model's speed-ups change no result beyond rounding: hour by hour it gives the AC kWh of the reference path
// (the equations as written, pvwatts-reference.ts), and the cell temperature's convection (one logarithm for its
// powers) equals the formula with **.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseSamCsv } from '../../../src/data/weather/sam-csv.ts';
import { convection } from '../../../src/engine/solar/cell-temperature.ts';
import { coverTransmittance } from '../../../src/engine/solar/plane-of-array.ts';
import { pvwattsHourly, PVWATTS_DEFAULTS, type PvSystem } from '../../../src/engine/solar/pvwatts.ts';
import { sunPosition } from '../../../src/engine/solar/sun-position.ts';
import { referencePath } from '../../helpers/reference.ts';
import { referencePvwatts, referenceSun, referenceTransmittance } from './pvwatts-reference.ts';

const solar = referencePath('solar');

describe('the PV model against its reference path', () => {
  it('puts the sun where the equations as written put it, every hour of a year, within 1e-9 degree', () => {
    for (const place of [
      { latitude: 33.45, longitude: -111.98, timeZone: -7 },
      { latitude: 64.84, longitude: -147.72, timeZone: -9 },
      { latitude: -33.9, longitude: 151.2, timeZone: 10 },
    ]) {
      for (let h = 0; h < 8760; h += 1) {
        const date = new Date(Date.UTC(2021, 0, 1) + h * 3_600_000);
        const [y, m, d, hour] = [
          date.getUTCFullYear(),
          date.getUTCMonth() + 1,
          date.getUTCDate(),
          date.getUTCHours() + 0.5,
        ];
        const fast = sunPosition(place, y, m, d, hour);
        const reference = referenceSun(place, y, m, d, hour);
        assert.ok(
          Math.abs(fast.zenith - reference.zenith) < 1e-9,
          `zenith at ${date.toISOString()} (${place.latitude})`,
        );
        // The azimuth is undefined with the sun overhead; the places above never have it there.
        assert.ok(
          Math.abs(fast.azimuth - reference.azimuth) < 1e-9,
          `azimuth at ${date.toISOString()} (${place.latitude}): ${fast.azimuth} vs ${reference.azimuth}`,
        );
      }
    }
  });

  it('lets through the beam the arcsine form does, at every angle, within 1e-12', () => {
    for (const n of [1.3, 1.526]) {
      for (let aoi = 0; aoi < 90; aoi += 0.01) {
        const expected = referenceTransmittance(aoi * (Math.PI / 180), n) / referenceTransmittance(0, n);
        assert.ok(Math.abs(coverTransmittance(aoi, n) - expected) < 1e-12, `${aoi} degrees, n ${n}`);
      }
    }
  });

  it("takes the convection of Fuentes's model as its formula with ** does, within 1e-13 of it", () => {
    const LENGTH = (2 * 0.31579 * 1.2) / (0.31579 + 1.2);
    const written = (meanK: number, deltaK: number, wind: number) => {
      const density = (0.003484 * 101325) / meanK;
      const viscosity = (0.24237e-6 * meanK ** 0.76) / density;
      const conductivity = 2.1695e-4 * meanK ** 0.84;
      const forced = (0.86 / Math.sqrt((wind * LENGTH) / viscosity)) * density * wind * (1007 / 0.71 ** 0.67);
      const grashof = ((9.8 / meanK) * Math.abs(deltaK) * LENGTH ** 3 * Math.sin(Math.PI / 6)) / viscosity ** 2;
      const free = (0.21 * (grashof * 0.71) ** 0.32 * conductivity) / LENGTH;
      return Math.cbrt(free ** 3 + forced ** 3);
    };
    for (let meanK = 240; meanK <= 360; meanK += 3.7) {
      for (const deltaK of [-20, -1.5, 0, 0.3, 4, 35]) {
        for (const wind of [1e-4, 0.5, 3, 14]) {
          const expected = written(meanK, deltaK, wind);
          assert.ok(
            Math.abs(convection(meanK, deltaK, wind) / expected - 1) < 1e-13,
            `${meanK} K, ${deltaK} K, ${wind} m/s`,
          );
        }
      }
    }
  });

  it("gives the reference path's AC kWh hour by hour: fixed arrays within 1e-9 kWh, trackers within 1e-7", {
    skip: solar ? false : '../shared/reference/solar is absent',
  }, () => {
    const systems: PvSystem[] = [
      { ...PVWATTS_DEFAULTS, systemCapacity: 5 },
      { ...PVWATTS_DEFAULTS, systemCapacity: 4.69287, arrayType: 'FIXED_OPEN_RACK', losses: 14.0757 },
      { ...PVWATTS_DEFAULTS, systemCapacity: 7, moduleType: 'PREMIUM', tilt: 35, azimuth: 250, dcAcRatio: 1.5 },
      { ...PVWATTS_DEFAULTS, systemCapacity: 3, moduleType: 'THIN_FILM', tilt: 0, azimuth: 0 },
      { ...PVWATTS_DEFAULTS, systemCapacity: 4, arrayType: 'ONE_AXIS', tilt: 0 },
      { ...PVWATTS_DEFAULTS, systemCapacity: 3, arrayType: 'ONE_AXIS', tilt: 90, azimuth: 90 },
    ];
    for (const file of [
      'ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv',
      'ssc_weather-tmy2_USA_AZ_Phoenix.csv',
    ]) {
      const weather = parseSamCsv(readFileSync(`${solar}/${file}`, 'utf8'));
      for (const system of systems) {
        const fast = pvwattsHourly(system, weather).ac;
        const reference = referencePvwatts(system, weather);
        // A level tracker's surface azimuth is the arcsine of a ratio that is 1 up to rounding: there a rounding of
        // 1e-16 in the sun's angles moves the result by its square root (1e-8), in the reference path as in the model.
        const tolerance = system.arrayType === 'ONE_AXIS' ? 1e-7 : 1e-9;
        let worst = 0;
        for (let i = 0; i < fast.length; i++) worst = Math.max(worst, Math.abs(fast[i]! - reference[i]!));
        assert.ok(worst < tolerance, `${file} ${system.arrayType} tilt ${system.tilt}: ${worst} kWh`);
      }
    }
  });
});
