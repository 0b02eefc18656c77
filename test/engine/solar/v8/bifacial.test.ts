// Bifacial modules (`bifaciality`) against NREL's own PVWatts v8: the figures in fixtures/ssc-pvwattsv8-bifacial.json
// and the bifacial hourly file are ssc's `pvwattsv8` built from source (fixtures/README.md says how) on the reference
// weather, every array type, the three module types, albedo from the file (NSRDB) and v8's default 0.2 (EPW); and the
// one bifacial figure ssc's own test suite checks (its default system gains more than 2.7 % at bifaciality 0.65).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseEpw } from '../../../../src/data/weather/epw.ts';
import { parseSamCsv } from '../../../../src/data/weather/sam-csv.ts';
import { v8WeatherOf } from '../../../../src/data/weather/v8-weather.ts';
import { pvwattsV8Hourly, type V8System, type V8Weather } from '../../../../src/engine/solar/v8/pvwatts-v8.ts';
import { v8SystemProblem } from '../../../../src/engine/solar/v8/system.ts';

const SHARED = new URL('../../../../../shared/', import.meta.url);
const FIXTURES = new URL('./fixtures/', import.meta.url);
const skip = existsSync(new URL('reference/weather', SHARED)) ? false : 'the shared reference folder is absent';

const weathers = new Map<string, V8Weather>();
function weatherAt(path: string): V8Weather {
  let w = weathers.get(path);
  if (!w) {
    const text = readFileSync(new URL(path, SHARED), 'utf8');
    w = v8WeatherOf(path.endsWith('.epw') ? parseEpw(text) : parseSamCsv(text));
    weathers.set(path, w);
  }
  return w;
}
const sumKwh = (ac: Float64Array) => ac.reduce((a, b) => a + b, 0) / 1000;

test('annual and monthly AC of 12 bifacial systems agree with ssc pvwattsv8', { skip }, (t) => {
  const { cases } = JSON.parse(readFileSync(new URL('ssc-pvwattsv8-bifacial.json', FIXTURES), 'utf8')) as {
    cases: { weather: string; system: V8System; annualKwh: number; monthlyKwh: number[] }[];
  };
  assert.equal(cases.length, 12);
  let worstAnnual = 0;
  let worstMonth = 0;
  for (const c of cases) {
    const w = weatherAt(c.weather);
    const { ac } = pvwattsV8Hourly(c.system, w);
    const months = new Array<number>(12).fill(0);
    for (let i = 0; i < ac.length; i++) months[w.month[i]! - 1]! += ac[i]! / 1000;
    const annual = months.reduce((a, b) => a + b, 0);
    const label = `${c.weather} ${JSON.stringify(c.system)}`;
    const annualError = Math.abs(annual / c.annualKwh - 1);
    worstAnnual = Math.max(worstAnnual, annualError);
    // The bounds are 1 % a year and 3 % a month; the port is held far closer so that a regression shows.
    assert.ok(annualError < 0.00001, `${label}: ${annual.toFixed(4)} kWh a year against ssc's ${c.annualKwh}`);
    for (let m = 0; m < 12; m++) {
      const share = Math.abs(months[m]! - c.monthlyKwh[m]!) / (c.annualKwh / 12);
      worstMonth = Math.max(worstMonth, share);
      assert.ok(share < 0.00002, `${label} month ${m + 1}: ${months[m]} against ${c.monthlyKwh[m]}`);
    }
  }
  t.diagnostic(
    `worst annual ${(worstAnnual * 100).toFixed(5)} %, worst month ${(worstMonth * 100).toFixed(5)} % of an average month`,
  );
});

