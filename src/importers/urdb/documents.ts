// The documents a URDB record names: the record itself (uri), the rate sheet it was read from (source, when it is a
// URL; URDB often holds a name there instead) and the utility's page listing its rates (sourceparent).
import { isHttpUrl } from '../../domain/documents/document-key.ts';
import type { DocumentInput } from '../../domain/documents/document-writer.ts';
import type { ConvertedTariff } from './convert.ts';

export function urdbDocuments(record: Record<string, unknown>, t: ConvertedTariff, lseId: number): DocumentInput[] {
  const who = t.utility ?? (t.eiaid === null ? 'Utility' : `EIA utility ${t.eiaid}`);
  const docs: DocumentInput[] = [];
  if (isHttpUrl(record.uri)) {
    docs.push({
      title: `OpenEI URDB record ${t.key}: ${who}, ${t.tariffName}`,
      url: record.uri,
      type: 'URDB_RECORD',
      lseId,
      effectiveDate: t.effectiveDate,
      origin: 'urdb',
    });
  }
  if (isHttpUrl(record.source)) {
    docs.push({
      title: `${who}: ${t.tariffName}, rate sheet (source of URDB record ${t.key})`,
      url: record.source,
      type: 'RATE_SHEET',
      lseId,
      effectiveDate: t.effectiveDate,
      origin: 'urdb',
    });
  }
  if (isHttpUrl(record.sourceparent)) {
    // A page listing the utility's rates is no one version's: it has no effective date.
    docs.push({
      title: `${who}: rates and tariffs page`,
      url: record.sourceparent,
      type: 'RATE_INDEX',
      lseId,
      effectiveDate: null,
      origin: 'urdb',
    });
  }
  return docs;
}
