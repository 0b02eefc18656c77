// Documents in SQL, mapped to the API's field names in one place.
import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { runPagedQuery } from '../../http/sql-list.ts';
import type { CoveredTariffSchema, DocumentSchema } from './documents.schemas.ts';

export type Document = Static<typeof DocumentSchema>;
type CoveredTariff = Static<typeof CoveredTariffSchema>;

export interface DocumentRow {
  document_id: number;
  document_title: string;
  source_url: string;
  source_content_type: string | null;
  document_type: string;
  lse_id: number | null;
  lse_name: string | null;
  effective_date: string | null;
}

export const DOCUMENT_COLUMNS = {
  documentId: 'd.document_id',
  documentTitle: 'd.document_title',
  sourceUrl: 'd.source_url',
  documentType: 'd.document_type',
  effectiveDate: 'd.effective_date',
  lseId: 'd.lse_id',
  lseName: 'l.name',
};

export function toDocument(r: DocumentRow): Document {
  return {
    documentId: r.document_id,
    documentTitle: r.document_title,
    sourceUrl: r.source_url,
    sourceContentType: r.source_content_type,
    lseId: r.lse_id,
    lseName: r.lse_name,
    sequenceNumber: null,
    documentType: r.document_type,
    effectiveDate: r.effective_date,
  };
}

export interface DocumentFilters {
  lseId?: number;
  masterTariffId?: number;
  tariffId?: number;
  documentTypes?: string[];
}

/** Versions a document lists as covered: any but PRIVATE ones, which belong to an organization (see tariffs.service.ts). */
const LISTED_PRIVACY = ['PUBLIC', 'UNLISTED'];
/** Ids per statement: both engines' parameter limits stay far away. */
const CHUNK = 500;

export class DocumentsRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db.kysely.selectFrom('documents as d').leftJoin('lses as l', 'l.lse_id', 'd.lse_id');
  }

  private select<Q extends ReturnType<DocumentsRepository['base']>>(q: Q) {
    return q.select([
      'd.document_id',
      'd.document_title',
      'd.source_url',
      'd.source_content_type',
      'd.document_type',
      'd.lse_id',
      'l.name as lse_name',
      'd.effective_date',
    ]);
  }

  find(documentId: number): Promise<DocumentRow | undefined> {
    return this.select(this.base()).where('d.document_id', '=', documentId).executeTakeFirst();
  }

  list(f: DocumentFilters, options: ListOptions) {
    let q = this.base();
    if (f.lseId !== undefined) q = q.where('d.lse_id', '=', f.lseId);
    if (f.documentTypes?.length) q = q.where('d.document_type', 'in', f.documentTypes);
    if (f.tariffId !== undefined || f.masterTariffId !== undefined) {
      let covering = this.db.kysely
        .selectFrom('tariff_documents as td')
        .innerJoin('tariffs as t', 't.tariff_id', 'td.tariff_id')
        .select('td.document_id');
      if (f.tariffId !== undefined) covering = covering.where('t.tariff_id', '=', f.tariffId);
      if (f.masterTariffId !== undefined) covering = covering.where('t.master_tariff_id', '=', f.masterTariffId);
      q = q.where('d.document_id', 'in', covering);
    }
    return runPagedQuery<DocumentRow>(
      this.db.dialect,
      q,
      (qb) => this.select(qb as ReturnType<DocumentsRepository['base']>),
      options,
      DOCUMENT_COLUMNS,
      'd.document_id',
    );
  }

  /** The versions each document covers, by document, in masterTariffId and effective-date order. */
  async coveredTariffs(documentIds: number[]): Promise<Map<number, CoveredTariff[]>> {
    const out = new Map<number, CoveredTariff[]>(documentIds.map((id) => [id, []]));
    for (let i = 0; i < documentIds.length; i += CHUNK) {
      const rows = await this.db.kysely
        .selectFrom('tariff_documents as td')
        .innerJoin('tariffs as t', 't.tariff_id', 'td.tariff_id')
        .select([
          'td.document_id',
          't.tariff_id',
          't.master_tariff_id',
          't.tariff_code',
          't.tariff_name',
          't.effective_date',
        ])
        .where('td.document_id', 'in', documentIds.slice(i, i + CHUNK))
        .where('t.privacy', 'in', LISTED_PRIVACY)
        .orderBy('t.master_tariff_id')
        .orderBy('t.effective_date')
        .orderBy('t.tariff_id')
        .execute();
      for (const r of rows)
        out.get(r.document_id)!.push({
          tariffId: r.tariff_id,
          masterTariffId: r.master_tariff_id,
          tariffCode: r.tariff_code,
          tariffName: r.tariff_name,
          effectiveDate: r.effective_date,
        });
    }
    return out;
  }

  /** The documents of each tariff version, by tariffId, in effective-date then id order. */
  async ofTariffs(tariffIds: number[]): Promise<Map<number, Document[]>> {
    const out = new Map<number, Document[]>();
    for (let i = 0; i < tariffIds.length; i += CHUNK) {
      const rows = await this.select(this.base())
        .innerJoin('tariff_documents as td', 'td.document_id', 'd.document_id')
        .select('td.tariff_id')
        .where('td.tariff_id', 'in', tariffIds.slice(i, i + CHUNK))
        .orderBy('td.tariff_id')
        // Undated documents first in both engines (their null orders differ).
        .orderBy(sql`coalesce(d.effective_date, '')`)
        .orderBy('d.document_id')
        .execute();
      for (const r of rows) (out.get(r.tariff_id) ?? out.set(r.tariff_id, []).get(r.tariff_id)!).push(toDocument(r));
    }
    return out;
  }
}
