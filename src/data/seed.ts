// Loads the bundled starter dataset on first start: each seeder runs once per version and records
// that it ran in seed_runs, inside the same transaction as its data, so a failed seed leaves nothing behind.
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import type { Seeder } from './seeder.ts';
import { seeders } from './seeders.ts';
import { writeTransaction } from '../db/transaction.ts';

/** The advisory lock seeders take on PostgreSQL, with the schema's hash: advisory locks are per database. */
const SEED_LOCK = 7_204_113;

async function appliedVersion(trx: Transaction<Database>, name: string): Promise<number> {
  const row = await trx.selectFrom('seed_runs').select('seed_version').where('seed_name', '=', name).executeTakeFirst();
  return row ? Number(row.seed_version) : 0;
}

export interface SeedReport {
  name: string;
  version: number;
  rows: number;
}

export async function runSeeds(
  db: Db,
  list: readonly Seeder[] = seeders,
  now: () => Date = () => new Date(),
): Promise<SeedReport[]> {
  const applied = new Map(
    (await db.kysely.selectFrom('seed_runs').selectAll().execute()).map((r) => [r.seed_name, Number(r.seed_version)]),
  );
  const reports: SeedReport[] = [];
  for (const seeder of list) {
    if ((applied.get(seeder.name) ?? 0) >= seeder.version) continue;
    if (seeder.available && !seeder.available()) continue;
    const rows = await writeTransaction(db, async (trx) => {
      // Servers started together on a new database would each load the seeder (the second refused by a unique key
      // half way): one at a time, and the later one finds it done. SQLite's write transaction is already one at a time.
      if (db.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${SEED_LOCK}, hashtext(current_schema()))`.execute(trx);
      if ((await appliedVersion(trx, seeder.name)) >= seeder.version) return null;
      const count = await seeder.run(trx, db);
      const stamp = now().toISOString();
      await trx.deleteFrom('seed_runs').where('seed_name', '=', seeder.name).execute();
      await trx
        .insertInto('seed_runs')
        .values({ seed_name: seeder.name, seed_version: seeder.version, applied_at: stamp })
        .execute();
      return count;
    });
    if (rows !== null) reports.push({ name: seeder.name, version: seeder.version, rows });
  }
  return reports;
}
