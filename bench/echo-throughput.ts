// Authenticated GET /rest/echo throughput against the ceiling of a bare Fastify route, in one run.
// Both servers run side by side and are loaded in turn for several rounds; the median ratio is reported,
// because other services on this 2-core machine wake up now and then and skew any single run.
// With wrk installed (the default client then), each server is pinned to core 0 and wrk to core 1, so the server is
// the bottleneck; with autocannon (in this process) the bare route is client-bound here and the ratio flatters
// Ratebook (bench/README.md). Each round also reports the server's own CPU time per request, which no client skews.
// Usage: npm run bench:echo [-- --rounds 3 --seconds 6 --connections 50 --client wrk|autocannon]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Client, canPin, cpuSeconds, defaultClient, type Load, load, pin } from './lib/load-client.ts';
import { type RunningServer, spawnServer } from './lib/spawn-server.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    client: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.seconds);
const connections = Number(values.connections);
const client = (values.client ?? defaultClient()) as Client;
if (client !== 'wrk' && client !== 'autocannon') throw new Error(`--client: wrk or autocannon, not ${client}`);
// Pinning keeps the server on core 0 and wrk on core 1; autocannon runs in this process, pinned to core 1 as well.
const pinned = canPin();
const SERVER_CORE = 0;
const CLIENT_CORE = 1;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Measured extends Load {
  /** The server's CPU time (all threads, user + system) per request, µs. */
  cpuUs: number;
}

async function measure(server: RunningServer, headers: Record<string, string>, seconds = duration): Promise<Measured> {
  const pid = server.child.pid!;
  const before = cpuSeconds(pid);
  const l = await load(client, `${server.base}/rest/echo`, {
    headers,
    seconds,
    connections,
    ...(pinned ? { core: CLIENT_CORE } : {}),
  });
  return { ...l, cpuUs: ((cpuSeconds(pid) - before) / l.requests) * 1e6 };
}

const show = (l: Measured) =>
  `${l.rps.toFixed(0)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  ${l.cpuUs.toFixed(1)} µs CPU/req`;

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'ratebook-bench-'));
try {
  const env = {
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    LOG_LEVEL: 'warn',
    RATEBOOK_ADMIN_APP_ID: 'bench',
    RATEBOOK_ADMIN_APP_KEY: 'bench-key',
    RATE_LIMIT_MAX: '0',
  };
  // Migrate and seed first, in its own process, so the server measured is in its steady state.
  execFileSync(process.execPath, ['dist/ratebook.js', 'migrate'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const bare = await spawnServer('bench/servers/bare-echo.ts');
  const server = await spawnServer('dist/ratebook.js', ['serve', '--port', '0', '--host', '127.0.0.1'], env);
  if (pinned) {
    pin(bare.child.pid!, SERVER_CORE);
    pin(server.child.pid!, SERVER_CORE);
    if (client === 'autocannon') pin(process.pid, CLIENT_CORE);
  }
  const auth = { authorization: `Basic ${Buffer.from('bench:bench-key').toString('base64')}` };
  // Warm-up: the first scrypt check that fills the credential cache (one request, or 50 would queue behind it), then JIT.
  await fetch(`${server.base}/rest/echo`, { headers: auth });
  await measure(bare, {}, 3);
  await measure(server, auth, 3);

  console.log(
    `node ${process.version}, ${client}${pinned ? ` on core ${CLIENT_CORE}, servers on core ${SERVER_CORE}` : ', not pinned'}, ${connections} connections, ${rounds} rounds of ${duration} s per server`,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    // The order alternates, so neither server always runs right after the other.
    const [ceiling, ratebook] =
      i % 2 === 1
        ? [await measure(bare, {}), await measure(server, auth)]
        : ([await measure(server, auth), await measure(bare, {})].reverse() as [Measured, Measured]);
    ratios.push(ratebook.rps / ceiling.rps);
    cpuRatios.push(ceiling.cpuUs / ratebook.cpuUs);
    console.log(
      `round ${i}: bare ${show(ceiling)} | Ratebook ${show(ratebook)} | ${((ratebook.rps / ceiling.rps) * 100).toFixed(1)}% (CPU ${((ceiling.cpuUs / ratebook.cpuUs) * 100).toFixed(1)}%)`,
    );
  }
  await bare.stop();
  await server.stop();
  console.log(
    `median ratio: ${(median(ratios) * 100).toFixed(1)}% of the ceiling's req/s (target >= 70%, issue #16); by server CPU per request ${(median(cpuRatios) * 100).toFixed(1)}%`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
