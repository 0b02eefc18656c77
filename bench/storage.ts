// The storage engine's time on a year of hourly values (run from an esbuild bundle of bench/storage-core.ts, as
// production runs bundled code). Usage: npm run bench:storage [-- --runs 200 --optimal-runs 10]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, 'optimal-runs': { type: 'string', default: '10' } },
});
await build({
  entryPoints: ['bench/storage-core.ts'],
  outfile: 'dist/bench-storage.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
execFileSync(
  process.execPath,
  ['dist/bench-storage.mjs', '--runs', values.runs!, '--optimal-runs', values['optimal-runs']!],
  { stdio: 'inherit' },
);
