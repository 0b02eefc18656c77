// One SQLite file, several writers: a CLI import while the server reads and writes (the README's own workflow), and
// two servers on one file. Every answer is a success or a 503 with Retry-After (never a 500), and the file stays
// whole.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDb, type TestDb } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ratebookArgs } from '../helpers/server-process.ts';

const TOU = {
  lseId: 734,
  timeOfUses: [
    {
      touName: 'All day',
      touType: 'OFF_PEAK',
      touPeriods: [{ fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }],
    },
  ],
};

type Inject = TestApp['inject'];

/**
 * Creates and deletes a private TOU group and reads a tariff list, until `done()`; the statuses seen. A write may wait
 * for the other's lock and, past the lock wait, be a 503 with Retry-After; a read never waits in WAL mode, so anything
 * but 200 for one is wrong.
 */
async function writeAndRead(
  inject: Inject,
  authorization: string,
  done: () => boolean,
): Promise<{ statuses: Map<number, number>; wrong: string[] }> {
  const statuses = new Map<number, number>();
  const wrong: string[] = [];
  const note = (
    what: string,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
    ok: number[],
  ) => {
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const retryLater = what !== 'read' && res.statusCode === 503 && res.headers['retry-after'];
    if (!ok.includes(res.statusCode) && !retryLater) wrong.push(`${what} ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  while (!done()) {
    const created = await inject({
      method: 'POST',
      url: '/rest/timeofuses',
      headers: { authorization, 'content-type': 'application/json' },
      payload: TOU,
    });
    note('create', created, [201]);
    if (created.statusCode === 201) {
      const id = created.json().results[0].touGroupId as number;
      note(
        'delete',
        await inject({ method: 'DELETE', url: `/rest/timeofuses/734/${id}`, headers: { authorization } }),
        [200],
      );
    }
    note(
      'read',
      await inject({ method: 'GET', url: '/rest/public/tariffs?lseId=734', headers: { authorization } }),
      [200],
    );
  }
  return { statuses, wrong };
}

describe('SQLite file shared by processes', () => {
  let dir: string;
  let file: string;
  let t: TestApp;
  let auth: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ratebook-sharing-'));
    file = join(dir, 'shared.sqlite');
    t = await buildTestApp('sqlite', { seed: true, database: { sqliteFile: file } });
    auth = t.authHeader(await t.credentials(['privateTou']));
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves reads and writes while a CLI import writes the same file', { timeout: 180_000 }, async () => {
    // Enough values that the import's one transaction holds the write lock for a few seconds.
    const rows = 120_000;
    const csv = join(dir, 'values.csv');
    const lines = ['keyName,subKeyName,fromDateTime,toDateTime,actualValue'];
    const start = Date.UTC(2020, 0, 1);
    for (let k = 0; k < rows; k++)
      lines.push(
        `sharingTestKey,,${new Date(start + k * 3_600_000).toISOString().slice(0, 19)},${new Date(start + (k + 1) * 3_600_000).toISOString().slice(0, 19)},${(k % 97) / 1000}`,
      );
    writeFileSync(csv, `${lines.join('\n')}\n`);

    const child = spawn(process.execPath, ratebookArgs(['import', 'lookups', csv]), {
      env: { ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    let exited = false;
    const exit = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        exited = true;
        resolve(code);
      }),
    );

    const seen = await writeAndRead(t.inject, auth, () => exited);
    assert.equal(await exit, 0, output);
    assert.deepEqual(seen.wrong.slice(0, 5), [], JSON.stringify([...seen.statuses]));
    assert.ok((seen.statuses.get(200) ?? 0) > 0, JSON.stringify([...seen.statuses]));

    const count = await t.db.kysely
      .selectFrom('property_lookups')
      .select(sql<number>`count(*)`.as('n'))
      .where('key_name', '=', 'sharingTestKey')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), rows, 'every imported value is there');
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db.kysely);
    assert.equal(integrity.rows[0]!.integrity_check, 'ok');
  });

  it('lets two servers on one file write at once', { timeout: 120_000 }, async () => {
    const second: TestDb = await createTestDb('sqlite', { sqliteFile: file });
    const app2 = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db: second, keys: t.keys });
    await app2.ready();
    try {
      const end = Date.now() + 3000;
      const [a, b] = await Promise.all([
        writeAndRead(t.inject, auth, () => Date.now() > end),
        writeAndRead(
          (o) => app2.inject(o),
          auth,
          () => Date.now() > end,
        ),
      ]);
      assert.deepEqual([...a.wrong, ...b.wrong].slice(0, 5), [], JSON.stringify([[...a.statuses], [...b.statuses]]));
      assert.ok((a.statuses.get(201) ?? 0) > 0 && (b.statuses.get(201) ?? 0) > 0, 'both servers wrote');
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db.kysely);
      assert.equal(integrity.rows[0]!.integrity_check, 'ok');
    } finally {
      await app2.close();
      await second.dispose();
    }
  });
});
