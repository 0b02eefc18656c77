// The layers of src/ and the rule between them (docs/development.md, "Layers"): a file may import files of its own
// layer and of the layers below it, never of a layer above. Leaves (configuration, paths, the version, process
// set-up) may be imported from any layer but the engine and import only each other; an island (the browser console,
// built apart) neither imports nor is imported across its edge. A file no row of the table claims is a breach too,
// so a new top-level folder has to be given its place before it can hold code.

export interface Layer {
  name: string;
  /** Paths under src/: a folder ends in `/`, anything else is one file. */
  holds: readonly string[];
  /** Whether the layer may import the leaves (the engine may not: it reads no configuration, no paths). */
  leaves: boolean;
}

/** Top to bottom: each layer may import its own files and those of the layers after it. */
export const LAYERS: readonly Layer[] = [
  { name: 'entry', holds: ['main.ts', 'server.ts', 'app.ts', 'cluster.ts', 'cli/'], leaves: true },
  { name: 'modules', holds: ['modules/'], leaves: true },
  { name: 'data', holds: ['data/'], leaves: true },
  { name: 'importers', holds: ['importers/'], leaves: true },
  { name: 'http', holds: ['http/'], leaves: true },
  { name: 'domain', holds: ['domain/'], leaves: true },
  { name: 'db', holds: ['db/'], leaves: true },
  { name: 'engine', holds: ['engine/'], leaves: false },
];

/** Importable from every layer that takes leaves; they import only each other. */
export const LEAVES: readonly string[] = ['config.ts', 'paths.ts', 'version.ts', 'runtime/'];

/** Code apart from the server: it imports only itself, and no server file imports it. */
export const ISLANDS: readonly string[] = ['web/'];

type Place = { kind: 'layer'; layer: Layer; rank: number } | { kind: 'leaf' } | { kind: 'island'; root: string };

const claims = (path: string, holds: readonly string[]) =>
  holds.find((h) => (h.endsWith('/') ? path.startsWith(h) : path === h));

function placeOf(path: string, layers: readonly Layer[], leaves: readonly string[], islands: readonly string[]) {
  const rank = layers.findIndex((l) => claims(path, l.holds));
  if (rank >= 0) return { kind: 'layer', layer: layers[rank]!, rank } satisfies Place;
  if (claims(path, leaves)) return { kind: 'leaf' } satisfies Place;
  const island = claims(path, islands);
  if (island) return { kind: 'island', root: island } satisfies Place;
  return null;
}

const nameOf = (p: Place) =>
  p.kind === 'layer' ? p.layer.name : p.kind === 'leaf' ? 'a leaf' : `the island ${p.root}`;

/**
 * Every import that breaks the rule, as `src/<file> imports src/<target>: <why>`, and every file the table does not
 * place. Paths are relative to src/, as the import graph gives them.
 */
export function layerBreaches(
  edges: ReadonlyMap<string, readonly string[]>,
  table: { layers: readonly Layer[]; leaves: readonly string[]; islands: readonly string[] } = {
    layers: LAYERS,
    leaves: LEAVES,
    islands: ISLANDS,
  },
): string[] {
  const place = (path: string) => placeOf(path, table.layers, table.leaves, table.islands);
  const breaches: string[] = [];
  for (const [file, targets] of edges) {
    const from = place(file);
    if (!from) {
      breaches.push(`src/${file} is in no layer: give its folder a row in test/architecture/layers.ts`);
      continue;
    }
    for (const target of targets) {
      const to = place(target);
      if (!to) continue; // reported as a file of its own
      const why = refusal(from, to);
      if (why) breaches.push(`src/${file} imports src/${target}: ${why}`);
    }
  }
  return breaches;
}

/** Why an import from one place to another is refused, or null when it is allowed. */
function refusal(from: Place, to: Place): string | null {
  if (from.kind === 'island' || to.kind === 'island')
    return from.kind === 'island' && to.kind === 'island' && from.root === to.root
      ? null
      : `${nameOf(from)} and ${nameOf(to)} do not import each other (an island stands apart)`;
  if (to.kind === 'leaf')
    return from.kind === 'leaf' || from.layer.leaves ? null : `${nameOf(from)} may not import the leaves`;
  if (from.kind === 'leaf') return `a leaf imports only leaves, not ${nameOf(to)}`;
  return to.rank >= from.rank ? null : `${from.layer.name} may not import ${to.layer.name}, a layer above it`;
}
