// Chunks queued on PostgreSQL are announced (NOTIFY) and an idle worker takes them at once, not at its next poll: the
// queue here polls every 600 s, so a chunk worked within seconds was worked because of the notice. The listening
// connection killed (a restart, pg_terminate_backend): it is opened again, and a chunk queued while it was down (its
// notice lost) is still taken at once, because a reconnection counts as a notice.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import type { ChunkMessage } from '../../../src/modules/jobs/queue/job-queue.ts';
import { PgBossQueue } from '../../../src/modules/jobs/queue/pg-boss-queue.ts';
import { createTestDb, dialects, type TestDb } from '../../helpers/dialects.ts';

const quiet = { error: () => {}, warn: () => {} };
const SOON_MS = 5000;

describe('chunks announced to idle workers on PostgreSQL', {
  skip: !dialects.includes('postgres') && 'no PostgreSQL',
}, () => {
  let db: TestDb;
  let queue: PgBossQueue;
  const worked: ChunkMessage[] = [];
  before(async () => {
    db = await createTestDb('postgres');
    queue = new PgBossQueue(db, { ...loadConfig({}).jobs, queueSchema: `${db.schema}_n`, pollSeconds: 600 }, quiet);
  });
  after(async () => {
    await queue?.stop();
    await sql.raw(`drop schema if exists ${db.schema}_n cascade`).execute(db.kysely);
    await db?.dispose();
  });

  /** The backend listening on the queue's channel (its last statement is the LISTEN), once there is one. */
  const listening = async (): Promise<number> => {
    for (const deadline = Date.now() + SOON_MS; Date.now() < deadline; ) {
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
        where query = ${`LISTEN "${queue.channel}"`}`.execute(db.kysely);
      if (rows[0]) return rows[0].pid;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no connection listens on the channel');
  };
  const workedWithin = async (jobId: string, ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      if (worked.some((c) => c.jobId === jobId)) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  it('an idle worker takes a chunk as it is queued', async () => {
    await queue.work(async (chunk) => void worked.push(chunk), 2);
    await listening();
    // The fetches at the start (one a slot, one more on connecting) are over: the slots now wait out 600 s.
    await new Promise((r) => setTimeout(r, 500));
    await queue.send([{ jobId: 'announced', from: 0, to: 1 }]);
    assert.ok(await workedWithin('announced', SOON_MS), 'the chunk was not taken at once');
  });

  it('listens again after its connection is killed, and finds what was queued meanwhile', async () => {
    const first = await listening();
    await sql`select pg_terminate_backend(${first})`.execute(db.kysely);
    // Queued while nobody listens: its notice reaches no one.
    await queue.send([{ jobId: 'while-down', from: 0, to: 1 }]);
    assert.ok(await workedWithin('while-down', SOON_MS), 'the chunk queued while the listener was down waited');
    const second = await listening();
    assert.notEqual(second, first);
    await new Promise((r) => setTimeout(r, 500));
    await queue.send([{ jobId: 'after', from: 0, to: 1 }]);
    assert.ok(await workedWithin('after', SOON_MS), 'the chunk queued after the listener came back waited');
  });
});
