// `npm test`: every test file in a process of its own, several at once; the few that must not share the machine
// with many others one at a time in a lane of their own.
// node --test --test-concurrency=N would run files at once too, but cannot keep a file to itself, reports no per-file
// times (Node 20) and interleaves nothing readable; this prints one line a file, a failing file's whole output, the
// totals and the slowest files. Usage: npm test [-- files or folders...]; TEST_CONCURRENCY=n sets the pool size;
// TEST_TAP_DIR=folder keeps every file's TAP output there.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { CACHE_DIR } from '../test/helpers/test-cache.ts';
import { ensureBuilt } from '../test/helpers/built.ts';
import { failureReasons } from './tap-failures.ts';
import { bundleTests } from './test-bundles.ts';

const ROOT = new URL('../', import.meta.url).pathname;

/**
 * Files that run one at a time in a lane of their own, beside one pool lane fewer (so the machine runs no more
 * processes than the pool alone would): they start servers or CLIs against a time limit, drive a browser, or assert
 * that something happens within a second, and a machine loaded beyond that made them flaky (at a load of 10-15, with
 * other work on it, before 2026-11-28 they ran after the pool with nothing beside them).
 */
const ALONE = new Set([
  'test/cli/cli-and-server.test.ts', // starts `ratebook serve` against a time limit
  'test/cli/scale-out.test.ts', // several servers; a revoked key refused within a second
  'test/console/console.e2e.test.ts', // Chromium
  'test/console/jobs-page.e2e.test.ts', // Chromium
  'test/console/savings-fixed-schedule.e2e.test.ts', // Chromium
  'test/docs/doc-examples.test.ts', // a server and a CLI, every curl example of the docs
  'test/db/sqlite-sharing.test.ts', // servers and a CLI import on one SQLite file
  'test/db/read-replica.test.ts', // `ratebook serve` processes; reads again within 5 s
  'test/db/postgres-faults.test.ts', // a database cut and back within 5 s
  'test/db/regex-search-stall.test.ts', // another request answered within a second
  'test/modules/keys/key-changes.test.ts', // a revocation seen within a second
  'test/modules/jobs/jobs-worker-kill.test.ts', // `ratebook worker` processes, one killed mid-chunk
]);

/** A test file that starts `ratebook` processes, through the helpers that run the built service. */
const STARTS_RATEBOOK = /helpers\/(server-process|console-harness|built)\.ts/;

/** How long one file may take before it is stopped and counted failed (node --test's --test-timeout was 300 s a test). */
const FILE_LIMIT_MS = 20 * 60_000;
const TIMES_FILE = join(CACHE_DIR, 'test-file-times.json');

function testFiles(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() || e.name.endsWith('.test.ts') ? testFiles(join(path, e.name)) : [],
  );
}

interface Outcome {
  file: string;
  ms: number;
  code: number | null;
  counts: Record<string, number>;
  output: string;
}

const COUNTS = ['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo'] as const;

/** How a file runs: its bundle natively (scripts/test-bundles.ts), else the file through tsx. */
function command(file: string, bundles: Map<string, string> | null): string[] {
  const bundle = bundles?.get(file);
  return bundle
    ? ['--enable-source-maps', '--test-reporter=tap', bundle]
    : ['--import', 'tsx', '--test-reporter=tap', file];
}

