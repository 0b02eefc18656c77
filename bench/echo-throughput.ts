// Authenticated GET /rest/echo throughput against the ceiling of a bare Fastify route, in one run.
// Usage: npm run bench:echo [-- --seconds 10 --connections 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { spawnServer } from './lib/spawn-server.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up first: JIT and the credential cache.
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'ratebook-bench-'));
try {
  const bare = await spawnServer('bench/servers/bare-echo.ts');
  const ceiling = await load(`${bare.base}/rest/echo`);
  await bare.stop();

  const env = {
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    LOG_LEVEL: 'warn',
    RATEBOOK_ADMIN_APP_ID: 'bench',
    RATEBOOK_ADMIN_APP_KEY: 'bench-key',
    RATE_LIMIT_MAX: '0',
  };
  const server = await spawnServer('dist/ratebook.js', ['serve', '--port', '0', '--host', '127.0.0.1'], env);
  const auth = { authorization: `Basic ${Buffer.from('bench:bench-key').toString('base64')}` };
  const ratebook = await load(`${server.base}/rest/echo`, auth);
  await server.stop();

  const ratio = ratebook.rps / ceiling.rps;
  console.log(`node ${process.version}, ${connections} connections, ${duration} s each`);
  console.log(`bare Fastify GET /rest/echo:            ${ceiling.rps.toFixed(0)} req/s  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms`);
  console.log(`Ratebook authenticated GET /rest/echo:  ${ratebook.rps.toFixed(0)} req/s  p50 ${ratebook.p50} ms  p99 ${ratebook.p99} ms`);
  console.log(`ratio: ${(ratio * 100).toFixed(1)}% of the ceiling (target >= 50%)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
