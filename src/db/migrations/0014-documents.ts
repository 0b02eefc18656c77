// Tariff documents: the rate sheets, advice letters, URDB records and other public documents a tariff version's
// figures come from, each once (by document_key), linked to the versions they cover. Public reference data, as tariffs.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export const documents = (_dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('documents')
      .addColumn('document_id', 'integer', (c) => c.primaryKey())
      // What makes two references the same document (see src/domain/documents/document-key.ts): a re-import finds it by this.
      .addColumn('document_key', 'text', (c) => c.notNull().unique())
      .addColumn('document_title', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text', (c) => c.notNull())
      .addColumn('source_content_type', 'text')
      // RATE_SHEET, ADVICE_LETTER, URDB_RECORD, RATE_INDEX, FILING, WEB_PAGE, ARTICLE.
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('lse_id', 'integer', (c) => c.references('lses.lse_id').onDelete('set null'))
      // Local date the document (its figures) took effect, YYYY-MM-DD; null when the source does not say.
      .addColumn('effective_date', 'text')
      // Where the record came from: starter, urdb, tariff-json.
      .addColumn('origin', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('documents_lse_idx').on('documents').column('lse_id').execute();
    await db.schema
      .createTable('tariff_documents')
      .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.tariff_id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.document_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('tariff_documents_pk', ['tariff_id', 'document_id'])
      .execute();
    await db.schema.createIndex('tariff_documents_document_idx').on('tariff_documents').column('document_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('tariff_documents').execute();
    await db.schema.dropTable('documents').execute();
  },
});
