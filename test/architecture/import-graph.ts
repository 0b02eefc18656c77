// The static import graph of a source tree, read with TypeScript's own import scanner (ts.preProcessFile), so
// comments, strings and template text are never mistaken for imports, and `import type`, `export ... from` and
// `import()` are all seen. Relative specifiers are resolved to files; package specifiers are kept as written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportGraph {
  /** Root the paths below are relative to. */
  root: string;
  /** Each source file (path relative to root, with `/`) and the source files it imports. */
  edges: Map<string, string[]>;
  /** Each source file and the package specifiers it imports (`luxon`, `node:fs`, ...). */
  packages: Map<string, string[]>;
  /** Relative imports that name no file: the walker would otherwise miss an edge without saying so. */
  unresolved: { from: string; specifier: string }[];
}

const SOURCE = /\.(ts|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !DECLARATION.test(name) ? [path] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names: as written, or its .ts twin for a `.js` specifier (NodeNext style). */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const target = resolve(dirname(fromFile), specifier);
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  return candidates.find(isFile) ?? null;
}

/** The specifiers one file's text imports, in order (type-only imports included). */
export const importsOf = (text: string): string[] =>
  ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);

export function importGraph(root: string): ImportGraph {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const unresolved: ImportGraph['unresolved'] = [];
  const name = (path: string) => relative(root, path).split('\\').join('/');
  for (const file of sourceFiles(root)) {
    const from = name(file);
    const local: string[] = [];
    const external: string[] = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        external.push(specifier);
        continue;
      }
      const target = resolveRelative(file, specifier);
      if (target === null) unresolved.push({ from, specifier });
      else local.push(name(target));
    }
    edges.set(from, [...new Set(local)]);
    packages.set(from, [...new Set(external)]);
  }
  return { root, edges, packages, unresolved };
}

/**
 * Every import circle, one per strongly connected component (Tarjan), each written as a path that returns to its
 * start (`a.ts -> b.ts -> a.ts`). A component can hold several circles; naming one of them is enough to find it.
 */
export function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const targets = (v: string) => (edges.get(v) ?? []).filter((w) => edges.has(w));

  // Iterative Tarjan: a deep chain of imports must not overflow the stack.
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const out = targets(frame.v);
      if (frame.i < out.length) {
        const w = out[frame.i++]!;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.v, Math.min(low.get(frame.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.v)!));
      }
      if (low.get(frame.v) === index.get(frame.v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.v);
        if (component.length > 1 || targets(frame.v).includes(frame.v)) components.push(component);
      }
    }
  }
  return components.map((c) => circleIn(c, edges));
}

/** One circle through the component's first file (alphabetically): the shortest way back to it, by breadth first. */
function circleIn(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = cameFrom.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
