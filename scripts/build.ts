// Bundles src/ into dist/ratebook.js for `npm start` and the `ratebook` command. Loading the
// sources through tsx's hooks costs about a second at start-up (every ESM file of the dependencies
// passes through them); the bundle loads them natively. Packages stay external.
import { build } from 'esbuild';
import { buildConsole } from './build-console.ts';

const started = performance.now();
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/ratebook.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await buildConsole();
process.stderr.write(`built dist/ratebook.js and dist/console/ in ${(performance.now() - started).toFixed(0)} ms\n`);
