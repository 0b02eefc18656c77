// Where the project's own files are, whether running from src/ (tsx) or the dist/ bundle:
// the nearest folder above this module that holds Ratebook's package.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && (JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'ratebook')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Ratebook's package.json not found above ${start}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, for bundled data files (src/data/...). */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
