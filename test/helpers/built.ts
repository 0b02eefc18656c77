// The built service (dist/ratebook.js) for tests that start `ratebook` processes: what a user runs (`npm start`), and
// about a second of CPU to start where the sources through tsx's hooks take two to three, which on a 2-core CI
// machine starting dozens of servers and CLIs was minutes. `npm test` builds it once before any file runs
// (scripts/run-tests.ts); a file run on its own builds it here when a source is newer than the bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';

export const RATEBOOK_JS = join(PROJECT_ROOT, 'dist', 'ratebook.js');
const OUTPUTS = [RATEBOOK_JS, join(PROJECT_ROOT, 'dist', 'console', 'index.html')];
const INPUTS = ['src', 'scripts/build.ts', 'scripts/build-console.ts', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, entry) => Math.max(newest, statSync(join(path, entry)).mtimeMs),
    stat.mtimeMs,
  );
}

/** Whether dist/ holds a build at least as new as every source it is made from. */
export function builtIsFresh(): boolean {
  if (!OUTPUTS.every((f) => existsSync(f))) return false;
  const built = Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs));
  return INPUTS.every((p) => !existsSync(join(PROJECT_ROOT, p)) || newestMtime(join(PROJECT_ROOT, p)) <= built);
}

let checked = false;
/** Builds dist/ as `npm run build` does, unless it is fresh (checked once a process). */
export function ensureBuilt(): void {
  if (checked) return;
  if (!builtIsFresh()) {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`npm run build failed (${res.status}):\n${res.stderr}`);
  }
  checked = true;
}
