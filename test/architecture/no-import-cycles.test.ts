// House rules of the source tree: no import circles anywhere in src/, and the engine stays the pure library at the
// bottom (DESIGN.md, Layout: "engine/ imports nothing outside itself but Luxon" — so nothing from modules/, http/,
// db/, data/ or importers/, no Node built-ins, no other package).
//
// `import type` counts. It is erased at run time, so it cannot cause the half-initialised module a value circle
// can; but it still ties the two files together (neither can be read, moved or tested alone), and each of the three
// circles this test was written to keep out was type-only on one side. A type that both sides need belongs in a
// small module of its own that each imports.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph, importsOf } from './import-graph.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ENGINE_PACKAGES = new Set(['luxon']);

describe('import graph reader', () => {
  it('sees every static import form, type-only ones included, and nothing in comments or strings', () => {
    const text = [
      "// import x from './comment.ts'",
      "import type { A } from './a.ts';",
      "import {\n  type B,\n  c,\n} from './b.ts';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './f.ts';",
      'const s = "import y from \'./string.ts\'";',
    ].join('\n');
    assert.deepEqual(importsOf(text), ['./a.ts', './b.ts', './d.ts', './e.ts', './f.ts']);
  });

  it('names a circle, a self-import and a circle of three, and passes a graph without one', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', []],
      ['self.ts', ['self.ts']],
      ['x.ts', ['y.ts']],
      ['y.ts', ['z.ts']],
      ['z.ts', ['x.ts', 'c.ts']],
    ]);
    const cycles = importCycles(g)
      .map((c) => c.join(' -> '))
      .sort();
    assert.deepEqual(cycles, ['a.ts -> b.ts -> a.ts', 'self.ts -> self.ts', 'x.ts -> y.ts -> z.ts -> x.ts']);
    assert.deepEqual(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
      [],
    );
  });
});

describe('src/ import graph', () => {
  const graph = importGraph(SRC);

  it('reads the whole tree and resolves every relative import to a file', () => {
    // The engine, the app and the seeders are there: the walker found the tree, not an empty folder.
    for (const file of ['app.ts', 'engine/bill/calculate.ts', 'data/seed.ts'])
      assert.ok(graph.edges.has(file), `${file} not read`);
    assert.deepEqual(graph.unresolved, [], 'relative imports that name no file (an edge the cycle check would miss)');
  });

  it('has no import circles', () => {
    const cycles = importCycles(graph.edges).map((c) => c.join(' -> '));
    assert.deepEqual(cycles, [], `import circles in src/:\n  ${cycles.join('\n  ')}`);
  });

  it('keeps the engine free of everything outside it but Luxon', () => {
    const breaches: string[] = [];
    for (const [file, targets] of graph.edges) {
      if (!file.startsWith('engine/')) continue;
      for (const t of targets) if (!t.startsWith('engine/')) breaches.push(`${file} imports src/${t}`);
      for (const p of graph.packages.get(file) ?? [])
        if (!ENGINE_PACKAGES.has(p)) breaches.push(`${file} imports package ${p}`);
    }
    assert.deepEqual(breaches, [], `the engine reaches outside itself:\n  ${breaches.join('\n  ')}`);
  });
});
