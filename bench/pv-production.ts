// PV production for a year for one system: pvwattsHourly on Phoenix's NSRDB typical year (../shared/reference/solar),
// a 5 kW fixed roof-mount system, after 10 warm-up runs. Usage: npm run bench:pv [-- --runs 200]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSamCsv } from '../src/data/weather/sam-csv.ts';
import { pvwattsHourly, PVWATTS_DEFAULTS } from '../src/engine/solar/pvwatts.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const weather = parseSamCsv(readFileSync(new URL('../../shared/reference/solar/ssc_weather-nsrdb-psm3-tmy_phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv', import.meta.url), 'utf8'));
const system = { ...PVWATTS_DEFAULTS, systemCapacity: 5 };
const ms: number[] = [];
let kwh = 0;
for (let i = 0; i < Number(values.runs) + 10; i++) {
  const t0 = performance.now();
  const out = pvwattsHourly(system, weather);
  if (i >= 10) ms.push(performance.now() - t0);
  kwh = out.ac.reduce((a, b) => a + b, 0);
}
const sorted = [...ms].sort((a, b) => a - b);
console.log(`PV production, a year of hours, one 5 kW system (Phoenix, ${kwh.toFixed(0)} kWh): median ${median(ms).toFixed(2)} ms, p90 ${sorted[Math.floor(ms.length * 0.9)]!.toFixed(2)} ms over ${ms.length} runs`);
