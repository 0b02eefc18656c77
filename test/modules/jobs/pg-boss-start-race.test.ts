// pg-boss on Ratebook's pool, started by two processes at once on a new database. pg-boss sends some statements as a
// whole transaction in one text (`BEGIN; ...; COMMIT;`) and expects the loser of a race to fail and be ignored; its
// failed connection went back to the pool inside the aborted transaction, and the next statement on it failed: a
// second `ratebook serve` started beside the first on PostgreSQL exited before listening (the scale-out test in CI).
// And a start that failed is not kept: the next job starts the queue again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import { connectDatabase } from '../../../src/db/connect.ts';
import type { Db } from '../../../src/db/database.ts';
import { executeOnPool, PgBossQueue } from '../../../src/modules/jobs/queue/pg-boss-queue.ts';
import { createTestDb, dialects, type TestDb } from '../../helpers/dialects.ts';
import { tcpProxy } from '../../helpers/tcp-proxy.ts';

const quiet = { error: () => {}, warn: () => {} };

describe('pg-boss on the pool, two processes at once', {
  skip: !dialects.includes('postgres') && 'no PostgreSQL',
}, () => {
  let db: TestDb;
  /** Another process's pool on the same schema, one connection: a statement after a failure reuses it. */
  let single: Db;
  before(async () => {
    db = await createTestDb('postgres');
    single = connectDatabase(
      { kind: 'postgres', url: process.env.DATABASE_URL! },
      { searchPath: db.schema!, poolSize: 1 },
    );
  });
  after(async () => {
    await single?.close();
    await db?.dispose();
  });

  it('a whole-transaction text that fails leaves its connection out of the transaction', async () => {
    await assert.rejects(executeOnPool(single.kysely, 'BEGIN; select 1 / 0; COMMIT;', []), /division by zero/);
    // The one connection again: inside the aborted transaction this was "current transaction is aborted".
    const { rows } = await sql<{ two: number }>`select 1 + 1 as two`.execute(single.kysely);
    assert.equal(Number(rows[0]!.two), 2);
    const answered = await executeOnPool(single.kysely, 'select $1::int as n', [7]);
    assert.deepEqual(answered.rows, [{ n: 7 }]);
  });

  it('a queue whose start failed (the database away) starts again with the next job', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const through = new URL(target);
    [through.hostname, through.port] = ['127.0.0.1', String(proxy.port)];
    const away = connectDatabase(
      { kind: 'postgres', url: through.toString() },
      { searchPath: db.schema!, poolSize: 2 },
    );
    const jobs = { ...loadConfig({}).jobs, queueSchema: `${db.schema}_away` };
    const queue = new PgBossQueue(away, jobs, quiet);
    try {
      await proxy.cut();
      await assert.rejects(queue.send([{ jobId: 'away', from: 0, to: 1 }]));
      await proxy.restore();
      await queue.send([{ jobId: 'back', from: 0, to: 1 }]);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.id(`${db.schema}_away`, 'job')}`.execute(db.kysely);
      assert.equal(rows[0]!.n, 1);
    } finally {
      await queue.stop();
      await away.close();
      await proxy.close();
      await sql.raw(`drop schema if exists ${db.schema}_away cascade`).execute(db.kysely);
    }
  });

  it('two queues started together on a new schema both start, and a chunk sent by one is worked', async () => {
    const jobs = { ...loadConfig({}).jobs, queueSchema: `${db.schema}_q` };
    const queues = [new PgBossQueue(db, jobs, quiet), new PgBossQueue(single, jobs, quiet)];
    try {
      const worked: unknown[] = [];
      await Promise.all(queues.map((q) => q.work(async (chunk) => void worked.push(chunk), 1)));
      await queues[0]!.send([{ jobId: 'race', from: 0, to: 1 }]);
      for (let waited = 0; worked.length === 0 && waited < 10_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(worked.length, 1);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await sql.raw(`drop schema if exists ${db.schema}_q cascade`).execute(db.kysely);
    }
  });
});
