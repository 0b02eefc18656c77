// Stores documents and links them to tariff versions, inside the caller's transaction: by document_key, so writing the
// same document again (a re-import, a re-seed) finds the stored one instead of adding a duplicate.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contentTypeOf, documentKey } from './document-key.ts';

export const DOCUMENT_TYPES = [
  'RATE_SHEET',
  'ADVICE_LETTER',
  'URDB_RECORD',
  'RATE_INDEX',
  'FILING',
  'WEB_PAGE',
  'ARTICLE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface DocumentInput {
  /** An id to keep (the starter data's own, or the original API's); taken only when free. */
  documentId?: number;
  /** Defaults to documentKey(url); a document kept inside a page (a tariff book's PDF) names its own. */
  key?: string;
  title: string;
  url: string;
  contentType?: string | null;
  type: DocumentType;
  lseId: number | null;
  effectiveDate: string | null;
  origin: 'starter' | 'urdb' | 'tariff-json';
}

/** Ids of documents of our making, as with imported tariffs: above the starter data's. */
const FIRST_IMPORTED_ID = 20_000_001;
type Trx = Transaction<Database>;

/**
 * Stores each document (once, by key) and links it to the tariff version. A stored document is rewritten only by the
 * origin that wrote it (a URDB import does not retitle the starter data's record of the same URDB page). Returns the
 * ids linked.
 */
export async function attachDocuments(trx: Trx, tariffId: number, docs: readonly DocumentInput[]): Promise<number[]> {
  const linked: number[] = [];
  for (const d of docs) {
    const documentId = await storeDocument(trx, d);
    if (linked.includes(documentId)) continue;
    linked.push(documentId);
    const link = await trx
      .selectFrom('tariff_documents')
      .select('document_id')
      .where('tariff_id', '=', tariffId)
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    if (!link)
      await trx.insertInto('tariff_documents').values({ tariff_id: tariffId, document_id: documentId }).execute();
  }
  return linked;
}

async function storeDocument(trx: Trx, d: DocumentInput): Promise<number> {
  const key = d.key ?? documentKey(d.url);
  const values = {
    document_title: d.title.slice(0, 500),
    source_url: d.url.trim(),
    source_content_type: d.contentType ?? contentTypeOf(d.url),
    document_type: d.type,
    lse_id: d.lseId,
    effective_date: d.effectiveDate,
    origin: d.origin,
  };
  const stored = await trx
    .selectFrom('documents')
    .select(['document_id', 'origin'])
    .where('document_key', '=', key)
    .executeTakeFirst();
  if (stored) {
    if (stored.origin === d.origin)
      await trx.updateTable('documents').set(values).where('document_id', '=', stored.document_id).execute();
    return stored.document_id;
  }
  const wanted =
    d.documentId !== undefined &&
    !(await trx
      .selectFrom('documents')
      .select('document_id')
      .where('document_id', '=', d.documentId)
      .executeTakeFirst())
      ? d.documentId
      : undefined;
  const documentId = wanted ?? (await nextDocumentId(trx));
  await trx
    .insertInto('documents')
    .values({ document_id: documentId, document_key: key, ...values })
    .execute();
  return documentId;
}

async function nextDocumentId(trx: Trx): Promise<number> {
  const row = await trx
    .selectFrom('documents')
    .select((eb) => eb.fn.max('document_id').as('m'))
    .executeTakeFirst();
  return Math.max(Number(row?.m ?? 0) + 1, FIRST_IMPORTED_ID);
}
