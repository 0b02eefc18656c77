// Runs the frozen migrations in order; the same migrations serve SQLite and PostgreSQL.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';
import { whileLocked } from './transaction.ts';

class StaticProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, make] of Object.entries(migrations)) out[name] = make(this.db.dialect);
    return out;
  }
}

/**
 * Kysely's migrator finds its table by reading the catalog of every schema; another schema of the same database
 * dropped or migrated meanwhile (another application's, or a test file's run beside) fails that read with 3F000
 * naming that schema, or with 42P01/42703 for a table or column of it that went away (seen in CI, a `ratebook worker`
 * starting while other test files dropped their schemas). What the migrator made by then it makes `if not exists`,
 * and the migrations run in a transaction: such a failure is tried again, a few times; one of this database's own
 * fails every attempt and is thrown after the last.
 */
const CATALOG_RACE_CODES = new Set(['3F000', '42P01', '42703']);
const MIGRATE_ATTEMPTS = 5;

export async function migrateToLatest(db: Db): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const ours = db.schema !== undefined && e.message?.includes(db.schema) === true;
      if (db.dialect !== 'postgres' || attempt >= MIGRATE_ATTEMPTS || !CATALOG_RACE_CODES.has(e.code ?? '') || ours)
        throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The schema Ratebook's tables are made in on PostgreSQL: the connection's own, else the first of the search path
 * that exists (`public` as usual). Null on SQLite (one namespace), or when no schema of the search path exists.
 */
async function tablesSchema(db: Db): Promise<string | null> {
  if (db.schema) return db.schema;
  if (db.dialect !== 'postgres') return null;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? null;
}

async function migrateOnce(db: Db): Promise<string[]> {
  const schema = await tablesSchema(db);
  const migrator = new Migrator({
    db: db.kysely,
    provider: new StaticProvider(db),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Kysely looks for its tables across every schema: another schema's `schema_migrations` (another application's,
    // or another Ratebook's) made it skip making ours, and then fail on a lock table it had not made. Named, only
    // ours count.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // The migrator's own transaction also takes the SQLite write lock up front: another process may hold it for a while.
  const { results } = await whileLocked(db, async () => {
    const outcome = await migrator.migrateToLatest();
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome;
  });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
