// Portfolio jobs on PostgreSQL: N accounts (default 10,000) with a year of hourly readings each, a CALCULATION job
// over all of them with 3 PG&E tariffs each (E-TOU-C, E-1, E-ELEC: 3 tariff-years an account, from 2026-03-01), worked first by 1 Ratebook
// process and then by 2; account-years per second for each, and the echo operation's p99 on the first process while
// it works the job against the same process idle, and where the machine's cores went while it ran (/proc).
// The accounts: 10 made over HTTP with a year of hourly readings each (synthetic, different scales), the rest copied
// from them in SQL (same readings as their template), because uploading 10,000 years over HTTP takes most of an hour.
// Usage: npm run bench:jobs -- --database-url postgres://... [--accounts 10000] [--processes 1,2] [--mode serve|worker]
import { randomBytes } from 'node:crypto';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { benchAccount } from './lib/bench-accounts.ts';
import { countCores, describeShares } from './lib/core-shares.ts';
import { spawnServer, type RunningServer } from './lib/spawn-server.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    accounts: { type: 'string', default: '10000' },
    processes: { type: 'string', default: '1,2' },
    'echo-seconds': { type: 'string', default: '10' },
    // serve: the processes are `ratebook serve`, each working jobs (the echo server among them); worker: the echo
    // server works none (JOBS_WORK_IN_SERVE=false) and the processes are `ratebook worker`.
    mode: { type: 'string', default: 'serve' },
  },
});
const adminUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!adminUrl || parseDatabaseUrl(adminUrl).kind !== 'postgres')
  throw new Error('bench:jobs needs --database-url postgres://... (or DATABASE_URL): the queue is in PostgreSQL');
const N = Number(values.accounts);
const TEMPLATES = Math.min(10, N);
const TARIFFS = [1100102, 522, 1700000];
/** E-ELEC (1700000) starts 2026-03-01: the year billed is the one from then. */
const YEAR = { fromDateTime: '2026-03-01', toDateTime: '2027-03-01' };

const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};
const dbName = `ratebook_bench_jobs_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const env = {
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'warn',
  PORT: '0',
  RATE_LIMIT_MAX: '10000000',
  JOBS_MAX_ACCOUNTS: String(Math.max(N, 10)),
};
const run = (args: string[]) =>
  execFileSync(process.execPath, ['dist/ratebook.js', ...args], { env: { ...process.env, ...env } }).toString();

const mode = values.mode === 'worker' ? 'worker' : 'serve';
const servers: RunningServer[] = [];
const workers: ChildProcess[] = [];
/** `ratebook worker`, once it says it is working. */
const spawnWorker = (): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR") reaches the workers as it reaches the servers.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, 'dist/ratebook.js', 'worker'], {
      env: { ...process.env, ...env },
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (/working portfolio jobs/.test(out)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}:\n${out}`)));
  });
