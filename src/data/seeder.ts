// What a seeder of the starter dataset is. Its own module so that the seeders, the list of them (seeders.ts) and the
// runner (seed.ts) all import it without importing each other.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';

export interface Seeder {
  /** Stable name recorded in seed_runs. */
  name: string;
  /** Raise it when the seeder's data changes so existing databases receive the new version. */
  version: number;
  /** Whether its source is at hand (data read in place from outside the repository); skipped, unrecorded, if not. */
  available?(): boolean;
  /** Writes (or rewrites) the seeder's data; must be idempotent. */
  run(trx: Transaction<Database>, db: Db): Promise<number>;
}