function runFile(file: string, bundles: Map<string, string> | null): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    // The file itself, not `node --test file`: node:test runs it in this process, one process less per file.
    const child = spawn(process.execPath, command(file, bundles), {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const limit = setTimeout(() => {
      output += `\n# stopped: still running after ${FILE_LIMIT_MS / 60_000} minutes\n`;
      child.kill('SIGKILL');
    }, FILE_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(limit);
      if (process.env.TEST_TAP_DIR)
        writeFileSync(join(process.env.TEST_TAP_DIR, `${file.replaceAll('/', '__')}.tap`), output);
      const counts: Record<string, number> = {};
      for (const name of COUNTS) {
        // The file's own summary is the last line of its kind (nested suites print none).
        const all = [...output.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))];
        counts[name] = Number(all.at(-1)?.[1] ?? 0);
      }
      resolve({ file, ms: performance.now() - start, code, counts, output });
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(o: Outcome): void {
  const ok = o.code === 0 && o.counts.fail === 0 && o.counts.cancelled === 0;
  const extra = [o.counts.skipped ? `${o.counts.skipped} skipped` : '', o.counts.todo ? `${o.counts.todo} todo` : '']
    .filter(Boolean)
    .join(', ');
  console.log(
    `${ok ? 'ok    ' : 'FAILED'} ${o.file}  ${seconds(o.ms)}  (${o.counts.tests} tests${extra ? `, ${extra}` : ''})`,
  );
  if (!ok) console.log(`${o.output.replace(/^/gm, '    | ')}\n`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const files = [...new Set((args.length ? args : ['test']).flatMap((a) => testFiles(a)))]
    .map((f) => relative(ROOT, resolve(f)))
    .sort();
  const previous: Record<string, number> = existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : {};
  // Longest first (as last measured; new files first of all), so that no long file starts last and runs on alone.
  const pooled = files
    .filter((f) => !ALONE.has(f))
    .sort((a, b) => (previous[b] ?? Infinity) - (previous[a] ?? Infinity));
  const alone = files.filter((f) => ALONE.has(f));
  const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism() + 1;
  console.log(
    `${files.length} test files: ${pooled.length} at most ${concurrency} at once, ${alone.length} of them one at a time beside at most ${concurrency - 1} others (TZ=${process.env.TZ ?? ''})`,
  );

  // Once, before any file runs: the files that start `ratebook` processes run the built service (test/helpers/built.ts),
  // and several building it at once would write dist/ over each other.
  if (files.some((f) => STARTS_RATEBOOK.test(readFileSync(join(ROOT, f), 'utf8')))) ensureBuilt();
  if (process.env.TEST_TAP_DIR) mkdirSync(process.env.TEST_TAP_DIR, { recursive: true });
  const started = performance.now();
  const built = process.env.TEST_BUNDLE === '0' ? null : await bundleTests(ROOT, files);
  if (built)
    console.log(`bundled in ${seconds(performance.now() - started)} (TEST_BUNDLE=0 runs the files through tsx)`);
  const bundles = built?.bundles ?? null;
  const outcomes: Outcome[] = [];
  const run = async (file: string) => {
    const o = await runFile(file, bundles);
    outcomes.push(o);
    report(o);
  };
  const queue = [...pooled];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await run(file);
  };
  // The files alone run one after another from the start, in a lane of their own, while one lane fewer works the
  // pool; once they are done that lane joins the pool. Beside them the machine runs as many processes as the pool
  // alone would (a pool of CPUs + 1), never more.
  const aloneLane = async () => {
    for (const file of alone) await run(file);
    await worker();
  };
  const poolLanes = Math.max(1, Math.min(concurrency, pooled.length) - (alone.length ? 1 : 0));
  await Promise.all([...(alone.length ? [aloneLane()] : []), ...Array.from({ length: poolLanes }, worker)]);
  const wall = performance.now() - started;
  built?.remove();

  const total = Object.fromEntries(COUNTS.map((c) => [c, outcomes.reduce((n, o) => n + o.counts[c]!, 0)]));
  const failed = outcomes.filter((o) => o.code !== 0 || o.counts.fail! > 0 || o.counts.cancelled! > 0);
  console.log('\nslowest files:');
  for (const o of [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${seconds(o.ms)}  ${o.file}`);
  console.log(
    `\n# files ${outcomes.length}\n${COUNTS.map((c) => `# ${c} ${total[c]}`).join('\n')}\n# wall ${seconds(wall)}`,
  );
  // Each with why, in a few lines: a CI log shown cut in the middle keeps its end.
  if (failed.length)
    console.log(
      `\nfailed files:\n${failed.map((o) => [`  ${o.file}`, ...failureReasons(o.output)].join('\n')).join('\n')}`,
    );

  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(
    TIMES_FILE,
    JSON.stringify({ ...previous, ...Object.fromEntries(outcomes.map((o) => [o.file, Math.round(o.ms)])) }),
  );
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
