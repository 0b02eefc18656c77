// The org_usage table: counts added by every process (an upsert that sums), read per organization and day range.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';

export interface UsageCounts {
  orgId: number;
  day: string;
  operation: string;
  calls: number;
  errors: number;
}

export class UsageCountsRepository {
  constructor(private readonly db: Db) {}

  /** Adds the counts to the stored ones, all or none. */
  async add(rows: readonly UsageCounts[]): Promise<void> {
    if (!rows.length) return;
    await writeTransaction(this.db, async (trx) => {
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('org_usage')
          .values(
            rows.slice(i, i + 200).map((r) => ({
              org_id: r.orgId,
              day: r.day,
              operation: r.operation,
              calls: r.calls,
              errors: r.errors,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['org_id', 'day', 'operation']).doUpdateSet({
              calls: sql`org_usage.calls + excluded.calls`,
              errors: sql`org_usage.errors + excluded.errors`,
            }),
          )
          .execute();
      }
    });
  }

  /** An organization's counts from `fromDay` to `toDay` (inclusive), by day then operation. */
  async of(orgId: number, fromDay: string, toDay: string): Promise<UsageCounts[]> {
    const rows = await this.db.kysely
      .selectFrom('org_usage')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .orderBy('operation')
      .execute();
    return rows.map((r) => ({
      orgId: r.org_id,
      day: r.day,
      operation: r.operation,
      calls: Number(r.calls),
      errors: Number(r.errors),
    }));
  }
}
