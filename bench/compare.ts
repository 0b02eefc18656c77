// The tariff comparison over HTTP against the built server: one account with a year of hourly readings on PG&E E-1 at
// a San Francisco address, compared on all its tariffs (every PG&E residential tariff open through the year), alone
// and with a PVWatts system, a battery and an EV added; beside it, one on-demand calculation of the same year sent
// inline, for the cost of a tariff's bill. Usage: npm run bench:compare [-- --runs 10 --database-url postgres://...]
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, 'database-url': { type: 'string' } },
});
/** Requests before the timed ones: the first few compile the code paths (the first timed case ran slowest with 2). */
const WARM_UP = 5;
const server = await startSeededServer('compare', { databaseUrl: values['database-url'], tier: 'signal' });
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { authorization: server.authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
};
const timed = async (label: string, runs: number, run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < runs + WARM_UP; i++) {
    const t0 = performance.now();
    await run();
    if (i >= WARM_UP) ms.push(performance.now() - t0);
  }
  console.log(`${server.dialect} ${label}: median ${median(ms).toFixed(1)} ms over ${ms.length}`);
  return median(ms);
};
/** 2027 hour by hour from midnight Pacific standard time (synthetic: a daily shape, more in the evening). */
const t0 = Date.parse('2027-01-01T08:00:00Z');
const kwh = Array.from({ length: 8760 }, (_, k) => {
  const h = k % 24;
  return h < 7 ? 0.4 : h >= 17 && h < 21 ? 1.3 : 0.7;
});
try {
  const runs = Number(values.runs);
  const account = (
    await call('POST', '/rest/v1/accounts', {
      providerAccountId: 'bench-compare',
      address: { zip: '94110' },
      tariffs: [{ masterTariffId: 522, effectiveDate: '2025-03-01' }],
    })
  ).results[0];
  const profile = (await call('POST', '/rest/v1/profiles', { accountId: account.accountId })).results[0];
  await call('PUT', `/rest/v1/profiles/${profile.profileId}/readings`, {
    readingData: kwh.map((v, k) => ({
      fromDateTime: new Date(t0 + k * 3_600_000).toISOString(),
      toDateTime: new Date(t0 + (k + 1) * 3_600_000).toISOString(),
      quantityValue: v,
    })),
  });
  const compare = (propertyInputs: object[] = []) =>
    call('POST', `/rest/v1/accounts/${account.accountId}/compare`, { fromDateTime: '2027-01-01', propertyInputs });
  const first = (await compare()).results[0];
  const n = first.tariffs.length + first.unknownEligibility.length;
  console.log(
    `${server.dialect} the account's tariffs: ${n} billed (${first.tariffs.map((t: { tariffCode: string }) => t.tariffCode).join(', ')})`,
  );
  // The server's first comparisons run slower while V8 compiles their paths (the first timed case was twice the
  // second's after 20): 50 untimed ones first.
  for (let i = 0; i < 50; i++) await compare();
  const alone = await timed(`compare, a year of hourly readings on ${n} tariffs`, runs, () => compare());
  console.log(`${server.dialect}   per tariff: ${(alone / n).toFixed(1)} ms`);
  await timed('compare, by month (populateMonths)', runs, () =>
    call('POST', `/rest/v1/accounts/${account.accountId}/compare`, {
      fromDateTime: '2027-01-01',
      populateMonths: true,
    }),
  );
  const pv = [{ keyName: 'systemSize', dataValue: 4 }];
  await timed('compare with 4 kW of PV (PVWatts at the place)', runs, () => compare(pv));
  await timed('compare with 4 kW of PV and a 13.5 kWh battery (SELF_CONSUMPTION)', runs, () =>
    compare([...pv, { keyName: 'storageCapacity', dataValue: 13.5 }, { keyName: 'storagePower', dataValue: 5 }]),
  );
  await timed('compare with an EV (3,000 kWh a year, 22:00-06:00)', runs, () =>
    compare([
      { keyName: 'evAnnualConsumption', dataValue: 3000 },
      { keyName: 'evChargingStart', dataValue: 22 },
      { keyName: 'evChargingEnd', dataValue: 6 },
    ]),
  );
  const onDemand = (masterTariffId: number) =>
    call('POST', '/rest/v1/ondemand/calculate', {
      masterTariffId,
      fromDateTime: '2027-01-01',
      toDateTime: '2028-01-01',
      billingPeriod: true,
      address: { zip: '94110' },
      propertyInputs: [{ keyName: 'consumption', fromDateTime: '2027-01-01', duration: 3_600_000, dataSeries: kwh }],
    });
  await timed('one on-demand calculation of the same year (E-TOU-C, 8,760 values inline)', runs, () =>
    onDemand(1100102),
  );
  const ids: number[] = first.tariffs.map((t: { masterTariffId: number }) => t.masterTariffId);
  await timed(
    `the same year's on-demand calculation on each of the ${ids.length} tariffs, one after another`,
    runs,
    async () => {
      for (const id of ids) await onDemand(id);
    },
  );
} finally {
  await server.stop();
}
