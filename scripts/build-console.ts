// Bundles the web console (src/web/console) for browsers into dist/console/: its script with uPlot, its stylesheet
// with uPlot's, and the page. Served by the API process itself (src/http/console.ts), never from a CDN.
import { copyFile, mkdir } from 'node:fs/promises';
import { build } from 'esbuild';

export async function buildConsole(outdir = 'dist/console'): Promise<void> {
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: { console: 'src/web/console/main.ts' },
    outdir,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  await build({
    entryPoints: { console: 'src/web/console/console.css' },
    outdir,
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
  await copyFile('src/web/console/index.html', `${outdir}/index.html`);
}
