// The layers of src/ only point down (docs/development.md, "Layers"; the table is in layers.ts). `import type` counts,
// as in the cycle test: a type one layer owns and a lower one needs belongs in the lower one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importGraph } from './import-graph.ts';
import { ISLANDS, LAYERS, LEAVES, layerBreaches } from './layers.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

describe('layer rule', () => {
  const table = {
    layers: [
      { name: 'top', holds: ['top.ts', 'top/'], leaves: true },
      { name: 'middle', holds: ['middle/'], leaves: true },
      { name: 'bottom', holds: ['bottom/'], leaves: false },
    ],
    leaves: ['leaf.ts', 'other-leaf.ts'],
    islands: ['island/'],
  };
  const check = (edges: [string, string[]][]) => layerBreaches(new Map(edges), table);

  it('allows imports within a layer, down any number of layers and into the leaves', () => {
    assert.deepEqual(
      check([
        ['top.ts', ['top/a.ts', 'middle/b.ts', 'bottom/c.ts', 'leaf.ts']],
        ['top/a.ts', []],
        ['middle/b.ts', ['middle/x.ts', 'bottom/c.ts']],
        ['middle/x.ts', []],
        ['bottom/c.ts', ['bottom/d.ts']],
        ['bottom/d.ts', []],
        ['leaf.ts', ['other-leaf.ts']],
        ['other-leaf.ts', []],
        ['island/a.ts', ['island/b.ts']],
        ['island/b.ts', []],
      ]),
      [],
    );
  });

  it('names the file and the import that points up, one layer or several', () => {
    assert.deepEqual(
      check([
        ['middle/b.ts', ['top/a.ts']],
        ['bottom/c.ts', ['top.ts', 'middle/b.ts']],
        ['top/a.ts', []],
        ['top.ts', []],
      ]),
      [
        'src/middle/b.ts imports src/top/a.ts: middle may not import top, a layer above it',
        'src/bottom/c.ts imports src/top.ts: bottom may not import top, a layer above it',
        'src/bottom/c.ts imports src/middle/b.ts: bottom may not import middle, a layer above it',
      ],
    );
  });

  it('keeps leaves to each other, the engine-like layer off them, islands apart, and every file placed', () => {
    assert.deepEqual(
      check([
        ['leaf.ts', ['middle/b.ts']],
        ['bottom/c.ts', ['leaf.ts']],
        ['top.ts', ['island/a.ts']],
        ['island/a.ts', ['middle/b.ts']],
        ['stray/new.ts', ['bottom/c.ts']],
        ['middle/b.ts', []],
      ]),
      [
        'src/leaf.ts imports src/middle/b.ts: a leaf imports only leaves, not middle',
        'src/bottom/c.ts imports src/leaf.ts: bottom may not import the leaves',
        'src/top.ts imports src/island/a.ts: top and the island island/ do not import each other (an island stands apart)',
        'src/island/a.ts imports src/middle/b.ts: the island island/ and middle do not import each other (an island stands apart)',
        'src/stray/new.ts is in no layer: give its folder a row in test/architecture/layers.ts',
      ],
    );
  });
});

describe('src/ layers', () => {
  const graph = importGraph(SRC);

  it('reads the tree, and every row of the table holds files (a row for a folder that is gone is stale)', () => {
    assert.deepEqual(graph.unresolved, []);
    const files = [...graph.edges.keys()];
    for (const holds of [...LAYERS.flatMap((l) => l.holds), ...LEAVES, ...ISLANDS])
      assert.ok(
        files.some((f) => (holds.endsWith('/') ? f.startsWith(holds) : f === holds)),
        `${holds} holds no file in src/`,
      );
  });

  it('has no import that points up, no leaf that imports a layer, and no file outside the table', () => {
    const breaches = layerBreaches(graph.edges);
    assert.deepEqual(breaches, [], `imports against the layers (docs/development.md):\n  ${breaches.join('\n  ')}`);
  });
});
