// The bill engine's own time on a year of interval data (run from an esbuild bundle of bench/bill-engine-core.ts,
// as production runs bundled code), and a 20-scenario mass calculation over HTTP against the built server.
// Usage: npm run bench:bill [-- --runs 500 --mass-runs 30]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { startSeededServer } from './lib/seeded-server.ts';
import { massBody } from './lib/mass-body.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '500' }, 'mass-runs': { type: 'string', default: '30' } },
});

// dist/ is ignored by git; the bundle sits there so that its packages resolve from node_modules.
await build({
  entryPoints: ['bench/bill-engine-core.ts'],
  outfile: 'dist/bench-bill-engine.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
execFileSync(process.execPath, ['dist/bench-bill-engine.mjs', '--runs', values.runs!], { stdio: 'inherit' });

const server = await startSeededServer('mass', { tier: 'enterprise' });
try {
  const massRuns = Number(values['mass-runs']);
  const body = massBody();
  const headers = { authorization: server.authorization, 'content-type': 'application/json' };
  const ms: number[] = [];
  for (let i = 0; i < massRuns + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/rest/v1/ondemand/calculate/mass`, { method: 'POST', headers, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`mass answered ${res.status}: ${text.slice(0, 300)}`);
    if (i >= 5) ms.push(performance.now() - t0);
  }
  console.log(
    `mass calculation over HTTP, 20 scenarios x 8,760 hourly values (${(body.length / 1e6).toFixed(1)} MB body): median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms over ${massRuns} requests`,
  );
} finally {
  await server.stop();
}
