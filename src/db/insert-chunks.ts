// Multi-row inserts in chunks that stay under both engines' bound-parameter limits.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

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
    // Kysely's values() types rows per table; the generic T cannot be narrowed to one.
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const chunk = rows.slice(i, i + size) as any;
    await db.insertInto(table).values(chunk).execute();
  }
}