const stopWorker = async (child: ChildProcess) => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};
await admin(`create database ${dbName}`);
try {
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  run(['seed']);
  const creds = JSON.parse(run(['keys', 'create', '--org', 'bench', '--tier', 'signal', '--json']));
  const authorization = `Basic ${Buffer.from(`${creds.appId}:${creds.appKey}`).toString('base64')}`;
  servers.push(
    await spawnServer('dist/ratebook.js', ['serve', '--host', '127.0.0.1'], {
      ...env,
      ...(mode === 'worker' ? { JOBS_WORK_IN_SERVE: 'false' } : {}),
    }),
  );
  // A server's first start on a new database stores the bundled export prices after it listens (1-4 minutes, its
  // transactions holding the database and a core): the jobs are timed after that, as a running service works them.
  // (Figures before 2026-11-28's third session were timed during it.)
  const t0 = performance.now();
  await servers[0]!.printed(/Loaded starter data starter-export-prices/, 600_000);
  console.log(`export prices loaded ${((performance.now() - t0) / 1000).toFixed(1)} s after listening`);
  const base = servers[0]!.base;
  const call = async (method: string, path: string, body?: unknown, on = base) => {
    const res = await fetch(`${on}${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };

  // Templates over HTTP: a year of hourly readings each (synthetic: a daily shape, an evening peak, scaled).
  for (let k = 0; k < TEMPLATES; k++) {
    const { account, profile } = benchAccount(k, TARIFFS[0]!);
    await call('POST', '/rest/v1/accounts', account);
    await call('POST', '/rest/v1/profiles', profile);
  }
  const seeded = performance.now();
  await copyAccounts(env.DATABASE_URL, N, TEMPLATES);
  console.log(
    `seeded ${N} accounts (${TEMPLATES} over HTTP, the rest copied) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // The echo requests go through node:http on one kept-alive socket, not fetch: with fetch this process took 0.13-0.14
  // of a core during a job, with node:http 0.07-0.10 (eighth session): CPU the measuring took from what it measured.
  const echoAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const echoOnce = () =>
    new Promise<void>((resolve, reject) => {
      const req = get(`${base}/rest/echo/hello`, { agent: echoAgent, headers: { authorization } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`echo: ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  /** Sequential echo requests for `seconds`: their latencies' p50 and p99 in ms. */
  const echo = async (seconds: number, until?: () => boolean) => {
    const ms: number[] = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end && !until?.()) {
      const a = performance.now();
      await echoOnce();
      ms.push(performance.now() - a);
      await new Promise((r) => setTimeout(r, 5));
    }
    ms.sort((x, y) => x - y);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    return { p50: at(0.5), p99: at(0.99), n: ms.length };
  };
  const idle = await echo(Number(values['echo-seconds']));
  console.log(`echo idle: p50 ${idle.p50.toFixed(2)} ms, p99 ${idle.p99.toFixed(2)} ms (${idle.n} requests)`);

  for (const processes of values.processes.split(',').map(Number)) {
    if (mode === 'serve') {
      while (servers.length < processes)
        servers.push(await spawnServer('dist/ratebook.js', ['serve', '--host', '127.0.0.1'], env));
      while (servers.length > processes) await servers.pop()!.stop();
    } else {
      while (workers.length < processes) workers.push(await spawnWorker());
      while (workers.length > processes) await stopWorker(workers.pop()!);
    }
    const load0 = loadavg()[0]!;
    // The job's CPU: the processes that work it (in worker mode the echo server works none). Where the machine's
    // cores went meanwhile: with one worker, what is left of them is what a second could add.
    const working = mode === 'worker' ? 'workers' : 'servers';
    const pids = mode === 'worker' ? workers.map((w) => w.pid!) : servers.map((s) => s.child.pid!);
    const cores = countCores(
      mode === 'worker'
        ? { [working]: pids, 'echo server': [servers[0]!.child.pid!], bench: [process.pid] }
        : { [working]: pids, bench: [process.pid] },
      ['postgres'],
    );
    const posted = Date.now();
    const job = (
      await call('POST', '/rest/v1/jobs', {
        kind: 'CALCULATION',
        name: `bench ${processes} process(es)`,
        accountFilter: {},
        calculation: YEAR,
        scenarios: TARIFFS.map((masterTariffId) => ({ name: String(masterTariffId), masterTariffId })),
      })
    ).results[0];
    let state = job;
    let done = false;
    const during = echo(1e9, () => done);
    while (state.state !== 'COMPLETED') {
      await new Promise((r) => setTimeout(r, 1000));
      state = (await call('GET', `/rest/v1/jobs/${job.jobId}`)).results[0];
    }
    // From the POST to the job's own finishedDate (stamped by the worker that ended its last chunk), not to the poll
    // that saw it: the poll comes up to a second later (until 2026-11-28's eighth session the figures were to the poll).
    const seconds = (Date.parse(state.finishedDate) - posted) / 1000;
    // A worker's first chunk: at once when the queue's notice is heard, else at a worker's next poll.
    const startedAfter = (Date.parse(state.startedDate) - posted) / 1000;
    const shares = cores();
    const cpu = shares.seconds[working]!;
    done = true;
    if (state.failedCount) {
      const failed = (await call('GET', `/rest/v1/jobs/${job.jobId}/results?status=FAILED&pageCount=1`)).results[0];
      console.log(`first failure: ${failed.providerAccountId}: ${JSON.stringify(failed.error)}`);
    }
    const busy = await during;
    console.log(
      `${processes} ${mode} process(es): ${N} account-years x ${TARIFFS.length} tariffs in ${seconds.toFixed(1)} s: ` +
        `${(N / seconds).toFixed(1)} account-years/s (${((N * TARIFFS.length) / seconds).toFixed(1)} tariff-years/s; ` +
        `started ${startedAfter.toFixed(2)} s after the POST), ` +
        `${state.failedCount} failed; the working processes' CPU ${((cpu * 1000) / N).toFixed(1)} ms per account-year ` +
        `(${(N / cpu).toFixed(1)} account-years per CPU-second); echo during: p50 ${busy.p50.toFixed(2)} ms, p99 ${busy.p99.toFixed(2)} ms ` +
        `(${busy.n} requests); load ${load0.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; ` +
        `cores used: ${describeShares(shares)}`,
    );
  }
} finally {
  for (const w of workers) await stopWorker(w);
  for (const s of servers) await s.stop();
  await admin(`drop database if exists ${dbName} with (force)`);
}

/** Accounts bench-T.. bench-(N-1), each a copy of template bench-(k % T): its row, properties, tariffs, profile, readings. */
async function copyAccounts(databaseUrl: string, n: number, templates: number): Promise<void> {
  const db = connectDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const columns = async (table: string) =>
      (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db.kysely)
      ).rows.map((r) => r.column_name);
    // g: the new account's number; t: its template's account and profile.
    const from = sql.raw(`generate_series(${templates}, ${n - 1}) g
      join accounts ta on ta.provider_account_id = 'bench-' || (g % ${templates})
      join usage_profiles tp on tp.account_id = ta.account_id`);
    const copy = async (table: string, alias: string, join: string, replace: Record<string, string>) => {
      const cols = await columns(table);
      const select = cols.map((c) => replace[c] ?? `${alias}.${c}`).join(', ');
      await sql
        .raw(`insert into ${table} (${cols.join(', ')}) select ${select} from ${from.compile(db.kysely).sql} ${join}`)
        .execute(db.kysely);
    };
    const newAccount = `'bench-acct-' || g`;
    const newProfile = `'bench-prof-' || g`;
    await copy('accounts', 'ta', '', { account_id: newAccount, provider_account_id: `'bench-' || g` });
    await copy('account_properties', 'x', 'join account_properties x on x.account_id = ta.account_id', {
      account_id: newAccount,
    });
    await copy('account_tariffs', 'x', 'join account_tariffs x on x.account_id = ta.account_id', {
      account_id: newAccount,
    });
    await copy('usage_profiles', 'tp', '', {
      profile_id: newProfile,
      account_id: newAccount,
      provider_profile_id: `'bench-' || g || '-meter'`,
    });
    await copy('reading_chunks', 'x', 'join reading_chunks x on x.profile_id = tp.profile_id', {
      profile_id: newProfile,
    });
  } finally {
    await db.close();
  }
}
