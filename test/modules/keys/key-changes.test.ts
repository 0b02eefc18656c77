// Key rotations and revocations announced to other processes (and, on SQLite, read from the key-change log): a second KeysService (standing for another process,
// with its own cache and its own listener connection) forgets the key as soon as the first changes it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { shareKeyChanges, type KeyChangeSharing } from '../../../src/modules/keys/key-changes.ts';
import { KeysService } from '../../../src/modules/keys/keys.service.ts';
import { KeyChangeLogWatcher } from '../../../src/modules/keys/key-change-log.ts';
import { KEY_CHANGES_KEPT } from '../../../src/modules/keys/keys.repository.ts';
import { createTestDb, dialects, type TestDb } from '../../helpers/dialects.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../helpers/redis.ts';

const silent = { warn: () => {}, info: () => {} };
const HOUR = 3_600_000;

async function until(what: string, check: () => boolean, withinMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > withinMs) assert.fail(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

interface Pair {
  here: KeysService;
  there: KeysService;
  close(): Promise<void>;
}

/** Two services on one database, each wired as a server is; the cache TTL is an hour, so only an announcement works. */
async function pair(db: TestDb, where: { postgresUrl: string | null; redisUrl: string | null }): Promise<Pair> {
  const here = new KeysService(db, HOUR);
  const there = new KeysService(db, HOUR);
  const sharings: KeyChangeSharing[] = [
    await shareKeyChanges(here, db, where, silent, { listen: true }),
    await shareKeyChanges(there, db, where, silent, { listen: true }),
  ];
  return { here, there, close: async () => void (await Promise.all(sharings.map((s) => s.close()))) };
}

async function revokeAndRotateReachTheOther({ here, there }: Pair): Promise<void> {
  const a = await here.create('org-a', []);
  assert.ok(await there.verify(a.appId, a.appKey));
  assert.ok(there.cachedVerdict(a.appId, a.appKey), 'cached there');
  await here.revoke(a.appId);
  const ms = await until(
    'the revoked key forgotten there',
    () => there.cachedVerdict(a.appId, a.appKey) === undefined,
    1000,
  );
  assert.equal(await there.verify(a.appId, a.appKey), null, `refused there (${ms} ms after the revocation)`);

  const b = await here.create('org-b', []);
  assert.ok(await there.verify(b.appId, b.appKey));
  const rotated = await here.rotate(b.appId);
  await until('the rotated key forgotten there', () => there.cachedVerdict(b.appId, b.appKey) === undefined, 1000);
  assert.equal(await there.verify(b.appId, b.appKey), null, 'the old key refused there');
  assert.ok(await there.verify(b.appId, rotated.appKey), 'the new key accepted there');
}

for (const dialect of dialects.filter((d) => d === 'postgres')) {
  describe('key changes over PostgreSQL LISTEN/NOTIFY', () => {
    let db: TestDb;
    let p: Pair;
    const postgresUrl = process.env.DATABASE_URL!;
    after(async () => {
      await p?.close();
      await db?.dispose();
    });

    it('a revocation and a rotation made by one service are refused by the other within a second', async () => {
      db = await createTestDb(dialect);
      p = await pair(db, { postgresUrl, redisUrl: null });
      await revokeAndRotateReachTheOther(p);
    });

    it('a listener that lost its connection reconnects and drops every cached verdict (it may have missed some)', async () => {
      const c = await p.here.create('org-c', []);
      assert.ok(await p.there.verify(c.appId, c.appKey));
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ratebook-key-changes' and datname = current_database()`,
        );
        assert.ok((rowCount ?? 0) >= 2, 'both listeners cut');
      } finally {
        await admin.end();
      }
      await until(
        'the cache dropped after reconnecting',
        () => p.there.cachedVerdict(c.appId, c.appKey) === undefined,
        5000,
      );
      // Listening again (the cache is dropped only once LISTEN is back): a revocation reaches the other as before.
      assert.ok(await p.there.verify(c.appId, c.appKey));
      await p.here.revoke(c.appId);
      await until(
        'the revocation heard after the reconnect',
        () => p.there.cachedVerdict(c.appId, c.appKey) === undefined,
        1000,
      );
    });
  });
}

