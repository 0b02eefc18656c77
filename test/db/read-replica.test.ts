// DATABASE_READ_URL: GET and HEAD handlers read from a replica, everything else stays on the primary. On PostgreSQL the
// "replica" is the same database reached as a role whose transactions are read-only (through a proxy the test can cut):
// any write sent to it fails (25006), so a POST that succeeds proved its writes reached the primary.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { asReadingRequest, isReadOnlyStatement, onPrimary } from '../../src/db/read-replica.ts';
import { writeTransaction } from '../../src/db/transaction.ts';
import { runSeeds } from '../../src/data/seed.ts';
import { seeders } from '../../src/data/seeders.ts';
import type { App } from '../../src/http/fastify-types.ts';
import { KeysService } from '../../src/modules/keys/keys.service.ts';
import { dialects } from '../helpers/dialects.ts';
import { ratebookCli } from '../helpers/server-process.ts';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

describe('DATABASE_READ_URL configuration', () => {
  const replica = 'postgres://reader@db-replica:5432/ratebook';

  it('needs a PostgreSQL DATABASE_URL, and is itself a postgres:// URL', () => {
    for (const env of [
      { DATABASE_READ_URL: replica },
      { DATABASE_URL: 'sqlite::memory:', DATABASE_READ_URL: replica },
    ]) {
      assert.throws(
        () => loadConfig(env),
        (e: Error) =>
          e instanceof ConfigError &&
          /DATABASE_READ_URL/.test(e.message) &&
          /DATABASE_URL to name a PostgreSQL/.test(e.message),
      );
    }
    assert.throws(
      () => loadConfig({ DATABASE_URL: 'postgres://db/ratebook', DATABASE_READ_URL: 'mysql://u:secret@h/db' }),
      (e: Error) => /DATABASE_READ_URL must be a postgres:\/\/ URL/.test(e.message) && !e.message.includes('secret'),
    );
    assert.equal(
      loadConfig({ DATABASE_URL: 'postgres://db/ratebook', DATABASE_READ_URL: ` ${replica} ` }).databaseReadUrl,
      replica,
    );
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/ratebook', DATABASE_READ_URL: '' }).databaseReadUrl, null);
  });

  it('stops `ratebook serve` at start with a message naming the variable', { timeout: 120_000 }, () => {
    const run = ratebookCli(['serve', '--port', '0'], { DATABASE_URL: 'sqlite::memory:', DATABASE_READ_URL: replica });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /DATABASE_READ_URL/);
  });
});

describe('which statements the replica may answer', () => {
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const cases: [string, Parameters<typeof isReadOnlyStatement>[0], boolean][] = [
    ['select', db.selectFrom('lses').selectAll().where('lse_id', '=', 1).compile(), true],
    [
      'select with a CTE',
      db
        .with('x', (q) => q.selectFrom('lses').select('lse_id'))
        .selectFrom('x')
        .selectAll()
        .compile(),
      true,
    ],
    ['raw select', sql`select 1`.compile(db), true],
    ['select ... for update (a lock)', db.selectFrom('lses').selectAll().forUpdate().compile(), false],
    ['select ... for share (a lock)', db.selectFrom('lses').selectAll().forShare().compile(), false],
    ['insert', db.insertInto('lses').values({ lse_id: 1 }).compile(), false],
    ['update', db.updateTable('lses').set({ name: 'x' }).compile(), false],
    ['delete', db.deleteFrom('lses').compile(), false],
    [
      'a writing CTE',
      db
        .with('x', (q) => q.deleteFrom('lses').returning('lse_id'))
        .selectFrom('x')
        .selectAll()
        .compile(),
      false,
    ],
    ['raw insert', sql`insert into t values (1)`.compile(db), false],
    ['select pg_notify (a side effect)', sql`select pg_notify('c', 'p')`.compile(db), false],
    ['select nextval', sql`select nextval('s')`.compile(db), false],
    ['select into (makes a table)', sql`select * into t2 from t`.compile(db), false],
  ];
  for (const [name, query, readOnly] of cases)
    it(`${name}: ${readOnly ? 'replica' : 'primary'}`, () => assert.equal(isReadOnlyStatement(query), readOnly));
});

