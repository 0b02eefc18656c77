// Load on a mix of requests against `serve --workers 1` and `--workers 2` on PostgreSQL: per connection, in turn, an
// authenticated echo, the LSEs of a ZIP code, the tariffs of a ZIP code and a year's bill (single calculation on a
// residential tariff of that ZIP code, 6,000 kWh). The rate limit stays on (set high), so each request pays the
// shared counter's upsert as in production. Reports req/s, p50/p99 latency, errors and non-2xx answers, and the
// resident memory of the server's processes after warm-up and after the run (growth past warm-up is a leak).
// Usage: DATABASE_URL=postgres://... npm run bench:load -- [--connections 200] [--seconds 60] [--workers 1,2]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer, type RunningServer } from './lib/spawn-server.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    workers: { type: 'string', default: '1,2' },
    'warmup-seconds': { type: 'string', default: '10' },
    zip: { type: 'string', default: '94110' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL must name the PostgreSQL database to load (it is seeded, and an application is added)');
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values['warmup-seconds']);
const zip = values.zip;

const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000' };
const cli = (...args: string[]) => execFileSync(process.execPath, ['dist/ratebook.js', ...args], { env: { ...process.env, ...env } }).toString();

/** Resident memory (MiB) of the server: the primary and its workers. */
function rssMiB(server: RunningServer): number {
  const ps = (args: string[]) => execFileSync('ps', args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split(/\s+/).filter(Boolean).map(Number);
  let workers: number[] = [];
  try {
    workers = ps(['-o', 'pid=', '--ppid', String(server.child.pid)]);
  } catch {
    // No child processes (one worker serves in the process itself): ps exits 1.
  }
  const pids = [server.child.pid!, ...workers];
  const kib = ps(['-o', 'rss=', '-p', pids.join(',')]);
  return kib.reduce((a, b) => a + b, 0) / 1024;
}

async function getJson(url: string, authorization: string): Promise<any> {
  const res = await fetch(url, { headers: { authorization } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
cli('seed');
const creds = JSON.parse(cli('keys', 'create', '--org', 'load-bench', '--tier', 'signal', '--json'));
const authorization = `Basic ${Buffer.from(`${creds.appId}:${creds.appKey}`).toString('base64')}`;

console.log(`node ${process.version}, PostgreSQL, ${connections} connections, ${seconds} s (after ${warmup} s warm-up) per worker count`);
for (const workers of values.workers.split(',').map(Number)) {
  const server = await spawnServer('dist/ratebook.js', ['serve', '--port', '0', '--host', '127.0.0.1', '--workers', String(workers)], env);
  try {
    // A residential tariff serving the ZIP code, found by what it is rather than by id.
    const tariffs = (await getJson(`${server.base}/rest/public/tariffs?zipCode=${zip}&customerClasses=RESIDENTIAL`, authorization)).results as { masterTariffId: number; tariffCode: string }[];
    const tariff = tariffs.find((t) => t.tariffCode === 'E-1') ?? tariffs[0];
    if (!tariff) throw new Error(`no residential tariff serves ${zip}`);
    const bill = JSON.stringify({ masterTariffId: tariff.masterTariffId, fromDateTime: '2025-01-01', toDateTime: '2026-01-01', propertyInputs: [{ keyName: 'consumption', dataValue: 6000 }] });
    const headers = { authorization, 'content-type': 'application/json' };
    const requests = [
      { method: 'GET' as const, path: '/rest/echo', headers },
      { method: 'GET' as const, path: `/rest/public/lses?zipCode=${zip}`, headers },
      { method: 'GET' as const, path: `/rest/public/tariffs?zipCode=${zip}`, headers },
      { method: 'POST' as const, path: '/rest/v1/ondemand/calculate', headers, body: bill },
    ];
    const run = (duration: number) => autocannon({ url: server.base, connections, duration, requests });
    await run(warmup);
    const before = rssMiB(server);
    const r = await run(seconds);
    const after = rssMiB(server);
    console.log(
      `workers ${workers}: ${r.requests.average.toFixed(0)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `errors ${r.errors}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}  memory ${before.toFixed(0)} -> ${after.toFixed(0)} MiB (tariff ${tariff.tariffCode})`,
    );
  } finally {
    await server.stop();
  }
}
