// The curl examples of the README and docs/, as the doc-examples test runs them. An example is a fenced ```bash or
// ```sh block with a line that calls curl (`curl ...`, or `X=$(curl ...)`). HTML comments right above the fence say
// what to do with it, and a reader of the rendered page never sees them:
//   <!-- not-run: reason -->                 the block is shown but not run (the reason is listed by the test)
//   <!-- expect: #2 status 404 -->           the block's second curl call answers 404 (otherwise every call is 2xx)
//   <!-- expect: #1 $.results[0].totalCost = 249.88 -->   a figure the text quotes, read from a call's JSON answer
// `#N` counts the block's curl calls in the order they run, from 1; without it, the first call. A comment that is not
// right above an example (a blank line between, or above a block without curl) is an error.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';

/** The Markdown files under `dir` of the project (paths relative to it), sorted by path. */
export function markdownUnder(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
}

export interface Expectation {
  call: number;
  /** A status the call must answer, instead of any 2xx. */
  status?: number;
  /** `$.a.b[0].c`: where the figure is in the call's JSON answer. */
  path?: string;
  /** The figure, as JSON (a number, "a string", true, null) or, when it is not JSON, as text. */
  value?: unknown;
  source: string;
}

export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  notRun?: string;
  expects: Expectation[];
}

const FENCE = /^```(\w*)\s*$/;
const CALLS_CURL = /^\s*(?:[A-Za-z_][A-Za-z0-9_]*=\$\()?curl\s/m;
const COMMENT = /^<!--\s*(not-run|expect):\s*(.*?)\s*-->\s*$/;
const EXPECT = /^(?:#(\d+)\s+)?(?:status\s+(\d{3})|(\$\S*)\s*=\s*(.+))$/;

export function docBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  const read = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    const text = lines.slice(i + 1, end).join('\n');
    if ((open[1] === 'bash' || open[1] === 'sh') && CALLS_CURL.test(text)) {
      const block: DocBlock = { file, line: i + 1, text, expects: [] };
      for (let k = i - 1; k >= 0; k--) {
        const c = COMMENT.exec(lines[k]!);
        if (!c) break;
        read.add(k);
        if (c[1] === 'not-run') block.notRun = c[2];
        else block.expects.unshift(parseExpectation(c[2]!, `${file}:${k + 1}`));
      }
      blocks.push(block);
    }
    i = end;
  }
  // A comment that is not right above an example would silently check nothing.
  const stray = lines.findIndex((l, k) => COMMENT.test(l) && !read.has(k));
  if (stray >= 0) throw new Error(`${file}:${stray + 1}: "${lines[stray]}" is not right above a curl example`);
  return blocks;
}

function parseExpectation(s: string, where: string): Expectation {
  const m = EXPECT.exec(s);
  if (!m) throw new Error(`${where}: cannot read the expectation "${s}"`);
  const call = m[1] ? Number(m[1]) : 1;
  if (m[2]) return { call, status: Number(m[2]), source: s };
  let value: unknown;
  try {
    value = JSON.parse(m[4]!);
  } catch {
    value = m[4];
  }
  return { call, path: m[3], value, source: s };
}

/** The value at `$.a.b[0].c` (`.length` of a list works as a field); undefined where the path leads nowhere. */
export function valueAt(json: unknown, path: string): unknown {
  const steps = path.replace(/^\$/, '').match(/\.[^.[]+|\[\d+\]/g) ?? [];
  let v: unknown = json;
  for (const step of steps) {
    if (v === null || v === undefined) return undefined;
    const key = step.startsWith('[') ? Number(step.slice(1, -1)) : step.slice(1);
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}
