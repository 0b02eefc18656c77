// Start-up to the first answer on an existing SQLite database: spawn `ratebook serve`, poll /health.
// Measures the production path (the dist/ bundle that `npm start` builds). Usage: npm run bench:startup [-- --runs 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { spawnServer } from './lib/spawn-server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'ratebook-startup-'));
const env = { DATABASE_URL: `sqlite:${join(dir, 'startup.sqlite')}`, LOG_LEVEL: 'warn', PORT: '0' };
const args = ['serve', '--host', '127.0.0.1'];

async function firstAnswerMs(): Promise<number> {
  const started = performance.now();
  const server = await spawnServer('dist/ratebook.js', args, env);
  const res = await fetch(`${server.base}/health`);
  if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

try {
  // The first start creates, migrates and seeds the database; the runs measured start on it as it is.
  const first = await firstAnswerMs();
  const times: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) times.push(await firstAnswerMs());
  times.sort((a, b) => a - b);
  console.log(`first start (create, migrate, seed): ${first.toFixed(0)} ms`);
  console.log(
    `existing database, ${times.length} runs: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (target < 2000 ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
