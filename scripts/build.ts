// Bundles src/ into dist/ratebook.js for `npm start` and the `ratebook` command. Loading the
// sources through tsx's hooks costs about a second at start-up (every ESM file of the dependencies
// passes through them); the bundle loads them natively. Packages stay external.
import { build } from 'esbuild';
import { buildConsole } from './build-console.ts';

const started = performance.now();
await build({
  // The optimiser's worker threads load their own module (src/modules/storage/optimiser-threads.ts finds it beside
  // the bundle).
  entryPoints: { ratebook: 'src/main.ts', 'optimiser-thread': 'src/modules/storage/optimiser-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await buildConsole();
process.stderr.write(
  `built dist/ratebook.js, dist/optimiser-thread.js and dist/console/ in ${(performance.now() - started).toFixed(0)} ms\n`,
);
