// Authenticated GET /rest/echo throughput against the ceiling of a bare Fastify route, in one run.
// Both servers run side by side and are loaded in turn for several rounds; the median ratio is reported,
// because other services on this 2-core machine wake up now and then and skew any single run.
// Usage: npm run bench:echo [-- --rounds 3 --seconds 6 --connections 50]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer } from './lib/spawn-server.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.seconds);
const connections = Number(values.connections);

interface Load {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}, seconds = duration): Promise<Load> {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const show = (l: Load) => `${l.rps.toFixed(0)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms`;

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
  const auth = { authorization: `Basic ${Buffer.from('bench:bench-key').toString('base64')}` };
  // Warm-up: JIT, and the first scrypt check that fills the credential cache.
  await load(`${bare.base}/rest/echo`, {}, 2);
  await load(`${server.base}/rest/echo`, auth, 2);

  console.log(`node ${process.version}, ${connections} connections, ${rounds} rounds of ${duration} s per server`);
  const ratios: number[] = [];
  for (let i = 1; i <= rounds; i++) {
    const ceiling = await load(`${bare.base}/rest/echo`);
    const ratebook = await load(`${server.base}/rest/echo`, auth);
    ratios.push(ratebook.rps / ceiling.rps);
    console.log(
      `round ${i}: bare ${show(ceiling)} | Ratebook ${show(ratebook)} | ${((ratebook.rps / ceiling.rps) * 100).toFixed(1)}%`,
    );
  }
  await bare.stop();
  await server.stop();
  console.log(`median ratio: ${(median(ratios) * 100).toFixed(1)}% of the ceiling (target >= 70%, issue #16)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
