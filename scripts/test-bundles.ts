// The test files as esbuild bundles, for `npm test` to run natively instead of through tsx.
// Why: tsx's hooks run every module load through a loader thread; a test file that imports the application loads some
// 500 of our modules and spent about 1.6 s of CPU there before its first test (2.3 s through tsx against 0.7 s for
// the same modules bundled). Over some 150 such files that was a third of the suite's CPU.
// How: one esbuild build of every file asked for, shared modules split into chunks (packages stay external, as in
// dist/), written under node_modules/.cache so that packages resolve from there as from the sources. Each module's
// `import.meta.url` is written as its source file's URL, so paths a test or src/paths.ts makes from it stay where they
// were. Source maps point failures at the .ts lines. TEST_BUNDLE=0 runs the files through tsx as before.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const OUT = 'node_modules/.cache/ratebook-test-bundles';
/** A run's folder left by a run that was killed is removed by a later run after this long. */
const STALE_MS = 24 * 3600_000;

/** `import.meta.url` as the source file's own URL (esbuild would otherwise leave the bundle's). */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mjs)$/ }, async ({ path }) => {
      if (path.includes('/node_modules/')) return undefined;
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('.ts') ? 'ts' : 'js',
      };
    });
  },
};

export interface TestBundles {
  /** Each file's bundle, by the file (as given). */
  bundles: Map<string, string>;
  /** Removes this run's bundles. */
  remove(): void;
}

/**
 * Bundles the test files (paths relative to root) into a folder of this run's own: runs at once (two checkouts
 * sharing node_modules, say) do not write over each other.
 */
export async function bundleTests(root: string, files: string[]): Promise<TestBundles> {
  const parent = join(root, OUT);
  mkdirSync(parent, { recursive: true });
  for (const old of readdirSync(parent))
    if (Date.now() - statSync(join(parent, old)).mtimeMs > STALE_MS)
      rmSync(join(parent, old), { recursive: true, force: true });
  const outdir = mkdtempSync(join(parent, 'run-'));
  await build({
    absWorkingDir: root,
    entryPoints: files,
    outbase: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
  return {
    bundles: new Map(files.map((f) => [f, join(outdir, f).replace(/\.ts$/, '.mjs')])),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
