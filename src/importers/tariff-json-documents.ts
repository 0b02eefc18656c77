// The documents of a tariff in the original API's JSON: its `documents` list of TariffDocument entries
// ({tariffId, documentId, documentSectionId, document: {documentId, documentTitle, sourceUrl, ...}}), a bare Document
// accepted in place of an entry. The original's documentId is kept when free. An entry without an http(s) sourceUrl
// (or archiveUrl) names nothing Ratebook can point to and is left out; the tariff is imported all the same.
import { isHttpUrl, urdbRecordId } from '../domain/documents/document-key.ts';
import type { DocumentInput, DocumentType } from '../domain/documents/document-writer.ts';
import { isObject, positiveId } from './json-values.ts';

type Json = Record<string, unknown>;

/** The original's Document has no type: what its address and title say. */
function typeOf(url: string, title: string): DocumentType {
  if (urdbRecordId(url)) return 'URDB_RECORD';
  if (/advice/i.test(url) || /advice letter/i.test(title)) return 'ADVICE_LETTER';
  return 'RATE_SHEET';
}

export function tariffJsonDocuments(t: Json): DocumentInput[] {
  if (!Array.isArray(t.documents)) return [];
  const docs: DocumentInput[] = [];
  for (const entry of t.documents as unknown[]) {
    if (!isObject(entry)) continue;
    const d = isObject(entry.document) ? entry.document : entry;
    const url = [d.sourceUrl, d.archiveUrl].find(isHttpUrl);
    if (!url) continue;
    const title =
      typeof d.documentTitle === 'string' && d.documentTitle.trim()
        ? d.documentTitle.trim()
        : `Document of ${typeof t.tariffName === 'string' ? t.tariffName : `tariff ${String(t.tariffId)}`}`;
    const documentId = [d.documentId, entry.documentId].find(positiveId);
    docs.push({
      ...(documentId === undefined ? {} : { documentId }),
      title,
      url,
      contentType:
        typeof d.sourceContentType === 'string' && d.sourceContentType ? d.sourceContentType.slice(0, 200) : null,
      type: typeOf(url, title),
      lseId: positiveId(t.lseId) ? t.lseId : null,
      // The original's Document carries no date.
      effectiveDate: null,
      origin: 'tariff-json',
    });
  }
  return docs;
}
