// Links between the repository's Markdown files lead somewhere: the file exists and, for `file.md#anchor`, the file
// has that heading. Moving a section (as the API notes moved out of the README) must move its links with it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { markdownUnder } from './doc-blocks.ts';

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replaceAll(' ', '-');

function anchors(file: string): Set<string> {
  const set = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (m) set.add(slug(m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
  }
  return set;
}

describe('links between Markdown files', () => {
  it('lead to a file that exists and a heading it has', () => {
    const files = ['README.md', 'CHANGELOG.md', 'bench/README.md', ...markdownUnder('docs')];
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(PROJECT_ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const absolute = path ? resolve(dirname(join(PROJECT_ROOT, file)), path) : join(PROJECT_ROOT, file);
        // ../shared (the spec and reference data) sits beside the checkout, not in it.
        if (relative(PROJECT_ROOT, absolute).startsWith('..')) continue;
        if (!existsSync(absolute)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && absolute.endsWith('.md') && !anchors(absolute).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });
});
