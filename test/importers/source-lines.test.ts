// A file opened for import keeps its bytes until the importer reads them: an import waits for the SQLite write lock
// before it reads, and a file that flowed meanwhile was read from the middle (the CLI import beside a server).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, describe, it } from 'node:test';
import { linesOf, openSource } from '../../src/importers/source-lines.ts';

describe('import sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ratebook-source-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const text = Array.from({ length: 50_000 }, (_, k) => `line ${k}`).join('\n');

  for (const [name, bytes] of [
    ['plain.csv', Buffer.from(text)],
    ['packed.csv.gz', gzipSync(text)],
  ] as const) {
    it(`gives every line of ${name} when read only after a pause, and counts the bytes read`, async () => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const source = openSource(path);
      await new Promise((r) => setTimeout(r, 100));
      const lines: string[] = [];
      for await (const { line } of linesOf(source.stream)) lines.push(line);
      assert.equal(lines.length, 50_000);
      assert.deepEqual([lines[0], lines.at(-1)], ['line 0', 'line 49999']);
      assert.equal(source.bytesRead(), source.size);
    });
  }
});
