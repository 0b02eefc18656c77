// The v8 model's pieces, each on a case worked by hand (the arithmetic beside each figure).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { airMassModifier, throughCover } from '../../../../src/engine/solar/v8/cover.ts';
import { sandiaAc } from '../../../../src/engine/solar/v8/inverter.ts';
import { modulePower, noctCellTemperature, V8_MODULES } from '../../../../src/engine/solar/v8/module.ts';
import { perezV8 } from '../../../../src/engine/solar/v8/perez.ts';
import {
  diffuseFactors,
  fixedShadedFraction,
  rowLayout,
  SkyDiffuseFactors,
} from '../../../../src/engine/solar/v8/self-shading.ts';
import { spaRefraction } from '../../../../src/engine/solar/v8/spa.ts';
import { SunForRecords } from '../../../../src/engine/solar/v8/sun.ts';
import { backtrackRotation, orientation, trueTrackingRotation } from '../../../../src/engine/solar/v8/tracking.ts';

const close = (got: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(got - expected) <= tolerance, `${what}: ${got} against ${expected}`);

test('Perez as v8: isotropic sky and no ground reflection near the horizon, nothing diffuse when DHI <= 0', () => {
  // Zenith 88 (> 87.5): sky = DHI (1 + cos 90) / 2 = 100 x 0.5 = 50 on a vertical plane; beam DNI cos(80) = 17.365.
  const low = perezV8(100, 100, 0.2, 80, 90, 88);
  close(low.sky, 50, 1e-9, 'isotropic sky');
  close(low.beam, 100 * Math.cos((80 * Math.PI) / 180), 1e-9, 'beam');
  assert.equal(low.ground, 0);
  // DHI 0: the beam alone, 800 cos(30) = 692.82.
  const clear = perezV8(800, 0, 0.2, 30, 20, 40);
  assert.deepEqual([clear.sky, clear.ground], [0, 0]);
  close(clear.beam, 692.8203, 1e-4, 'beam');
  // Ground: 0.2 x (800 cos 60 + 100) x (1 - cos 20) / 2 = 0.2 x 500 x 0.030154 = 3.0154.
  close(perezV8(800, 100, 0.2, 30, 20, 60).ground, 3.0154, 1e-4, 'ground');
});

test('tracking: backtracking turns back only when rows would shade; two-axis faces the sun', () => {
  // gcr 0.4: cos(60) / 0.4 = 1.25 >= 1, no shade: 60 stays. cos(80) / 0.4 = 0.43412, acos = 64.270: 80 - 64.270.
  assert.equal(backtrackRotation(60, 0.4), 60);
  close(backtrackRotation(80, 0.4), 80 - 64.2704, 1e-3, 'backtracked');
  close(backtrackRotation(-80, 0.4), -80 + 64.2704, 1e-3, 'backtracked, morning');
  // A horizontal north-south axis follows the sun's east-west angle: sun due east at 30 degrees up: -60 (east).
  close(trueTrackingRotation(60, 90, 0, 180), -60, 1e-9 * 1e3, 'true tracking');
  const two = orientation('TWO_AXIS', 20, 180, 45, 0.4, 35, 150);
  assert.deepEqual([two.incidence, two.tilt, two.azimuth], [0, 35, 150]);
  // One-axis limited to 45: the surface tilts 45 toward the east (azimuth 90).
  const one = orientation('ONE_AXIS', 0, 180, 45, 0.4, 60, 90);
  close(one.rotation, -45, 1e-9, 'limited rotation');
  close(one.tilt, 45, 1e-9, 'surface tilt');
  close(one.azimuth, 90, 1e-9, 'surface azimuth');
  close(one.incidence, 15, 1e-9, 'incidence: 60 - 45');
});

test('cover: no loss at normal incidence, more at a glancing beam; spectral factor', () => {
  close(throughCover(0, 0, 1000, 0, 0), 1000, 1e-9, 'normal incidence');
  const glancing = throughCover(75, 0, 1000, 0, 0);
  assert.ok(glancing < 900 && glancing > 700, `75 degrees: ${glancing}`);
  // Air mass 1 at the zenith over sea level: 0.918093 + 0.086257 - 0.024459 + 0.002816 - 0.000126 = 0.982581
  // (Kasten-Young's air mass at zenith 0 is 1/(1 + 0.5057 x 96.08^-1.634) = 0.99971, not exactly 1).
  close(airMassModifier(0, 0), 0.98255, 2e-4, 'AM1.0');
  // Zenith 60: air mass 1 / (0.5 + 0.5057 x 36.08^-1.634) = 1 / (0.5 + 0.001444) = 1.99424; the polynomial
  // 0.918093 + 0.172017 - 0.097273 + 0.022334 - 0.001993 = 1.013178. At 1,600 m the air mass is 0.82726 of that.
  close(airMassModifier(60, 0), 1.013178, 1e-4, 'AM2');
  assert.ok(airMassModifier(60, 1600) < airMassModifier(60, 0));
});

