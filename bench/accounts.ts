// Accounts and readings over HTTP against the built server: a year of 15-minute readings (35,040) uploaded as JSON and
// as CSV, a month's account calculation over them on PG&E E-TOU-C (a TOU tariff), then N accounts with a year of hourly
// readings each, and list / read / calculate timed again with all of them stored; the bytes stored per reading.
// Usage: npm run bench:accounts [-- --runs 20 --accounts 100 --database-url postgres://...]
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { ProfilesRepository } from '../src/modules/profiles/profiles.repository.ts';
import { startSeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    accounts: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
  },
});
const server = await startSeededServer('accounts', { databaseUrl: values['database-url'], tier: 'signal' });
const call = async (method: string, path: string, body?: string, type = 'application/json') => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { authorization: server.authorization, ...(body ? { 'content-type': type } : {}) },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
};
const timed = async (label: string, runs: number, run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    await run();
    if (i >= 2) ms.push(performance.now() - t0);
  }
  console.log(`${server.dialect} ${label}: median ${median(ms).toFixed(1)} ms over ${ms.length}`);
};
/** A year of readings from 2025-01-01 (Pacific standard time offsets written out; the values are synthetic). */
const year = (minutes: number) => {
  const n = (365 * 24 * 60) / minutes;
  const t0 = Date.parse('2025-01-01T08:00:00Z');
  return Array.from({ length: n }, (_, k) => ({
    start: new Date(t0 + k * minutes * 60_000).toISOString(),
    end: new Date(t0 + (k + 1) * minutes * 60_000).toISOString(),
    value: 0.2 + ((k * 7) % 13) / 20,
  }));
};
const newAccount = async (pid: string) => {
  const acct = (
    await call(
      'POST',
      '/rest/v1/accounts',
      JSON.stringify({
        providerAccountId: pid,
        address: { zip: '94110' },
        tariffs: [{ masterTariffId: 1100102, effectiveDate: '2025-01-01' }],
      }),
    )
  ).results[0];
  const profile = (await call('POST', '/rest/v1/profiles', JSON.stringify({ accountId: acct.accountId }))).results[0];
  return { accountId: acct.accountId as string, profileId: profile.profileId as string };
};
try {
  const runs = Number(values.runs);
  const quarter = year(15);
  const json = JSON.stringify({
    readingData: quarter.map((r) => ({ fromDateTime: r.start, toDateTime: r.end, quantityValue: r.value })),
  });
  const csv = `fromDateTime,toDateTime,quantityValue\n${quarter.map((r) => `${r.start},${r.end},${r.value}`).join('\n')}\n`;
  const first = await newAccount('bench-15min');
  await timed(
    `upload 35,040 15-minute readings (JSON, ${(json.length / 1e6).toFixed(1)} MB, PUT replaces)`,
    Math.min(runs, 10),
    () => call('PUT', `/rest/v1/profiles/${first.profileId}/readings`, json),
  );
  await timed(
    `upload 35,040 15-minute readings (CSV, ${(csv.length / 1e6).toFixed(1)} MB, PUT replaces)`,
    Math.min(runs, 10),
    () => call('PUT', `/rest/v1/profiles/${first.profileId}/readings`, csv, 'text/csv'),
  );
  const calc = (id: string) =>
    call(
      'POST',
      `/rest/v1/accounts/${id}/calculate`,
      JSON.stringify({ fromDateTime: '2025-07-01', toDateTime: '2025-08-01' }),
    );
  await timed('account calculation, July on E-TOU-C over 15-minute readings', runs, () => calc(first.accountId));
  await timed('account calculation, the whole year (12 bills)', Math.min(runs, 10), () =>
    call(
      'POST',
      `/rest/v1/accounts/${first.accountId}/calculate`,
      JSON.stringify({ fromDateTime: '2025-01-01', toDateTime: '2026-01-01' }),
    ),
  );

  const hourly = JSON.stringify({
    readingData: year(60).map((r) => ({ fromDateTime: r.start, toDateTime: r.end, quantityValue: r.value })),
  });
  const probe = await newAccount('bench-probe');
  await call('PUT', `/rest/v1/profiles/${probe.profileId}/readings`, hourly);
  const measure = async (n: number) => {
    await timed(`${n} accounts stored: list a page of 25`, runs, () =>
      call('GET', '/rest/v1/accounts?pageCount=25&pageStart=0'),
    );
    await timed(`${n} accounts stored: read one by providerAccountId`, runs, () =>
      call('GET', '/rest/v1/accounts/pid/bench-probe'),
    );
    await timed(`${n} accounts stored: read a month of its hourly readings`, runs, () =>
      call(
        'GET',
        `/rest/v1/profiles/${probe.profileId}?populateReadings=true&fromDateTime=2025-07-01&toDateTime=2025-08-01`,
      ),
    );
    await timed(`${n} accounts stored: calculate July`, runs, () => calc(probe.accountId));
  };
  await measure(2);
  const t0 = performance.now();
  for (let k = 0; k < Number(values.accounts); k++) {
    const a = await newAccount(`bench-${k}`);
    await call('PUT', `/rest/v1/profiles/${a.profileId}/readings`, hourly);
  }
  console.log(
    `${server.dialect} stored ${values.accounts} accounts with a year of hourly readings each in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await measure(Number(values.accounts) + 2);
  const db = connectDatabase(parseDatabaseUrl(server.databaseUrl));
  const { readings, bytes } = await new ProfilesRepository(db).storedBytes();
  const table =
    server.dialect === 'postgres'
      ? Number(
          (await sql<{ b: number }>`select pg_total_relation_size('reading_chunks') as b`.execute(db.kysely)).rows[0]!
            .b,
        )
      : null;
  await db.close();
  console.log(
    `${server.dialect} ${readings} readings in ${bytes} bytes of packed values: ${(bytes / readings).toFixed(2)} bytes a reading${table === null ? '' : `; the table with its index and TOAST ${table} bytes: ${(table / readings).toFixed(2)} bytes a reading`}`,
  );
} finally {
  await server.stop();
}
