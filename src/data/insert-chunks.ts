// Multi-row inserts in chunks that stay under both engines' bound-parameter limits.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

const MAX_PARAMETERS = 30_000;

export async function insertInChunks<T extends keyof Database>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table).values(rows.slice(i, i + size) as any).execute();
  }
}
