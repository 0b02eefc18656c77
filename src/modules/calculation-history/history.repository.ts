// The calculation_history table: batched inserts from the recorder, one row by requestId within an organization, and
// the purge of rows older than the retention.
import type { Insertable, Selectable } from 'kysely';
import type { CalculationHistoryTable, Db } from '../../db/database.ts';

export type HistoryRow = Insertable<CalculationHistoryTable>;
export type StoredHistory = Selectable<CalculationHistoryTable>;

/** Rows removed per DELETE: short statements, so a purge never holds the SQLite connection or a PostgreSQL lock long. */
const PURGE_CHUNK = 1000;

export class HistoryRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the rows in one statement; a requestId already stored (a retried batch) is left as it is. */
  async insert(rows: HistoryRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.kysely
      .insertInto('calculation_history')
      .values(rows)
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute();
  }

  /** The record of requestId made by orgId, or undefined (another organization's is not found either). */
  async find(requestId: string, orgId: number): Promise<StoredHistory | undefined> {
    return this.db.kysely
      .selectFrom('calculation_history')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
  }

  /** Removes every record created before `before`, a chunk at a time; the number removed. */
  async purge(before: Date, { pause }: { pause?: () => Promise<void> } = {}): Promise<number> {
    const cutoff = before.toISOString();
    let removed = 0;
    for (;;) {
      const chunk = this.db.kysely
        .selectFrom('calculation_history')
        .select('request_id')
        .where('created_at', '<', cutoff)
        .limit(PURGE_CHUNK);
      const result = await this.db.kysely
        .deleteFrom('calculation_history')
        .where('request_id', 'in', chunk)
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      removed += n;
      if (n < PURGE_CHUNK) return removed;
      if (pause) await pause();
    }
  }

  async count(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('calculation_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** The cutoff of a retention of `days` days before `now`. */
export function retentionCutoff(days: number, now: Date = new Date()): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