const postgresUrl = process.env.DATABASE_URL ?? '';

if (dialects.includes('postgres')) {
  describe('a read replica on PostgreSQL (a read-only role through a proxy)', () => {
    const tag = randomBytes(4).toString('hex');
    const schema = `rbtest_replica_${tag}`;
    const reader = `rb_reader_${tag}`;
    const applicationName = `ratebook_replica_${tag}`;
    let admin: pg.Client;
    let proxy: TcpProxy;
    let db: Db;
    let app: App;
    let keys: KeysService;
    const basic = (c: { appId: string; appKey: string }) => ({
      authorization: `Basic ${Buffer.from(`${c.appId}:${c.appKey}`).toString('base64')}`,
    });
    let auth: Record<string, string>;
    const counts = () => ({ ...db.readRouting! });

    before(async () => {
      admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      // What a replica is to its clients: the same rows, and every transaction read-only.
      await admin.query(`create role ${reader} login`);
      await admin.query(`alter role ${reader} set default_transaction_read_only = on`);
      const target = new URL(postgresUrl);
      proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
      const readUrl = new URL(postgresUrl);
      [readUrl.hostname, readUrl.port, readUrl.username, readUrl.password] = [
        '127.0.0.1',
        String(proxy.port),
        reader,
        '',
      ];
      db = connectDatabase(
        { kind: 'postgres', url: postgresUrl },
        { searchPath: schema, poolSize: 4, applicationName, readUrl: readUrl.toString() },
      );
      await migrateToLatest(db);
      await runSeeds(db, seeders);
      await admin.query(`grant usage on schema ${schema} to ${reader}`);
      await admin.query(`grant select on all tables in schema ${schema} to ${reader}`);
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: postgresUrl,
        DATABASE_READ_URL: readUrl.toString(),
      });
      keys = new KeysService(db, config.authCacheTtlMs);
      app = await buildApp({ config, db, keys });
      await app.ready();
      auth = basic(await keys.create('replica-test', ['signal']));
    });
    after(async () => {
      await proxy?.restore().catch(() => {});
      await app?.close();
      await db?.close();
      await proxy?.close();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query(`drop role if exists ${reader}`);
      await admin.end();
    });

    const get = (url: string, headers = auth) => app.inject({ method: 'GET', url, headers });
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth, payload });
    const calculation = {
      masterTariffId: 522,
      fromDateTime: '2025-07-01',
      toDateTime: '2025-08-01',
      propertyInputs: [{ keyName: 'consumption', dataValue: 500 }],
    };

    it('answers GET and HEAD from the replica, as the read-only role', async () => {
      const start = counts();
      for (const url of ['/rest/public/lses/734', '/rest/public/tariffs?lseId=734', '/rest/public/zipcodes/94110']) {
        const res = await get(url);
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      }
      const afterGets = counts();
      assert.ok(afterGets.replica - start.replica >= 3, JSON.stringify({ start, afterGets }));
      assert.equal(
        afterGets.primary,
        start.primary,
        'a GET that only reads sends nothing to the primary from its handler',
      );
      const head = await app.inject({ method: 'HEAD', url: '/rest/public/lses/734', headers: auth });
      assert.equal(head.statusCode, 200);
      assert.ok(counts().replica > afterGets.replica, 'HEAD reads from the replica too');
      // The server's own view: the replica pool's connections are the reader's, the primary's are not.
      const seen = await admin.query(
        'select application_name, usename from pg_stat_activity where application_name in ($1, $2)',
        [applicationName, `${applicationName}-read`],
      );
      const users = (name: string) =>
        new Set(seen.rows.filter((r) => r.application_name === name).map((r) => r.usename));
      assert.deepEqual([...users(`${applicationName}-read`)], [reader]);
      assert.ok(!users(applicationName).has(reader));
    });

    it('asks both the replica and the primary for /ready (a GET must not say ready while the primary is down)', async () => {
      const start = counts();
      const res = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(counts().replica - start.replica, 1, 'one select 1 on the replica');
      // The other select 1 runs under onPrimary: inside a reading request it is the primary's role that answers.
      const who = await asReadingRequest(() =>
        onPrimary(() => sql<{ u: string }>`select current_user as u`.execute(db.kysely)),
      );
      assert.notEqual(who.rows[0]?.u, reader);
    });

    it('writes through POST on the primary (accounts, calculations and their history), read back by GET', async () => {
      const start = counts();
      const created = await post('/rest/v1/accounts', {
        providerAccountId: `replica-${tag}`,
        accountName: 'Replica',
        address: { zip: '94110' },
        properties: { customerClass: { keyName: 'customerClass', dataValue: 'RESIDENTIAL' } },
      });
      assert.equal(created.statusCode, 200, created.body);
      const bill = await post('/rest/v1/ondemand/calculate', calculation);
      assert.equal(bill.statusCode, 200, bill.body);
      assert.deepEqual(counts(), start, 'nothing of a POST goes to the replica');
      const accountId = created.json().results[0].accountId as string;
      assert.equal((await get(`/rest/v1/accounts/${accountId}`)).statusCode, 200);
      assert.ok(counts().replica > start.replica);
      // The history record is written after the answer, in the background: on the primary, or it would fail (25006).
      const requestId = bill.json().requestId as string;
      let kept = 0;
      for (let i = 0; i < 100 && kept === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        kept = (
          await admin.query(`select count(*)::int as n from ${schema}.calculation_history where request_id = $1`, [
            requestId,
          ])
        ).rows[0].n;
      }
      assert.equal(kept, 1, 'the calculation is in the history');
    });

    it('keeps a transaction, and what a GET handler writes, on the primary', async () => {
      const user = async () => (await sql<{ u: string }>`select current_user as u`.execute(db.kysely)).rows[0]!.u;
      assert.equal(await asReadingRequest(user), reader, 'a plain SELECT of a reading request: the replica');
      assert.notEqual(await user(), reader, 'outside a reading request: the primary');
      const inTransaction = await asReadingRequest(() =>
        db.kysely
          .transaction()
          .execute(async (trx) => (await sql<{ u: string }>`select current_user as u`.execute(trx)).rows[0]!.u),
      );
      assert.notEqual(inTransaction, reader, 'a transaction, reads included, on the primary');
      // A write begun in a reading request (a write transaction, a plain insert) works: the replica would refuse it.
      await asReadingRequest(() =>
        writeTransaction(db, (trx) =>
          trx
            .insertInto('organizations')
            .values({ name: `replica-trx-${tag}`, created_at: new Date().toISOString() })
            .execute(),
        ),
      );
      await asReadingRequest(() =>
        db.kysely
          .insertInto('organizations')
          .values({ name: `replica-plain-${tag}`, created_at: new Date().toISOString() })
          .execute(),
      );
      const made = await db.kysely
        .selectFrom('organizations')
        .select('name')
        .where('name', 'like', `replica-%-${tag}`)
        .execute();
      assert.equal(made.length, 2);
    });

    it('answers 503 with Retry-After while the replica is away, writes go on, and reads come back by themselves', {
      timeout: 30_000,
    }, async () => {
      assert.equal((await get('/rest/public/lses/734')).statusCode, 200);
      await proxy.cut();
      try {
        const away = await get('/rest/public/tariffs?lseId=734');
        assert.equal(away.statusCode, 503, away.body);
        assert.equal(away.headers['retry-after'], '2');
        assert.equal(away.json().results[0].code, 'ServiceUnavailable');
        assert.equal(
          (await post('/rest/v1/ondemand/calculate', calculation)).statusCode,
          200,
          'writes need only the primary',
        );
        // A key made a moment ago is checked on the primary (an echo reads nothing else): it works at once.
        const fresh = basic(await keys.create('replica-fresh', []));
        assert.equal((await get('/rest/echo/hello', fresh)).statusCode, 200);
      } finally {
        await proxy.restore();
      }
      const start = Date.now();
      let status = 0;
      while (Date.now() - start < 5000 && status !== 200) {
        status = (await get('/rest/public/tariffs?lseId=734')).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(status, 200, `reads again within 5 s (${Date.now() - start} ms)`);
    });
  });
}
