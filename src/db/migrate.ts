// Runs the frozen migrations in order; the same migrations serve SQLite and PostgreSQL.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new StaticProvider(db),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Kysely looks for its tables across every schema; name ours so another schema's tables never count.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  // The migrator's own transaction also takes the SQLite write lock up front: another process may hold it for a while.
  const { results } = await whileLocked(db, async () => {
    const outcome = await migrator.migrateToLatest();
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome;
  });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