test('module: the CEC standard module gives its rating at STC; NOCT temperature', () => {
  // 25 C, 1000 W/m2: Vmp x Imp = 35.8 x 9.01 = 322.558 W (the fitted parameters reproduce it within 0.5 %).
  close(modulePower(V8_MODULES.STANDARD, 1000, 25), 322.558, 1.6, 'STC power');
  assert.ok(modulePower(V8_MODULES.STANDARD, 1000, 50) < modulePower(V8_MODULES.STANDARD, 1000, 25));
  assert.equal(modulePower(V8_MODULES.STANDARD, 0.5, 25), 0);
  // NOCT 45, 800 W/m2 effective, 20 C air, wind 1 m/s at 0.51: efficiency 322.558 / (1000 x 1.6864) = 0.191270;
  // 20 + (800/800) x 25 x (1 - 0.191270 / 0.9) x 9.5 / (5.7 + 3.8 x 0.51) = 20 + 25 x 0.787478 x 1.243781 = 44.486.
  close(noctCellTemperature(V8_MODULES.STANDARD, 800, 20, 1, 45), 44.486, 1e-3, 'NOCT');
});

test('inverter: the Sandia line through the self-consumption, clipped at the AC rating', () => {
  // 4 kW DC, DC/AC 1.2: AC rating 3333.333 W; Pso 0.004931 x 3333.333 = 16.437; Pdco = 3333.333 / 0.96 = 3472.222.
  // 2000 W DC: 3333.333 / (3472.222 - 16.437) x (2000 - 16.437) = 0.964566 x 1983.563 = 1913.278.
  close(sandiaAc(2000, 3333.333333, 0.96, 4000), 1913.278, 1e-3, 'part load');
  assert.equal(sandiaAc(16, 3333.333333, 0.96, 4000), 0);
  assert.equal(sandiaAc(5000, 3333.333333, 0.96, 4000), 3333.333333);
});

test('self-shading: no beam shade with the sun behind the row; level modules see the whole sky', () => {
  const layout = rowLayout(4000, 0.19, false, 0.4);
  // 4000 / 300 = 13.3 -> 14 modules, 2 up: rows ceil(sqrt(7)) = 3, 3 modules along (ceil(14 / 6) = 3).
  assert.deepEqual([layout.modulesUp, layout.rows, layout.modulesAlong], [2, 3, 3]);
  assert.equal(fixedShadedFraction(layout, 20, 180, 60, 10), 0);
  // A low sun straight ahead shades the row behind: shadow height side x (1 - R / Py) over the side.
  const low = fixedShadedFraction(layout, 20, 180, 80, 180);
  const side = layout.length * 2;
  const tilt = (20 * Math.PI) / 180;
  const py = side * (Math.cos(tilt) + Math.sin(tilt) / Math.tan((10 * Math.PI) / 180));
  close(low, 1 - layout.rowSpacing / py, 1e-9, 'shaded share');
  close(new SkyDiffuseFactors(0.4, 0).at(0), 1, 1e-12, 'level: the whole sky');
  const f = diffuseFactors(new SkyDiffuseFactors(0.4, 20), 20, 40, 700, 100, 150, 5, 0.4, 0.2, 3);
  assert.ok(f.sky < 1 && f.sky > 0.9 && f.ground < 1 && f.ground >= 0, JSON.stringify(f));
});

test('the sun by the time convention: instants at their minute, hourly records at the lit part of the hour', () => {
  const place = { latitude: 40, longitude: -105, timeZone: -7 };
  const instant = new SunForRecords(place, 'INSTANT', 1600);
  const hourly = new SunForRecords(place, 'HOUR', 1600);
  const at = (s: SunForRecords, hour: number, minute: number) => s.at(2020, 6, 21, hour, minute, 840, 15);
  // Midnight: down either way. Noon: the same instant for both (12:30 is inside the day).
  assert.equal(at(instant, 0, 30), null);
  assert.deepEqual(at(instant, 12, 30), at(hourly, 12, 30));
  // The hour of sunrise (about 4:32 standard time on 21 June at 40 N, 105 W): an hourly record sees the sun at the
  // middle of its lit part, (sunrise + 5:00) / 2, higher than the instant 4:00 does (down then).
  const { sunrise } = hourly.riseAndSet(2020, 6, 21);
  close(sunrise, 4 + 32 / 60, 3 / 60, 'sunrise');
  assert.equal(at(instant, 4, 0), null);
  const rise = at(hourly, 4, 30);
  assert.ok(rise && rise.zenith < 90 && rise.zenith > 85, JSON.stringify(rise));
  const middle = (sunrise + 5) / 2;
  const h = Math.trunc(middle);
  assert.deepEqual(rise, at(instant, h, (middle - h) * 60));
});

