// The savings analysis over HTTP against the built server: 20 system sizes sharing one typical home in San Francisco
// on PG&E E-1 over 20 years (each size's after bill billed again for every year of degraded output: 400 year-long
// bills), one size, 20 sizes on E-ELEC after solar (net billing: every year's hourly export prices read once), 20
// sizes each with a 13.5 kWh / 5 kW battery (SELF_CONSUMPTION; BILL_OPTIMAL on E-1, on E-TOU-C and on E-ELEC after
// solar; and one size with BILL_OPTIMAL, over fewer runs: each of its years is 12 linear programs), and the savings by
// region of one place.
// Usage: npm run bench:savings [-- --runs 30 --database-url postgres://... --during-load --only battery]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    'during-load': { type: 'boolean', default: false },
    // Only the cases whose label holds this text (e.g. --only battery).
    only: { type: 'string' },
  },
});
// Timed on a running server: once its first start has stored the export prices (--during-load: meanwhile, as the
// figures before 2026-11-27 evening were, the load's transactions holding the event loop).
const server = await startSeededServer('savings', {
  databaseUrl: values['database-url'],
  tier: 'signal',
  exportPricesLoaded: !values['during-load'],
});
const battery = (dispatch: string) => [
  { keyName: 'storageCapacity', dataValue: 13.5, scenarios: 'storage' },
  { keyName: 'storagePower', dataValue: 5, scenarios: 'storage' },
  { keyName: 'storageDispatch', dataValue: dispatch, scenarios: 'storage' },
];
/** PG&E E-1 and E-TOU-C in the starter data. */
const E_1 = 522;
const E_TOU_C = 1100102;
// `tariffs` 'before' leaves the after-solar tariff to the analysis: E-ELEC under net billing (hourly export prices).
const body = (sizes: number[], storage: object[] = [], tariffs = 'before,after', masterTariffId = E_1) => ({
  address: { zip: '94110' },
  fromDateTime: '2027-01-01',
  propertyInputs: [
    { keyName: 'masterTariffId', dataValue: masterTariffId, scenarios: tariffs },
    { keyName: 'rateInflation', dataValue: 3 },
  ],
  rateInputs: [{ scenarios: 'solar', chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.15 }] }],
  designs: sizes.map((kw) => ({
    designId: `${kw} kW`,
    propertyInputs: [{ keyName: 'systemSize', dataValue: kw }, ...storage],
  })),
});
/** The server process's CPU seconds (user + system, /proc/PID/stat): what a request costs whatever shares the cores. */
const serverCpu = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const sizes = Array.from({ length: 20 }, (_, k) => k + 1);
const runs = Number(values.runs);
const cases: [string, string, string | null, number][] = [
  ['20 sizes (1-20 kW), 20 years', '/rest/v1/accounts/analysis', JSON.stringify(body(sizes)), runs],
  ['1 size (4 kW), 20 years', '/rest/v1/accounts/analysis', JSON.stringify(body([4])), runs],
  [
    '20 sizes on E-ELEC after solar (net billing: each year at its own hourly export prices), 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body(sizes, [], 'before')),
    runs,
  ],
  [
    '20 sizes with a battery (SELF_CONSUMPTION), 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body(sizes, battery('SELF_CONSUMPTION'))),
    Math.min(runs, 5),
  ],
  [
    '20 sizes with a battery (BILL_OPTIMAL), 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body(sizes, battery('BILL_OPTIMAL'))),
    Math.min(runs, 3),
  ],
  [
    '20 sizes with a battery (BILL_OPTIMAL) on E-TOU-C, 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body(sizes, battery('BILL_OPTIMAL'), 'before,after', E_TOU_C)),
    Math.min(runs, 3),
  ],
  [
    '20 sizes with a battery (BILL_OPTIMAL) on E-ELEC after solar, 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body(sizes, battery('BILL_OPTIMAL'), 'before')),
    Math.min(runs, 3),
  ],
  [
    '1 size with a battery (BILL_OPTIMAL), 20 years',
    '/rest/v1/accounts/analysis',
    JSON.stringify(body([4], battery('BILL_OPTIMAL'))),
    Math.min(runs, 3),
  ],
  ['savings by region (94110)', '/rest/alpha/open/region?zipCode=94110', null, runs],
];
try {
  for (const [label, path, payload, count] of cases) {
    if (values.only !== undefined && !label.includes(values.only)) continue;
    const ms: number[] = [];
    const cpu: number[] = [];
    // Three warm-up requests, one for the slow battery cases.
    const warmUp = count === runs ? 3 : 1;
    for (let i = 0; i < count + warmUp; i++) {
      const t0 = performance.now();
      const c0 = serverCpu();
      const res = await fetch(
        `${server.base}${path}`,
        payload
          ? {
              method: 'POST',
              headers: { authorization: server.authorization, 'content-type': 'application/json' },
              body: payload,
            }
          : { headers: { authorization: server.authorization } },
      );
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
      if (i >= warmUp) {
        ms.push(performance.now() - t0);
        cpu.push((serverCpu() - c0) * 1000);
      }
    }
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(
      `${server.dialect} ${label}: median ${median(ms).toFixed(1)} ms, p90 ${sorted[Math.floor(ms.length * 0.9)]!.toFixed(1)} ms over ${ms.length} requests (server CPU median ${median(cpu).toFixed(0)} ms)`,
    );
  }
} finally {
  await server.stop();
}
