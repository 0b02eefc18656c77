// A portfolio job's work in one process, without the queue's machinery between processes: N accounts (default 30)
// with a year of hourly readings each (synthetic, as bench:jobs makes its templates), a CALCULATION job over them with
// the 3 PG&E tariffs of bench:jobs; wall and CPU time per account-year (3 tariff-years). On SQLite the job runs in
// this process, so the CPU time is the job's (the readings' upload is outside the timed part). Run it under
// `--profile FILE` to see where the time goes (node bench/profile-summary.mjs FILE).
// Usage: npm run bench:jobs-in-process [-- --accounts 30 --runs 3]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { runSeeds } from '../src/data/seed.ts';
import { seeders } from '../src/data/seeders.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { benchAccount } from './lib/bench-accounts.ts';
import { KeysService } from '../src/modules/keys/keys.service.ts';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '30' },
    runs: { type: 'string', default: '3' },
    // A V8 CPU profile of the timed runs only (not the set-up), for bench/profile-summary.mjs.
    profile: { type: 'string' },
  },
});
const N = Number(values.accounts);
const TARIFFS = [1100102, 522, 1700000];
const YEAR = { fromDateTime: '2026-03-01', toDateTime: '2027-03-01' };

const dir = mkdtempSync(join(tmpdir(), 'ratebook-jobs-in-process-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${join(dir, 'jobs.sqlite')}` });
const db = connectDatabase(config.database);
await migrateToLatest(db);
await runSeeds(db, seeders);
const keys = new KeysService(db, config.authCacheTtlMs);
const app = await buildApp({ config, db, keys });
await app.ready();
await app.ratebook.jobs?.startWorker();
const creds = await keys.create('bench', ['signal']);
const authorization = `Basic ${Buffer.from(`${creds.appId}:${creds.appKey}`).toString('base64')}`;
const call = async (method: string, url: string, body?: unknown) => {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
};

try {
  for (let k = 0; k < N; k++) {
    const { account, profile } = benchAccount(k, TARIFFS[0]!);
    await call('POST', '/rest/v1/accounts', account);
    await call('POST', '/rest/v1/profiles', profile);
  }
  console.log(`${N} accounts uploaded`);
  const session = new Session();
  if (values.profile) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  for (let run = 0; run < Number(values.runs); run++) {
    const load = loadavg()[0]!;
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const job = (
      await call('POST', '/rest/v1/jobs', {
        kind: 'CALCULATION',
        accountFilter: {},
        calculation: YEAR,
        scenarios: TARIFFS.map((masterTariffId) => ({ name: String(masterTariffId), masterTariffId })),
      })
    ).results[0];
    let state = job;
    while (state.state !== 'COMPLETED') {
      await new Promise((r) => setTimeout(r, 20));
      state = (await call('GET', `/rest/v1/jobs/${job.jobId}`)).results[0];
    }
    const wall = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (state.failedCount) throw new Error(`${state.failedCount} accounts failed`);
    console.log(
      `run ${run + 1}: ${N} account-years x ${TARIFFS.length} tariffs: wall ${(wall / N).toFixed(2)} ms, CPU ${(cpuMs / N).toFixed(2)} ms per account-year ` +
        `(${((N * 1000) / cpuMs).toFixed(1)} account-years per CPU-second); load ${load.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`,
    );
  }
  if (values.profile) writeFileSync(values.profile, JSON.stringify((await session.post('Profiler.stop')).profile));
} finally {
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
