// Loads the starter documents and links each starter tariff version to the documents its source names. Runs after the
// tariffs seeder, and again whenever that one does: rewriting the starter versions drops their links (tariff_documents
// cascades), so this seeder's version carries the tariffs seeder's.
import type { Seeder } from './seeder.ts';
import { tariffsSeeder } from './tariffs.seeder.ts';
import { STARTER_TARIFFS } from './starter/tariffs/index.ts';
import { documentsNamedIn, STARTER_DOCUMENTS } from './starter/documents.data.ts';
import { attachDocuments } from '../domain/documents/document-writer.ts';

/** Raise when the starter documents change. */
const OWN_VERSION = 1;

export const documentsSeeder: Seeder = {
  name: 'starter-documents',
  version: tariffsSeeder.version * 1000 + OWN_VERSION,
  async run(trx) {
    const ids = STARTER_DOCUMENTS.map((d) => d.documentId);
    // Links of starter documents are rebuilt from the sources; the documents themselves are rewritten in place.
    await trx.deleteFrom('tariff_documents').where('document_id', 'in', ids).execute();
    let rows = 0;
    for (const t of STARTER_TARIFFS) {
      const named = documentsNamedIn(t.source).map((d) => ({ ...d, origin: 'starter' as const }));
      rows += (await attachDocuments(trx, t.tariffId, named)).length;
    }
    // Documents no version names any more stay out of the answers' way.
    await trx
      .deleteFrom('documents')
      .where('origin', '=', 'starter')
      .where('document_id', 'not in', trx.selectFrom('tariff_documents').select('document_id'))
      .execute();
    return rows;
  },
};
