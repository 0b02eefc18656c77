// `ratebook sync urdb` and `ratebook data status` as a user runs them (child processes on a SQLite file), against a
// local stand-in of the OpenEI API answering the reference records (read in place from ../shared/reference/urdb): a
// run stopped by a page that keeps failing (non-zero exit, the offset to resume from), `--resume` finishing it without
// reading page 1 again, a rerun finding everything unchanged, and the per-LSE status.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { referenceRecord, startFakeUrdb, URDB_TEST_KEY, type FakeUrdb } from '../helpers/urdb-api-server.ts';
import { ratebookArgs } from '../helpers/server-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const HAVE_REFERENCE = existsSync(join(REFERENCE_DIR, 'urdb'));
/** In label order: PECO (no LSE with a zone: skipped), SCE, PSCo, PG&E. */
const FILES = ['peco-gs-ht.json', 'sce-gs-2-tou-b.json', 'psco-residential-demand-rd.json', 'pge-e-19-secondary.json'];

/** The CLI in a child process (asynchronously: the stand-in API answers from this process). */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ratebookArgs(args), {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('ratebook sync urdb and data status', { skip: !HAVE_REFERENCE && '../shared/reference is absent' }, () => {
  let dir: string;
  let api: FakeUrdb;
  let env: Record<string, string>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ratebook-sync-'));
    api = await startFakeUrdb(FILES.map(referenceRecord));
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'rb.sqlite')}`,
      LOG_LEVEL: 'silent',
      // The typical loads and weather of the shared folder are not needed here: their seeding is skipped.
      REFERENCE_DATA_DIR: join(dir, 'no-reference'),
      URDB_API_URL: api.url,
      URDB_API_KEY: URDB_TEST_KEY,
      URDB_SYNC_STATE_FILE: join(dir, 'state.json'),
      URDB_RETRY_BASE_MS: '1',
    };
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops at a page that keeps failing with a non-zero exit, --resume finishes without page 1, a rerun changes nothing', async () => {
    const none = await cli(['sync', 'urdb'], env);
    assert.equal(none.status, 1);
    assert.match(
      none.stderr,
      /ratebook: --eia: name what to sync \(--eia, --utility, --zip, --sector or --since\), or --all for the whole database/,
    );

    api.failures.set(2, { times: Infinity, status: 500 });
    const stopped = await cli(['sync', 'urdb', '--all', '--page-size', '2', '--max-attempts', '3'], env);
    assert.equal(stopped.status, 1, stopped.stderr);
    assert.match(
      stopped.stderr,
      /ratebook: URDB page at offset 2 failed after 3 attempts: HTTP 500: internal error; the 1 page before it is imported; run again with --resume to continue from offset 2/,
    );
    assert.match(
      stopped.stderr,
      /URDB: page at offset 0: 2 records/,
      'plain progress lines when stderr is not a terminal',
    );
    assert.match(stopped.stderr, /URDB: offset 2 attempt 1 failed \(HTTP 500: internal error\); retrying/);
    assert.match(
      stopped.stdout,
      /^URDB sync \(whole database\) STOPPED: 1 page, 2 records read\n {2}1 created, 0 updated, 0 unchanged, 1 skipped; 2 retries\n/,
    );
    assert.match(stopped.stdout, /stopped at offset 2/);
    assert.deepEqual(api.offsets(), [0, 2, 2, 2]);
    for (const out of [stopped.stdout, stopped.stderr])
      assert.ok(!out.includes(URDB_TEST_KEY), 'the API key is never shown');

    api.failures.clear();
    api.requests.length = 0;
    const resumed = await cli(['sync', 'urdb', '--all', '--page-size', '2', '--resume', '--json'], env);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.deepEqual(api.offsets(), [2, 4], 'page 1 is not read again');
    const r = JSON.parse(resumed.stdout);
    assert.deepEqual(
      { resumedFrom: r.resumedFrom, pages: r.pages, records: r.records, created: r.created, completed: r.completed },
      { resumedFrom: 2, pages: 2, records: 2, created: 2, completed: true },
    );

    const rerun = await cli(['sync', 'urdb', '--all', '--page-size', '2'], env);
    assert.equal(rerun.status, 0, rerun.stderr);
    assert.match(
      rerun.stdout,
      /^URDB sync \(whole database\): 3 pages, 4 records read\n {2}0 created, 0 updated, 3 unchanged, 1 skipped; 0 retries\n {2}skipped 53ac8daa5257a3406ac32a35 \(GS-HT \(HIGH TENSION POWER\) - Procurement 3\): the time zone of PECO Energy Co is not known/,
    );
  });

  it("data status: per LSE, tariffs, versions and the oldest and newest lastUpdatedDate of the tariffs' latest versions", async () => {
    const json = await cli(['data', 'status', '--json'], env);
    assert.equal(json.status, 0, json.stderr);
    const status = JSON.parse(json.stdout) as {
      lses: {
        lseId: number;
        name: string;
        code: string;
        tariffs: number;
        versions: number;
        undated: number;
        oldestLastUpdatedDate: string | null;
        newestLastUpdatedDate: string | null;
      }[];
      lsesWithoutTariffs: number;
    };
    // Checked against the database itself.
    const db = new Database(join(dir, 'rb.sqlite'), { readonly: true });
    try {
      for (const lseId of [734, 1000001, 1000007]) {
        const row = status.lses.find((l) => l.lseId === lseId);
        assert.ok(row, `LSE ${lseId} listed`);
        // Each tariff's latest version (the one that starts last), found by a window function here.
        const expected = db
          .prepare(
            `with ranked as (select master_tariff_id, last_updated, row_number() over (partition by master_tariff_id order by effective_date desc, tariff_id desc) as n from tariffs where lse_id = ?)
             select (select count(*) from ranked where n = 1) as tariffs, (select count(*) from ranked) as versions, (select count(*) from ranked where n = 1 and last_updated is null) as undated,
                    (select min(last_updated) from ranked where n = 1) as oldest, (select max(last_updated) from ranked where n = 1) as newest`,
          )
          .get(lseId) as Record<string, unknown>;
        assert.deepEqual(
          {
            tariffs: row.tariffs,
            versions: row.versions,
            undated: row.undated,
            oldest: row.oldestLastUpdatedDate,
            newest: row.newestLastUpdatedDate,
          },
          expected,
          `LSE ${lseId}`,
        );
      }
      const imported = db
        .prepare("select lse_id, last_updated from tariffs where import_key = '5a679442682bea21e990a0d4'")
        .get() as { lse_id: number; last_updated: string };
      assert.deepEqual(imported, { lse_id: 1000007, last_updated: '2018-01-23T13:04:09Z' });
      const lses = (db.prepare('select count(*) as n from lses').get() as { n: number }).n;
      assert.equal(status.lses.length + status.lsesWithoutTariffs, lses);
    } finally {
      db.close();
    }
    const psco = status.lses.find((l) => l.lseId === 1000007)!;
    assert.ok(psco.oldestLastUpdatedDate !== null && psco.oldestLastUpdatedDate <= '2018-01-23T13:04:09Z');

    const text = await cli(['data', 'status', '--lse-id', '1000007'], env);
    assert.equal(text.status, 0, text.stderr);
    const lines = text.stdout.trimEnd().split('\n');
    assert.match(
      lines[0]!,
      /^\s*lseId\s+LSE\s+EIA id\s+tariffs\s+versions\s+oldest lastUpdatedDate\s+newest lastUpdatedDate/,
    );
    assert.match(
      lines[2]!,
      new RegExp(
        `^\\s*1000007\\s+Public Service Co of Colorado\\s+15466\\s+${psco.tariffs}\\s+${psco.versions}\\s+${psco.oldestLastUpdatedDate}\\s+${psco.newestLastUpdatedDate}`,
      ),
    );
    assert.match(lines.at(-1)!, new RegExp(`^1 LSE with ${psco.tariffs} tariffs \\(${psco.versions} versions\\)$`));
    const bad = await cli(['data', 'status', '--lse-id', 'PSCo'], env);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--lse-id <id>' argument 'PSCo' is invalid\. not an LSE id/);
  });
});
