// The dialect matrix: every repository and HTTP test runs on SQLite, and on PostgreSQL when
// DATABASE_URL points at one. REQUIRE_POSTGRES=1 (CI) turns a missing PostgreSQL into a failure.
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/config.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { Db, Dialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { copyPostgresTemplate, type SeedKind, sqliteTemplateFile, sqliteTemplateImage } from './seeded-template.ts';

const url = process.env.DATABASE_URL;
const postgresUrl = url && parseDatabaseUrl(url).kind === 'postgres' ? url : null;

if (process.env.REQUIRE_POSTGRES === '1' && !postgresUrl) {
  throw new Error('REQUIRE_POSTGRES=1 but DATABASE_URL does not name a PostgreSQL database');
}

export const dialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends Db {
  /** Closes the connection and removes everything the test created. */
  dispose(): Promise<void>;
}

export interface TestDbOptions {
  migrate?: boolean;
  /** SQLite: a file instead of memory (for tests of several connections or processes on one database). */
  sqliteFile?: string;
  /** PostgreSQL: reach the server through this host:port (a proxy the test can cut) instead of DATABASE_URL's. */
  via?: { host: string; port: number };
  /** PostgreSQL: the connections' application_name, to find them in pg_stat_activity. */
  applicationName?: string;
  /**
   * Start from the seeded template (seeded-template.ts): the starter dataset, or 'full' with the reference data. The
   * same rows as running the seeders on a fresh database, in a fraction of the time. Needs migrate (the default).
   */
  seeded?: SeedKind;
}

/** A fresh, migrated database: SQLite in memory (or a file), or a PostgreSQL schema of its own. */
export async function createTestDb(
  dialect: Dialect,
  { migrate = true, sqliteFile, via, applicationName, seeded }: TestDbOptions = {},
): Promise<TestDb> {
  if (seeded && !migrate) throw new Error('a seeded test database is a migrated one');
  if (dialect === 'sqlite') {
    if (seeded && sqliteFile) copyFileSync(await sqliteTemplateFile(seeded), sqliteFile);
    const image = seeded && !sqliteFile ? await sqliteTemplateImage(seeded) : undefined;
    const db = connectDatabase(
      { kind: 'sqlite', filename: sqliteFile ?? ':memory:' },
      image ? { sqliteImage: image } : {},
    );
    if (migrate) await migrateToLatest(db);
    return { ...db, dispose: () => db.close() };
  }
  if (!postgresUrl) throw new Error('PostgreSQL tests need DATABASE_URL=postgres://...');
  const schema = `rbtest_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  if (via) [url.hostname, url.port] = [via.host, String(via.port)];
  const db = connectDatabase(
    { kind: 'postgres', url: url.toString() },
    { searchPath: schema, poolSize: 4, ...(applicationName ? { applicationName } : {}) },
  );
  // Another test file's schema dropped meanwhile is tried again by migrateToLatest itself (src/db/migrate.ts).
  if (migrate) await migrateToLatest(db);
  if (seeded) await copyPostgresTemplate(postgresUrl, seeded, schema);
  return {
    ...db,
    dispose: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
