// Where an authored version goes among its tariff's other versions, by the rule the tariff data keeps (docs/api-notes/
// tariffs.md, "Versions"): versions of one tariff do not overlap, and a version ends where its successor starts. A new
// version later than an open one closes it at its effectiveDate; one written before a later version ends where that
// one starts (an endDate past it is a 400 naming endDate); one starting on another's date, or inside a version that
// already ends (closedDate, or a successor), is a 400 naming effectiveDate. A version rewritten (PUT) keeps its place
// between the same neighbours. Pure but for apply(), which runs in the write's transaction once the record is written.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { invalidArgument } from '../../http/errors.ts';

type Trx = Transaction<Database>;

export interface VersionSpan {
  effectiveDate: string;
  /** Exclusive; null: open. */
  endDate: string | null;
}

/** Another version of the tariff, as stored. */
export interface StoredVersion {
  tariff_id: number;
  effective_date: string;
  end_date: string | null;
  prior_tariff_id: number | null;
}

export interface Placing {
  /** The version before the one written (its priorTariffId). */
  priorTariffId: number | null;
  /** The written version's endDate: as given, or where the next version starts. */
  endDate: string | null;
  /** Fits the neighbours to the version written (the earlier one ends where it starts, the later one names it). */
  apply(trx: Trx, tariffId: number): Promise<void>;
}

/**
 * Places `span` among `others` (the tariff's other versions, oldest first). `rewritten`: the version's stored dates
 * when it is rewritten (PUT), so that the earlier version it closed is recognised and the neighbours stay the same.
 */
export function placeVersion(
  others: readonly StoredVersion[],
  span: VersionSpan,
  rewritten?: { effectiveDate: string },
): Placing {
  const { effectiveDate } = span;
  const same = others.find((o) => o.effective_date === effectiveDate);
  if (same)
    throw invalidArgument(
      'effectiveDate',
      effectiveDate,
      `Version ${same.tariff_id} of this tariff takes effect on ${effectiveDate}: versions do not overlap (PUT /rest/beta/tariffs/${same.tariff_id} replaces it)`,
    );
  const earlier = others.filter((o) => o.effective_date < effectiveDate);
  const later = others.filter((o) => o.effective_date > effectiveDate);
  const prev = earlier.at(-1) ?? null;
  const next = later[0] ?? null;
  if (rewritten) {
    const wasPrev = others.filter((o) => o.effective_date < rewritten.effectiveDate).at(-1) ?? null;
    const wasNext = others.find((o) => o.effective_date > rewritten.effectiveDate) ?? null;
    if (wasPrev?.tariff_id !== prev?.tariff_id || wasNext?.tariff_id !== next?.tariff_id)
      throw invalidArgument(
        'effectiveDate',
        effectiveDate,
        'A version rewritten keeps its place among the tariff’s versions: this date moves it past another (delete it and add a new one)',
      );
  }
  // An earlier version reaching past this one's start: open (or closed by this very version) it is closed here;
  // otherwise the two would overlap.
  const closedByThis = (o: StoredVersion) => rewritten !== undefined && o.end_date === rewritten.effectiveDate;
  const closes = prev !== null && (prev.end_date === null || closedByThis(prev) || prev.end_date > effectiveDate);
  for (const o of earlier) {
    const reaches = o.end_date === null || o.end_date > effectiveDate;
    if (reaches && (o !== prev || (o.end_date !== null && !closedByThis(o))))
      throw invalidArgument(
        'effectiveDate',
        effectiveDate,
        `Version ${o.tariff_id} of this tariff is in effect from ${o.effective_date} to ${o.end_date ?? 'open'}: versions do not overlap`,
      );
  }
  let endDate = span.endDate;
  if (next !== null) {
    if (endDate === null) endDate = next.effective_date;
    else if (endDate > next.effective_date)
      throw invalidArgument(
        'endDate',
        endDate,
        `Version ${next.tariff_id} of this tariff takes effect on ${next.effective_date}: this version ends by then (versions do not overlap)`,
      );
  }
  return {
    priorTariffId: prev?.tariff_id ?? null,
    endDate,
    async apply(trx, tariffId) {
      if (prev !== null && closes && prev.end_date !== effectiveDate)
        await trx
          .updateTable('tariffs')
          .set({ end_date: effectiveDate })
          .where('tariff_id', '=', prev.tariff_id)
          .execute();
      if (next !== null && next.prior_tariff_id !== tariffId)
        await trx
          .updateTable('tariffs')
          .set({ prior_tariff_id: tariffId })
          .where('tariff_id', '=', next.tariff_id)
          .execute();
    },
  };
}

/**
 * Before a version is deleted: the version it closed reaches as far as it did (to the next version's start, or open
 * when it was the latest), and the next version names that one as its prior.
 */
export async function removeVersion(
  trx: Trx,
  version: { tariff_id: number; master_tariff_id: number; effective_date: string; end_date: string | null },
): Promise<void> {
  const others = await trx
    .selectFrom('tariffs')
    .select(['tariff_id', 'effective_date', 'end_date'])
    .where('master_tariff_id', '=', version.master_tariff_id)
    .where('tariff_id', '!=', version.tariff_id)
    .orderBy('effective_date')
    .execute();
  const prev = others.filter((o) => o.effective_date < version.effective_date).at(-1);
  const next = others.find((o) => o.effective_date > version.effective_date);
  if (prev && prev.end_date === version.effective_date)
    await trx
      .updateTable('tariffs')
      .set({ end_date: version.end_date })
      .where('tariff_id', '=', prev.tariff_id)
      .execute();
  if (next)
    await trx
      .updateTable('tariffs')
      .set({ prior_tariff_id: prev?.tariff_id ?? null })
      .where('tariff_id', '=', next.tariff_id)
      .execute();
}
