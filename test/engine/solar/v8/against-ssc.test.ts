// PVWatts v8 against NREL's own: the figures in fixtures/ are ssc's `pvwattsv8` compute module, built from source and
// run on the reference weather files (fixtures/README.md says how). Every case must agree within the bounds
// (a year within 1 %, each month within 3 % or 1 % of an average month); what is actually achieved is far closer,
// and the test holds it to that (annual 0.001 %, hourly relative RMS 0.001 %; achieved 0.00008 % and 0.00004 % since
// the sun is SPA's as ssc runs it, 0.008 % and 0.006 % before) so that a regression shows.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseEpw } from '../../../../src/data/weather/epw.ts';
import { parseSamCsv } from '../../../../src/data/weather/sam-csv.ts';
import { v8WeatherOf } from '../../../../src/data/weather/v8-weather.ts';
import { pvwattsV8Hourly, type V8System, type V8Weather } from '../../../../src/engine/solar/v8/pvwatts-v8.ts';

const SHARED = new URL('../../../../../shared/', import.meta.url);
const FIXTURES = new URL('./fixtures/', import.meta.url);
const skip = existsSync(new URL('reference/weather', SHARED)) ? false : 'the shared reference folder is absent';

interface Case {
  weather: string;
  system: V8System;
  annualKwh: number;
  monthlyKwh: number[];
}

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

function monthlyKwh(w: V8Weather, ac: Float64Array): number[] {
  const m = new Array<number>(12).fill(0);
  for (let i = 0; i < ac.length; i++) m[w.month[i]! - 1]! += ac[i]! / 1000;
  return m;
}

test('annual and monthly AC of 275 systems on 25 weather files agree with ssc pvwattsv8', { skip }, (t) => {
  const { cases } = JSON.parse(readFileSync(new URL('ssc-pvwattsv8-annual-monthly.json', FIXTURES), 'utf8')) as {
    cases: Case[];
  };
  assert.equal(cases.length, 275);
  let worstAnnual = 0;
  let worstMonth = 0;
  for (const c of cases) {
    const w = weatherAt(c.weather);
    const { ac } = pvwattsV8Hourly(c.system, w);
    const months = monthlyKwh(w, ac);
    const annual = months.reduce((a, b) => a + b, 0);
    const label = `${c.weather} ${JSON.stringify(c.system)}`;
    const annualError = Math.abs(annual / c.annualKwh - 1);
    worstAnnual = Math.max(worstAnnual, annualError);
    assert.ok(annualError < 0.00001, `${label}: ${annual.toFixed(3)} kWh a year against ssc's ${c.annualKwh}`);
    const averageMonth = c.annualKwh / 12;
    for (let m = 0; m < 12; m++) {
      const diff = Math.abs(months[m]! - c.monthlyKwh[m]!);
      // The bound: 3 % of the month, or 1 % of an average month for dark months.
      assert.ok(
        diff <= Math.max(0.03 * c.monthlyKwh[m]!, 0.01 * averageMonth),
        `${label} month ${m + 1}: ${months[m]} against ${c.monthlyKwh[m]}`,
      );
      worstMonth = Math.max(worstMonth, diff / averageMonth);
    }
  }
  // What this achieves (printed for the docs' figures): worst annual and worst month relative to an average month.
  t.diagnostic(
    `worst annual ${(worstAnnual * 100).toFixed(5)} %, worst month ${(worstMonth * 100).toFixed(5)} % of an average month`,
  );
});

for (const [file, weather, system] of [
  [
    'golden-tmy3_fixed-roof-mount',
    'reference/weather/USA_CO_Golden-NREL.724666_TMY3.epw',
    { arrayType: 'FIXED_ROOF_MOUNT', tilt: 20, dcAcRatio: 1.2 },
  ],
  [
    'phoenix-nsrdb_one-axis-backtracking',
    'reference/solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv',
    { arrayType: 'ONE_AXIS_BACKTRACKING', tilt: 0, dcAcRatio: 1.5 },
  ],
] as const) {
  test(`hour by hour against ssc pvwattsv8: ${file}`, { skip }, (t) => {
    const expected = readFileSync(new URL(`ssc-pvwattsv8-hourly-ac-w_${file}.csv`, FIXTURES), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map(Number);
    assert.equal(expected.length, 8760);
    const { ac } = pvwattsV8Hourly(
      {
        systemCapacity: 4,
        moduleType: 'STANDARD',
        azimuth: 180,
        losses: 14.08,
        inverterEfficiency: 96,
        groundCoverageRatio: 0.4,
        ...system,
      },
      weatherAt(weather),
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
    // Relative RMS: the RMS of the hourly differences over the mean of the producing hours (the issue's < 2 %).
    const relativeRms = Math.sqrt(squares / 8760) / (sum / lit);
    assert.ok(relativeRms < 0.00001, `hourly relative RMS ${(relativeRms * 100).toFixed(3)} %`);
    t.diagnostic(
      `${file}: hourly relative RMS ${(relativeRms * 100).toFixed(5)} %, largest hourly difference ${worst.toFixed(3)} W (of a 4 kW system)`,
    );
  });
}
