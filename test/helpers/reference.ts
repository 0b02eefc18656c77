// Reads the shared reference material in place (never copied into the repository).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REFERENCE_DIR = fileURLToPath(new URL('../../../shared/reference/', import.meta.url));

export function referencePath(...parts: string[]): string | null {
  const p = join(REFERENCE_DIR, ...parts);
  return existsSync(p) ? p : null;
}

export interface Recorded {
  request: { method: string; path: string };
  response: any;
}

/** A recorded response of the original API, or null when the reference folder is absent. */
export function readRecorded(name: string): Recorded | null {
  const p = referencePath('genability-recorded', name);
  return p ? (JSON.parse(readFileSync(p, 'utf8')) as Recorded) : null;
}