test('size classes: sizes of one class give output exactly proportional to size', async () => {
  const { sizeClass, pvwattsV8Hourly } = await import('../../../../src/engine/solar/v8/pvwatts-v8.ts');
  const base = {
    moduleType: 'STANDARD',
    tilt: 20,
    azimuth: 180,
    losses: 14.08,
    dcAcRatio: 1.2,
    inverterEfficiency: 96,
    groundCoverageRatio: 0.4,
  } as const;
  // Roof mounts are not self-shaded: every size of 1 kW or more is one class (the utility self-consumption share).
  assert.equal(sizeClass({ ...base, arrayType: 'FIXED_ROOF_MOUNT', systemCapacity: 3 }), 'utility');
  assert.equal(sizeClass({ ...base, arrayType: 'FIXED_ROOF_MOUNT', systemCapacity: 900 }), 'utility');
  assert.equal(sizeClass({ ...base, arrayType: 'FIXED_ROOF_MOUNT', systemCapacity: 0.5 }), 'commercial');
  // An open rack of 4 kW: 14 modules, 3 rows of 3 (2 up); 4.2 kW: 14 modules too; 4.5 kW: 15 modules, 3 rows of 3.
  const rack = (systemCapacity: number) => ({ ...base, arrayType: 'FIXED_OPEN_RACK' as const, systemCapacity });
  assert.equal(sizeClass(rack(4)), 'utility|3|3');
  assert.equal(sizeClass(rack(4.5)), 'utility|3|3');
  assert.notEqual(sizeClass(rack(10)), sizeClass(rack(4)));
  const place = { latitude: 33.45, longitude: -111.98, timeZone: -7 };
  const n = 8760;
  const month = Float64Array.from({ length: n }, (_, i) => Math.min(12, Math.floor(i / 730) + 1));
  const weather = {
    place,
    year: new Float64Array(n).fill(2020),
    month,
    day: Float64Array.from({ length: n }, (_, i) => (Math.floor(i / 24) % 28) + 1),
    hour: Float64Array.from({ length: n }, (_, i) => i % 24),
    minute: new Float64Array(n).fill(30),
    ghi: Float64Array.from({ length: n }, (_, i) => Math.max(0, 900 * Math.sin(((i % 24) - 6) * (Math.PI / 12)))),
    dni: Float64Array.from({ length: n }, (_, i) => Math.max(0, 800 * Math.sin(((i % 24) - 6) * (Math.PI / 12)))),
    dhi: new Float64Array(n).fill(80),
    airTemperature: new Float64Array(n).fill(25),
    windSpeed: new Float64Array(n).fill(2),
    convention: 'INSTANT' as const,
    elevation: 300,
  };
  const a = pvwattsV8Hourly(rack(4), weather).ac;
  const b = pvwattsV8Hourly(rack(4.5), weather).ac;
  for (let i = 0; i < n; i++) assert.ok(Math.abs(b[i]! - a[i]! * (4.5 / 4)) < 1e-9 * (1 + a[i]!), `hour ${i}`);
});

test("SPA's refraction from the air's pressure and temperature", () => {
  // At the horizon, 1010 mbar and 10 C: 1.02 / (60 tan(10.3 / 5.11 = 2.01566 degrees)) = 1.02 / (60 x 0.035193) = 0.48305.
  close(spaRefraction(0, 1010, 10), 0.48305, 1e-4, 'horizon');
  // 30 degrees up: 1.02 / (60 tan(30 + 10.3 / 35.11 = 30.29336)) = 1.02 / (60 x 0.584086) = 0.029105.
  close(spaRefraction(30, 1010, 10), 0.029105, 1e-5, '30 degrees');
  // Thinner air bends less: at 813 mbar (1,829 m) and 10 C, 0.805 of that.
  close(spaRefraction(30, 813, 10), spaRefraction(30, 1010, 10) * (813 / 1010), 1e-12, 'Golden');
  assert.equal(spaRefraction(-1, 1010, 10), 0);
});
