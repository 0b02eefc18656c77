// Tariff documents: the list, one by id, and each tariff version's documents (populateDocuments on the tariffs).
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import { DOCUMENT_TYPES } from '../../domain/documents/document-writer.ts';
import { DocumentsRepository, toDocument, type Document } from './documents.repository.ts';
import {
  SEARCH_KEYS,
  type DocumentListQuery,
  type DocumentOneQuery,
  type TariffDocumentSchema,
} from './documents.schemas.ts';

type TariffDocument = Static<typeof TariffDocumentSchema>;

export class DocumentsService {
  readonly repo: DocumentsRepository;

  constructor(db: Db) {
    this.repo = new DocumentsRepository(db);
  }

  async list(p: Static<typeof DocumentListQuery>, options: ListOptions): Promise<{ rows: Document[]; total: number }> {
    const documentTypes = enumList('documentTypes', p.documentTypes, DOCUMENT_TYPES);
    const { rows, total } = await this.repo.list(
      { lseId: p.lseId, masterTariffId: p.masterTariffId, tariffId: p.tariffId, documentTypes },
      options,
    );
    const covered = await this.repo.coveredTariffs(rows.map((r) => r.document_id));
    return { rows: rows.map((r) => ({ ...toDocument(r), tariffs: covered.get(r.document_id) ?? [] })), total };
  }

  async get(documentId: number, p: Static<typeof DocumentOneQuery>): Promise<Document> {
    const searchKey = enumValue('searchKey', p.searchKey, SEARCH_KEYS) ?? 'documentId';
    // No sections or prior documents are held: an id of either names nothing.
    if (searchKey !== 'documentId') throw notFound('Document', searchKey, documentId);
    const row = await this.repo.find(documentId);
    if (!row) throw notFound('Document', 'documentId', documentId);
    const covered = await this.repo.coveredTariffs([documentId]);
    const document: Document = { ...toDocument(row), tariffs: covered.get(documentId) ?? [] };
    if (p.populateSections || p.populateDocumentSections) document.sections = [];
    return document;
  }

  /** Each version's documents as the original's Tariff.documents[] (empty for a version with none). */
  async ofTariffs(tariffIds: number[]): Promise<Map<number, TariffDocument[]>> {
    const byTariff = await this.repo.ofTariffs(tariffIds);
    return new Map(
      tariffIds.map((id) => [
        id,
        (byTariff.get(id) ?? []).map((document) => ({
          tariffId: id,
          documentId: document.documentId,
          documentSectionId: null,
          document,
        })),
      ]),
    );
  }
}