describe('key changes over Redis pub/sub (on SQLite)', async () => {
  const available = await redisAvailable();
  it('a revocation and a rotation made by one service are refused by the other within a second', {
    skip: !available && 'no Redis',
  }, async () => {
    const db = await createTestDb('sqlite');
    const p = await pair(db, { postgresUrl: null, redisUrl: TEST_REDIS_URL });
    try {
      await revokeAndRotateReachTheOther(p);
    } finally {
      await p.close();
      await db.dispose();
    }
  });
});

describe('key changes through the key-change log (SQLite, no Redis)', () => {
  it('a revocation and a rotation made by one service are refused by the other within a second', async () => {
    const db = await createTestDb('sqlite');
    const p = await pair(db, { postgresUrl: null, redisUrl: null });
    try {
      await revokeAndRotateReachTheOther(p);
    } finally {
      await p.close();
      await db.dispose();
    }
  });

  it('a cache whose log reading is older than its limit is not trusted until the log is read again', async () => {
    const db = await createTestDb('sqlite');
    const here = new KeysService(db, HOUR);
    const there = new KeysService(db, HOUR);
    // Never polled on its own (an hour), trusted for 50 ms after each reading: a server whose reads fell behind.
    const watcher = new KeyChangeLogWatcher(
      db,
      { changed: (appId) => there.forgetApp(appId), resync: () => there.forgetAll() },
      silent,
      HOUR,
      50,
    );
    try {
      await watcher.start();
      there.trustCacheWhile(watcher);
      assert.equal(there.cacheTrusted(), true, 'just read');
      const a = await here.create('org-stale', []);
      assert.ok(await there.verify(a.appId, a.appKey));
      await here.revoke(a.appId);
      await new Promise((r) => setTimeout(r, 60));
      assert.equal(there.cacheTrusted(), false, 'the reading is 60 ms old');
      assert.ok(there.cachedVerdict(a.appId, a.appKey), 'still cached: nothing has read the log');
      await there.refreshCache();
      assert.equal(there.cacheTrusted(), true);
      assert.equal(there.cachedVerdict(a.appId, a.appKey), undefined, 'the revocation read from the log');
      assert.equal(await there.verify(a.appId, a.appKey), null);
    } finally {
      watcher.close();
      await db.dispose();
    }
  });

  it('a server further behind than the log keeps forgets every cached verdict', async () => {
    const db = await createTestDb('sqlite');
    const here = new KeysService(db, HOUR);
    const forgot: string[] = [];
    const watcher = new KeyChangeLogWatcher(
      db,
      { changed: (appId) => forgot.push(appId), resync: () => forgot.push('*everything*') },
      silent,
      HOUR,
      HOUR,
    );
    try {
      await watcher.start();
      const a = await here.create('org-busy', []);
      await here.revoke(a.appId);
      await watcher.read();
      assert.deepEqual(forgot, [a.appId], 'one change, one application forgotten');
      // KEY_CHANGES_KEPT more changes at once: rows the watcher never saw may be gone, so it forgets everything.
      await db.kysely
        .insertInto('key_changes')
        .values(Array.from({ length: KEY_CHANGES_KEPT }, (_, i) => ({ app_id: `x${i}`, changed_at: 'now' })))
        .execute();
      forgot.length = 0;
      await watcher.read();
      assert.deepEqual(forgot, ['*everything*']);
    } finally {
      watcher.close();
      await db.dispose();
    }
  });

  it('each change writes one row, and the log keeps only the newest KEY_CHANGES_KEPT', async () => {
    const db = await createTestDb('sqlite');
    try {
      const keys = new KeysService(db, 0);
      const a = await keys.create('org-log', []);
      await keys.rotate(a.appId);
      await keys.revoke(a.appId);
      const rows = await db.kysely.selectFrom('key_changes').select(['seq', 'app_id']).orderBy('seq').execute();
      assert.deepEqual(
        rows.map((r) => r.app_id),
        [a.appId, a.appId],
      );
      await db.kysely
        .insertInto('key_changes')
        .values(Array.from({ length: KEY_CHANGES_KEPT + 5 }, (_, i) => ({ app_id: `x${i}`, changed_at: 'now' })))
        .execute();
      const b = await keys.create('org-log-2', []);
      await keys.revoke(b.appId);
      const left = await db.kysely
        .selectFrom('key_changes')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('seq').as('newest')])
        .executeTakeFirstOrThrow();
      assert.equal(Number(left.n), KEY_CHANGES_KEPT);
      assert.equal(Number(left.newest), rows.at(-1)!.seq + KEY_CHANGES_KEPT + 5 + 1);
    } finally {
      await db.dispose();
    }
  });
});