test('hour by hour against ssc pvwattsv8: Phoenix NSRDB, one-axis backtracking, bifaciality 0.7', { skip }, (t) => {
  const expected = readFileSync(
    new URL('ssc-pvwattsv8-hourly-ac-w_phoenix-nsrdb_one-axis-backtracking_bifacial-0.7.csv', FIXTURES),
    'utf8',
  )
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map(Number);
  assert.equal(expected.length, 8760);
  const { ac } = pvwattsV8Hourly(
    {
      systemCapacity: 4,
      moduleType: 'STANDARD',
      arrayType: 'ONE_AXIS_BACKTRACKING',
      tilt: 0,
      azimuth: 180,
      losses: 14.08,
      dcAcRatio: 1.2,
      inverterEfficiency: 96,
      groundCoverageRatio: 0.4,
      bifaciality: 0.7,
    },
    weatherAt('reference/solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv'),
  );
  let squares = 0;
  let sum = 0;
  let lit = 0;
  let worst = 0;
  for (let i = 0; i < 8760; i++) {
    squares += (ac[i]! - expected[i]!) ** 2;
    worst = Math.max(worst, Math.abs(ac[i]! - expected[i]!));
    sum += expected[i]!;
    if (expected[i]! > 0) lit++;
  }
  const relativeRms = Math.sqrt(squares / 8760) / (sum / lit);
  assert.ok(relativeRms < 0.00001, `hourly relative RMS ${(relativeRms * 100).toFixed(5)} %`);
  t.diagnostic(
    `hourly relative RMS ${(relativeRms * 100).toFixed(5)} %, largest hourly difference ${worst.toFixed(3)} W`,
  );
});

test("ssc's own bifacial test: its default system makes over 2.7 % more at bifaciality 0.65", { skip }, (t) => {
  // ssc test/ssc_test/cmod_pvwattsv8_test.cpp (commit e97a19f), BifacialTest_cmod_pvwattsv8: annual_energy at
  // bifaciality 0.65 over that at 0 is above 1.027, on the TMY2 Phoenix file with the inputs of its test data
  // (pvwatts_cases.h: 4 kW, fixed open rack, tilt 20, azimuth 180, gcr 0.4, losses 14.0757 %, DC/AC 1.2). The ssc
  // built from that commit gives 7,342.310465 kWh against 7,043.197333 (1.0425).
  const w = weatherAt('reference/solar/ssc_weather-tmy2_USA_AZ_Phoenix.csv');
  const base: V8System = {
    systemCapacity: 4,
    moduleType: 'STANDARD',
    arrayType: 'FIXED_OPEN_RACK',
    tilt: 20,
    azimuth: 180,
    losses: 14.075660705566406,
    dcAcRatio: 1.2000000476837158,
    inverterEfficiency: 96,
    groundCoverageRatio: 0.40000000596046448,
  };
  const mono = pvwattsV8Hourly({ ...base, bifaciality: 0 }, w);
  const bi = pvwattsV8Hourly({ ...base, bifaciality: 0.65 }, w);
  const ratio = sumKwh(bi.ac) / sumKwh(mono.ac);
  assert.ok(ratio > 1.027, `ratio ${ratio}`);
  assert.ok(Math.abs(sumKwh(bi.ac) / 7342.310465 - 1) < 0.00001, `${sumKwh(bi.ac)} kWh`);
  // The rear's light is in the plane-of-array output but not in the cell temperature (v8's NOCT model reads the front).
  let more = 0;
  for (let i = 0; i < 8760; i++) {
    assert.equal(bi.cellTemperature[i], mono.cellTemperature[i]);
    assert.ok(bi.poa[i]! >= mono.poa[i]!);
    if (bi.poa[i]! > mono.poa[i]!) more++;
  }
  assert.ok(more > 4000, `${more} hours with rear light`);
  t.diagnostic(
    `bifacial ${sumKwh(bi.ac).toFixed(3)} kWh against ${sumKwh(mono.ac).toFixed(3)}: ratio ${ratio.toFixed(4)}`,
  );
});

test('bifaciality: 0 to 1, a clear problem outside', () => {
  const system: V8System = {
    systemCapacity: 4,
    moduleType: 'STANDARD',
    arrayType: 'FIXED_OPEN_RACK',
    tilt: 20,
    azimuth: 180,
    losses: 14.08,
    dcAcRatio: 1.2,
    inverterEfficiency: 96,
    groundCoverageRatio: 0.4,
  };
  assert.equal(v8SystemProblem({ ...system, bifaciality: 0.7 }), null);
  assert.equal(v8SystemProblem({ ...system, bifaciality: 1.2 })?.[0], 'bifaciality');
  assert.equal(v8SystemProblem({ ...system, bifaciality: -0.1 })?.[0], 'bifaciality');
  assert.equal(v8SystemProblem({ ...system, bifaciality: Number.NaN })?.[0], 'bifaciality');
});
