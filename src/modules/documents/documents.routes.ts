// Tariff documents (the original's GET /rest/v1/documents and /rest/v1/documents/{documentId}; not in the spec, whose
// Tariff names `documents[]`): public reference data like the tariffs, behind the same credentials.
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { DocumentListQuery, DocumentOneQuery, DocumentParams, DocumentSchema } from './documents.schemas.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['Tariff documents'];
const TYPE = 'Document';
/** The original's clients call /rest/v1/documents; /rest/public/documents sits beside the other reference data. */
export const DOCUMENT_PREFIXES = ['/rest/v1/documents', '/rest/public/documents'] as const;
const listRules = {
  searchable: ['documentTitle', 'sourceUrl', 'documentType', 'lseName'],
  defaultSearchOn: ['documentTitle'],
  sortable: ['documentId', 'documentTitle', 'effectiveDate', 'lseId', 'documentType'],
  defaultSort: [{ field: 'documentId', descending: false }],
};

export function documentsRoutes(service: DocumentsService) {
  return async (app: App): Promise<void> => {
    for (const prefix of DOCUMENT_PREFIXES) {
      app.get(
        prefix,
        {
          schema: {
            tags,
            summary:
              'Tariff documents (rate sheets, advice letters, URDB records), with the tariff versions each covers',
            querystring: DocumentListQuery,
            response: responses(DocumentSchema),
          },
        },
        async (request) => {
          const options = parseListOptions(request.query, listRules);
          const { rows, total } = await service.list(request.query, options);
          return page(TYPE, rows, total, options.paging);
        },
      );
      app.get(
        `${prefix}/:documentId`,
        {
          schema: {
            tags,
            summary: 'One tariff document',
            params: DocumentParams,
            querystring: DocumentOneQuery,
            response: responses(DocumentSchema),
          },
        },
        async (request) => single(TYPE, await service.get(request.params.documentId, request.query)),
      );
    }
  };
}
