// Load on a mix of requests against `serve --workers 1` and `--workers 2` on PostgreSQL: per connection, in turn, an
// authenticated echo, the LSEs of a ZIP code, the tariffs of a ZIP code and a year's bill (single calculation on a
// residential tariff of that ZIP code, 6,000 kWh). The rate limit stays on (set high), so each request pays the
// shared counter's upsert as in production. Reports req/s, p50/p99 latency, errors and non-2xx answers, and the
// resident memory of the server's processes after warm-up and after the run. Resident memory also grows as V8 and
// the allocator keep pages they once needed, so `--heap-every N` preloads bench/lib/heap-probe.mjs into the server and
// samples the heap used after full garbage collections at the end of warm-up, every N seconds and at the end: that
// figure growing past warm-up is a leak, resident memory alone is not.
// Usage: DATABASE_URL=postgres://... npm run bench:load -- [--connections 200] [--seconds 60] [--workers 1,2] [--heap-every 30]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
    'heap-every': { type: 'string', default: '0' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres'))
  throw new Error('DATABASE_URL must name the PostgreSQL database to load (it is seeded, and an application is added)');
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values['warmup-seconds']);
const zip = values.zip;
const heapEvery = Number(values['heap-every']);
const probeFile = heapEvery > 0 ? join(mkdtempSync(join(tmpdir(), 'ratebook-heap-')), 'heap.jsonl') : null;

const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000' };
// The probe goes into the server only, never into the CLI commands that seed and make the key.
const serverEnv = probeFile
  ? {
      ...env,
      HEAP_PROBE_FILE: probeFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${resolve('bench/lib/heap-probe.mjs')}`.trim(),
    }
  : env;
const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['dist/ratebook.js', ...args], { env: { ...process.env, ...env } }).toString();

const ps = (args: string[]) =>
  execFileSync('ps', args, { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

/** The server's processes: the primary and its workers. */
function pidsOf(server: RunningServer): number[] {
  let workers: number[] = [];
  try {
    workers = ps(['-o', 'pid=', '--ppid', String(server.child.pid)]);
  } catch {
    // No child processes (one worker serves in the process itself): ps exits 1.
  }
  return [server.child.pid!, ...workers];
}

/** Resident memory (MiB) of the server: the primary and its workers. */
function rssMiB(server: RunningServer): number {
  const kib = ps(['-o', 'rss=', '-p', pidsOf(server).join(',')]);
  return kib.reduce((a, b) => a + b, 0) / 1024;
}

const MiB = 1024 * 1024;
const probeLines = () =>
  probeFile && existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean) : [];

/** Heap used after full collections and the heap V8 holds, summed over the server's processes (MiB), through heap-probe.mjs. */
async function heapAfterGcMiB(server: RunningServer): Promise<{ used: number; total: number }> {
  const pids = pidsOf(server);
  const seen = probeLines().length;
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 60_000;
  while (probeLines().length < seen + pids.length) {
    if (Date.now() > deadline) throw new Error('the heap probe did not answer (is it preloaded?)');
    await new Promise((r) => setTimeout(r, 50));
  }
  const samples = probeLines()
    .slice(seen)
    .map((l) => JSON.parse(l) as { heapUsed: number; heapTotal: number });
  return {
    used: samples.reduce((a, b) => a + b.heapUsed, 0) / MiB,
    total: samples.reduce((a, b) => a + b.heapTotal, 0) / MiB,
  };
}

async function getJson(url: string, authorization: string): Promise<{ results: unknown }> {
  const res = await fetch(url, { headers: { authorization } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { results: unknown };
}

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
cli('seed');
const creds = JSON.parse(cli('keys', 'create', '--org', 'load-bench', '--tier', 'signal', '--json'));
const authorization = `Basic ${Buffer.from(`${creds.appId}:${creds.appKey}`).toString('base64')}`;

console.log(
  `node ${process.version}, PostgreSQL, ${connections} connections, ${seconds} s (after ${warmup} s warm-up) per worker count`,
);
for (const workers of values.workers.split(',').map(Number)) {
  const server = await spawnServer(
    'dist/ratebook.js',
    ['serve', '--port', '0', '--host', '127.0.0.1', '--workers', String(workers)],
    serverEnv,
  );
  try {
    // A residential tariff serving the ZIP code, found by what it is rather than by id.
    const tariffs = (
      await getJson(`${server.base}/rest/public/tariffs?zipCode=${zip}&customerClasses=RESIDENTIAL`, authorization)
    ).results as { masterTariffId: number; tariffCode: string }[];
    const tariff = tariffs.find((t) => t.tariffCode === 'E-1') ?? tariffs[0];
    if (!tariff) throw new Error(`no residential tariff serves ${zip}`);
    const bill = JSON.stringify({
      masterTariffId: tariff.masterTariffId,
      fromDateTime: '2025-01-01',
      toDateTime: '2026-01-01',
      propertyInputs: [{ keyName: 'consumption', dataValue: 6000 }],
    });
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
    const heap: string[] = [];
    const sample = async (label: string) => {
      const { used, total } = await heapAfterGcMiB(server);
      heap.push(`${label} ${used.toFixed(1)} (heap ${total.toFixed(0)}, rss ${rssMiB(server).toFixed(0)})`);
    };
    // The 'warm' and 'end' samples wait for the requests still running after autocannon stops (a loaded machine lets
    // some time out) to finish, so that they compare the heap of an idle server before and after the run.
    const settle = () => new Promise((r) => setTimeout(r, 10_000));
    if (probeFile) await settle().then(() => sample('warm'));
    const started = Date.now();
    const sampling = probeFile
      ? setInterval(() => void sample(`+${Math.round((Date.now() - started) / 1000)}s`), heapEvery * 1000)
      : null;
    const r = await run(seconds);
    if (sampling) clearInterval(sampling);
    const after = rssMiB(server);
    if (probeFile) await settle().then(() => sample('end'));
    console.log(
      `workers ${workers}: ${r.requests.average.toFixed(0)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `errors ${r.errors}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}  memory ${before.toFixed(0)} -> ${after.toFixed(0)} MiB (tariff ${tariff.tariffCode})`,
    );
    if (heap.length) console.log(`  heap used after full GC, MiB: ${heap.join(', ')}`);
  } finally {
    await server.stop();
  }
}
