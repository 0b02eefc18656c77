// Loads the bundled starter dataset on first start: each seeder runs once per version and records
// that it ran in seed_runs, inside the same transaction as its data, so a failed seed leaves nothing behind.
import type { Db } from '../db/database.ts';
import type { Seeder } from './seeder.ts';
import { seeders } from './seeders.ts';
import { writeTransaction } from '../db/transaction.ts';

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
      const count = await seeder.run(trx, db);
      const stamp = now().toISOString();
      await trx.deleteFrom('seed_runs').where('seed_name', '=', seeder.name).execute();
      await trx
        .insertInto('seed_runs')
        .values({ seed_name: seeder.name, seed_version: seeder.version, applied_at: stamp })
        .execute();
      return count;
    });
    reports.push({ name: seeder.name, version: seeder.version, rows });
  }
  return reports;
}
