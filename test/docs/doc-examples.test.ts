// Every curl example of README.md and docs/ runs on a fresh clone as written: one Ratebook started as a user starts
// it (a fresh SQLite file, the starter data, a key from `npm run -s ratebook -- keys create --json`), each example
// run by bash over a real socket with the README's placeholders filled in, every call answering 2xx (or the status
// its `<!-- expect -->` names) and the figures the text quotes checked. Conventions: test/docs/doc-blocks.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { seededSqliteUrl, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { docBlocks, markdownUnder, valueAt, type DocBlock } from './doc-blocks.ts';

const SHARED = resolve(PROJECT_ROOT, '..', 'shared');
const KEYS_CREATE = 'npm run -s ratebook -- keys create';
const haveReference = existsSync(join(SHARED, 'reference'));

const blocks: DocBlock[] = ['README.md', ...markdownUnder('docs')].flatMap((f) =>
  docBlocks(f, readFileSync(join(PROJECT_ROOT, f), 'utf8')),
);
const toRun = blocks.filter((b) => b.notRun === undefined);

// The shell every example runs in: curl records each call's status and answer, then prints the answer as curl would,
// so examples that pipe or capture it (`ID=$(curl ... | jq ...)`) work unchanged.
const PRELUDE = `set -eo pipefail
curl() {
  local out code
  out=$(mktemp "$DOCX/call.XXXXXX")
  printf '%s' "$*" > "$out.args"
  code=$(command curl -sS -o "$out" -w '%{http_code}' "$@") || { echo "curl failed: $*" >&2; return 1; }
  printf '%s %s\\n' "$code" "$out" >> "$DOCX/log"
  cat "$out"
}
`;

describe('the curl examples of README.md and docs/', {
  skip: haveReference
    ? false
    : `no ${SHARED}/reference beside the checkout (the examples use its typical loads and URDB records)`,
}, () => {
  let server: ServerProcess;
  let work: string;
  let env: Record<string, string>;

  before(async () => {
    // The examples run in a checkout-like folder of their own, with ../shared beside it as beside the real one.
    work = mkdtempSync(join(tmpdir(), 'ratebook-docs-'));
    mkdirSync(join(work, 'ratebook'));
    symlinkSync(SHARED, join(work, 'shared'));
    // DOC_EXAMPLES_DATABASE_URL runs them on another database (an empty PostgreSQL one, say); the default is a new
    // file holding what the server's first start would seed (the same rows, without 10-15 s of seeding).
    const database = process.env.DOC_EXAMPLES_DATABASE_URL ?? (await seededSqliteUrl(join(work, 'ratebook.sqlite')));
    server = await startServerProcess([], { DATABASE_URL: database });
    // The README's own command for a key, with every tier the examples use.
    const [npm, ...args] = `${KEYS_CREATE} --org docs --tier signal,enterprise,privateTou,admin --json`.split(' ');
    const created = spawnSync(npm!, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: database },
      encoding: 'utf8',
    });
    assert.equal(created.status, 0, created.stderr);
    // All of stdout is the JSON, with no npm banner before it: what the README tells a reader to pipe into jq.
    const key = JSON.parse(created.stdout) as { appId: string; appKey: string };
    const auth = `${key.appId}:${key.appKey}`;
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? work,
      RB: server.base.replace('localhost', '127.0.0.1'),
      AUTH: auth,
      ADMIN: auth,
    };
  });

  after(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('finds the examples, and every one not run says why', (t) => {
    assert.ok(
      readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8').includes(KEYS_CREATE),
      `the README tells how to make a key with ${KEYS_CREATE}`,
    );
    assert.ok(toRun.length >= 20, `only ${toRun.length} example blocks found`);
    const skipped = blocks.filter((b) => b.notRun !== undefined);
    for (const b of skipped) assert.ok(b.notRun, `${b.file}:${b.line}: not-run without a reason`);
    t.diagnostic(`${toRun.length} example blocks run, ${skipped.length} not run:`);
    for (const b of skipped) t.diagnostic(`  ${b.file}:${b.line}: ${b.notRun}`);
  });

  for (const block of toRun) {
    it(`${block.file}:${block.line}`, () => {
      const dir = mkdtempSync(join(work, 'calls-'));
      const script = block.text.replaceAll('http://localhost:8080', env.RB!).replaceAll('APPID:APPKEY', env.AUTH!);
      writeFileSync(join(dir, 'example.sh'), `${PRELUDE}${script}\n`);
      const run = spawnSync('bash', [join(dir, 'example.sh')], {
        cwd: join(work, 'ratebook'),
        env: { ...env, DOCX: dir },
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.equal(run.status, 0, `the example failed (${run.status ?? run.signal}):\n${run.stderr}`);
      const calls = existsSync(join(dir, 'log'))
        ? readFileSync(join(dir, 'log'), 'utf8')
            .trim()
            .split('\n')
            .map((l) => {
              const [status, file] = l.split(' ') as [string, string];
              return {
                status: Number(status),
                body: readFileSync(file, 'utf8'),
                args: readFileSync(`${file}.args`, 'utf8'),
              };
            })
        : [];
      assert.ok(calls.length > 0, 'no curl call ran');
      const wrong: string[] = [];
      calls.forEach((c, i) => {
        const status = block.expects.find((e) => e.call === i + 1 && e.status !== undefined)?.status;
        if (status === undefined ? c.status < 200 || c.status > 299 : c.status !== status)
          wrong.push(
            `#${i + 1} answered ${c.status} (${status ?? '2xx'} expected): curl ${c.args.slice(0, 300)}\n  ${c.body.slice(0, 400)}`,
          );
      });
      for (const e of block.expects.filter((x) => x.path !== undefined)) {
        const c = calls[e.call - 1];
        if (!c) {
          wrong.push(`${e.source}: there is no call #${e.call}`);
          continue;
        }
        let got: unknown;
        try {
          got = valueAt(JSON.parse(c.body), e.path!);
        } catch {
          got = '(not JSON)';
        }
        if (JSON.stringify(got) !== JSON.stringify(e.value)) wrong.push(`${e.source}: found ${JSON.stringify(got)}`);
      }
      assert.deepEqual(wrong, []);
    });
  }
});
