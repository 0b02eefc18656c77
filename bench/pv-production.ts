// PV production for a year for one system: PVWatts v8 (pvwattsV8Hourly, the model the service runs) on Phoenix's NSRDB
// typical year (../shared/reference/solar),
// a 5 kW fixed roof-mount system. The first run of the process (cold: the model's code not yet compiled by V8, which
// is what one request for one system meets after a start) and, after 10 warm-up runs, the median of the rest; each as
// wall time and as this process's CPU time (user + system), which other work on the machine moves less.
// Usage: npm run bench:pv [-- --runs 200 --array-type FIXED_ROOF_MOUNT --bifaciality 0]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSamCsv } from '../src/data/weather/sam-csv.ts';
import { v8WeatherOf } from '../src/data/weather/v8-weather.ts';
import { pvwattsV8Hourly } from '../src/engine/solar/v8/pvwatts-v8.ts';
import { V8_ARRAY_TYPES, V8_DEFAULTS } from '../src/engine/solar/v8/system.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    'array-type': { type: 'string', default: V8_DEFAULTS.arrayType },
    bifaciality: { type: 'string', default: '0' },
  },
});
const arrayType = V8_ARRAY_TYPES.find((a) => a === values['array-type']);
if (!arrayType) throw new Error(`--array-type is one of ${V8_ARRAY_TYPES.join(', ')}`);
const weather = v8WeatherOf(
  parseSamCsv(
    readFileSync(
      new URL(
        '../../shared/reference/solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv',
        import.meta.url,
      ),
      'utf8',
    ),
  ),
);
const system = {
  ...V8_DEFAULTS,
  systemCapacity: 5,
  arrayType,
  tilt: arrayType.startsWith('ONE_AXIS') ? 0 : V8_DEFAULTS.tilt,
  bifaciality: Number(values.bifaciality),
};
/**
 * `runs` years after 10 warm-up runs. `newWeather`: each on a copy of the weather year, as a process meets a station
 * for the first time (the sun's path is found once per weather year and kept: pvwatts-v8.ts); else all on one, as
 * every later system on that station (another size class, orientation or design).
 */
function measure(newWeather: boolean) {
  const ms: number[] = [];
  const cpu: number[] = [];
  let first = { ms: 0, cpu: 0 };
  let kwh = 0;
  for (let i = 0; i < Number(values.runs) + 10; i++) {
    const year = newWeather ? { ...weather } : weather;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = pvwattsV8Hourly(system, year);
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const used = (c.user + c.system) / 1000;
    if (i === 0) first = { ms: wall, cpu: used };
    if (i >= 10) {
      ms.push(wall);
      cpu.push(used);
    }
    kwh = out.ac.reduce((a, b) => a + b, 0) / 1000;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { ms, cpu, first, kwh, p90: sorted[Math.floor(ms.length * 0.9)]! };
}

const cold = measure(true);
const warm = measure(false);
console.log(
  `PV production, a year of hours, one 5 kW ${arrayType}${system.bifaciality ? ` bifacial ${system.bifaciality}` : ''} system (Phoenix, ${cold.kwh.toFixed(0)} kWh): first run ${cold.first.ms.toFixed(2)} ms (CPU ${cold.first.cpu.toFixed(2)} ms); then median ${median(cold.ms).toFixed(2)} ms, p90 ${cold.p90.toFixed(2)} ms, CPU median ${median(cold.cpu).toFixed(2)} ms over ${cold.ms.length} runs, each on a weather year new to the process`,
);
console.log(
  `the same on a weather year already used (the sun's path kept): median ${median(warm.ms).toFixed(2)} ms, p90 ${warm.p90.toFixed(2)} ms, CPU median ${median(warm.cpu).toFixed(2)} ms over ${warm.ms.length} runs`,
);
