import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../../src/db/connect.ts';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/data/seed.ts';
import type { Seeder } from '../../src/data/seeder.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`migrations and seeds on ${dialect}`, () => {
    let db: TestDb;
    const dir = mkdtempSync(join(tmpdir(), 'ratebook-seed-'));
    const sqliteFile = join(dir, 'rb.sqlite');
    before(async () => {
      // A file on SQLite: one test opens a second connection to the same database.
      db = await createTestDb(dialect, { migrate: false, sqliteFile });
    });
    after(async () => {
      await db.dispose();
      rmSync(dir, { recursive: true, force: true });
    });
    /** Another process's connection to this database (the same file, or the same PostgreSQL schema). */
    const secondConnection = (of: TestDb): Db =>
      dialect === 'sqlite'
        ? connectDatabase({ kind: 'sqlite', filename: sqliteFile })
        : connectDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! }, { searchPath: of.schema! });

    it('applies every migration once, then nothing', async () => {
      assert.deepEqual(await migrateToLatest(db), [
        '0001-foundation',
        '0002-geography',
        '0003-time',
        '0004-properties',
        '0005-tariffs',
        '0006-tier-scope',
        '0007-import-keys',
        '0008-export-rules',
        '0009-typical-loads',
        '0010-unowned-territories',
        '0011-weather-stations',
        '0012-accounts',
        '0013-calculation-history',
        '0014-documents',
        '0015-rate-limit-counters',
        '0016-key-changes',
        '0017-org-usage',
        '0018-export-arrangement-from',
        '0019-tariff-owner',
        '0020-incentives',
        '0023-portfolio-jobs',
        '0024-serial-reading-reads',
        '0025-job-chunks-ended',
      ]);
      assert.deepEqual(await migrateToLatest(db), []);
    });

    it('keeps PostgreSQL from planning parallel scans of reading chunks (read by profile only)', async (t) => {
      if (dialect !== 'postgres') return t.skip('SQLite plans nothing in parallel');
      const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class
        where oid = ${`${db.schema}.reading_chunks`}::regclass`.execute(db.kysely);
      assert.deepEqual(rows[0]?.reloptions, ['parallel_workers=0']);
    });

    it('runs a seeder once per version, recording it with its data', async () => {
      let runs = 0;
      const seeder = (version: number): Seeder => ({
        name: 'test-orgs',
        version,
        async run(trx) {
          runs++;
          await trx.deleteFrom('organizations').where('name', 'like', 'seeded-%').execute();
          await trx
            .insertInto('organizations')
            .values({ name: `seeded-${version}`, created_at: '2026-01-01T00:00:00Z' })
            .execute();
          return 1;
        },
      });
      assert.deepEqual(await runSeeds(db, [seeder(1)]), [{ name: 'test-orgs', version: 1, rows: 1 }]);
      assert.deepEqual(await runSeeds(db, [seeder(1)]), []);
      assert.equal(runs, 1);
      await runSeeds(db, [seeder(2)]);
      const names = (await db.kysely.selectFrom('organizations').select('name').execute()).map((r) => r.name);
      assert.deepEqual(names, ['seeded-2']);
    });

    it('leaves nothing behind when a seeder fails', async () => {
      const failing: Seeder = {
        name: 'broken',
        version: 1,
        async run(trx) {
          await trx.insertInto('organizations').values({ name: 'half-written', created_at: 'x' }).execute();
          throw new Error('boom');
        },
      };
      await assert.rejects(runSeeds(db, [failing]), /boom/);
      const left = await db.kysely
        .selectFrom('organizations')
        .select('name')
        .where('name', '=', 'half-written')
        .execute();
      assert.equal(left.length, 0);
      const recorded = await db.kysely
        .selectFrom('seed_runs')
        .select('seed_name')
        .where('seed_name', '=', 'broken')
        .execute();
      assert.equal(recorded.length, 0);
    });

    it('two processes seeding a new database at once: the seeder runs once, neither fails', async () => {
      // Servers started together on a new database each ran every seeder; the second was refused by a unique key
      // half way and exited (seen with two servers on PostgreSQL: zipcodes_pkey).
      const other = secondConnection(db);
      try {
        let runs = 0;
        const slow: Seeder = {
          name: 'raced',
          version: 1,
          async run(trx) {
            runs++;
            await new Promise((resolve) => setTimeout(resolve, 200));
            await trx.insertInto('organizations').values({ name: 'raced-once', created_at: '2026-01-01' }).execute();
            return 1;
          },
        };
        const reports = await Promise.all([runSeeds(db, [slow]), runSeeds(other, [slow])]);
        assert.deepEqual(reports.flat(), [{ name: 'raced', version: 1, rows: 1 }]);
        assert.equal(runs, 1);
        const rows = await db.kysely
          .selectFrom('organizations')
          .select('name')
          .where('name', '=', 'raced-once')
          .execute();
        assert.equal(rows.length, 1);
      } finally {
        await other.close();
      }
    });

    it('binds JavaScript booleans on both engines', async () => {
      // better-sqlite3 alone refuses booleans; the SQLite plugin binds them as 1 and 0.
      const row = await sql<{
        t: number;
        f: number;
      }>`select case when ${true} then 1 else 0 end as t, case when ${false} then 1 else 0 end as f`.execute(db.kysely);
      assert.deepEqual({ ...row.rows[0] }, { t: 1, f: 0 });
    });
  });
}

describe('migrations in a PostgreSQL database where another schema has a schema_migrations table', {
  skip: !dialects.includes('postgres') && 'no PostgreSQL',
}, () => {
  // Kysely's migrator looked for its tables in every schema: finding another schema's `schema_migrations` (another
  // application's, or a second Ratebook's), it made none in `public` and failed on "relation schema_migrations_lock
  // does not exist". A database of its own: the test's usual schema-per-test connection names its schema already.
  const admin = process.env.DATABASE_URL!;
  const name = `ratebook_mig_${process.pid}_${Date.now()}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const onAdmin = async (statement: string) => {
    const db = connectDatabase({ kind: 'postgres', url: admin });
    try {
      await sql.raw(statement).execute(db.kysely);
    } finally {
      await db.close();
    }
  };
  before(() => onAdmin(`create database ${name}`));
  after(() => onAdmin(`drop database if exists ${name} with (force)`));

  it('makes its own tables in public and leaves the other schema alone', async () => {
    const db = connectDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await sql`create schema other`.execute(db.kysely);
      await sql`create table other.schema_migrations (name varchar(255) primary key, timestamp varchar(255))`.execute(
        db.kysely,
      );
      const applied = await migrateToLatest(db);
      assert.ok(applied.includes('0001-foundation') && applied.length > 20, applied.join(', '));
      assert.deepEqual(await migrateToLatest(db), [], 'nothing the second time');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from public.schema_migrations`.execute(
        db.kysely,
      );
      assert.equal(rows[0]!.n, applied.length);
      const other = await sql<{ n: number }>`select count(*)::int as n from other.schema_migrations`.execute(db.kysely);
      assert.equal(other.rows[0]!.n, 0);
    } finally {
      await db.close();
    }
  });
});
