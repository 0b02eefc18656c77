// URDB's `supersedes`: a record names the label of the record it replaces. Nothing is deleted: the earlier version
// ends where the newer one starts (unless it already ends sooner), and both become versions of one master tariff
// (the earlier one's), the newer one naming the earlier as its prior tariff. Records of another LSE, or a "newer"
// record that does not start after the earlier one, are left unlinked. Run after every record is written (changed
// or not), so that a link whose earlier record arrived later is made by the next import that sees the newer one.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Trx = Transaction<Database>;

/** Links the tariff imported under `key` to the one its record supersedes; true when anything changed. */
export async function linkSuperseded(trx: Trx, key: string, supersedes: unknown): Promise<boolean> {
  if (typeof supersedes !== 'string' || supersedes === '' || supersedes === key) return false;
  const columns = ['tariff_id', 'master_tariff_id', 'prior_tariff_id', 'lse_id', 'effective_date', 'end_date'] as const;
  const newer = await trx.selectFrom('tariffs').select(columns).where('import_key', '=', key).executeTakeFirst();
  const earlier = await trx
    .selectFrom('tariffs')
    .select(columns)
    .where('import_key', '=', supersedes)
    .executeTakeFirst();
  if (!newer || !earlier || earlier.lse_id !== newer.lse_id || earlier.effective_date >= newer.effective_date)
    return false;
  let changed = false;
  if (earlier.end_date === null || earlier.end_date > newer.effective_date) {
    await trx
      .updateTable('tariffs')
      .set({ end_date: newer.effective_date })
      .where('tariff_id', '=', earlier.tariff_id)
      .execute();
    changed = true;
  }
  if (newer.master_tariff_id !== earlier.master_tariff_id) {
    // The newer version's whole family (versions that superseded it before this link) joins the earlier master.
    await trx
      .updateTable('tariffs')
      .set({ master_tariff_id: earlier.master_tariff_id })
      .where('master_tariff_id', '=', newer.master_tariff_id)
      .execute();
    changed = true;
  }
  if (newer.prior_tariff_id !== earlier.tariff_id) {
    await trx
      .updateTable('tariffs')
      .set({ prior_tariff_id: earlier.tariff_id })
      .where('tariff_id', '=', newer.tariff_id)
      .execute();
    changed = true;
  }
  return changed;
}

/** A version whose record was rewritten keeps ending where a version that supersedes it starts. */
export async function keepEndingAtSuccessor(trx: Trx, tariffId: number, endDate: string | null): Promise<void> {
  const next = await trx
    .selectFrom('tariffs')
    .select((eb) => eb.fn.min('effective_date').as('start'))
    .where('prior_tariff_id', '=', tariffId)
    .executeTakeFirst();
  const start = (next?.start as string | null | undefined) ?? null;
  if (start !== null && (endDate === null || endDate > start))
    await trx.updateTable('tariffs').set({ end_date: start }).where('tariff_id', '=', tariffId).execute();
}

/** The time a URDB record was last revised (the latest of its `revisions`, seconds since 1970) as ISO 8601, or null. */
export function lastRevision(record: Record<string, unknown>): string | null {
  const revisions = record.revisions;
  if (!Array.isArray(revisions)) return null;
  const seconds = revisions.filter(
    (v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 7_258_118_400,
  );
  if (seconds.length === 0) return null;
  return new Date(Math.max(...seconds) * 1000).toISOString().replace('.000Z', 'Z');
}
