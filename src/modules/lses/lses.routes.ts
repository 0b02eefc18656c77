// Load serving entities (spec section "Load serving entities").
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { isExt, parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { toLse } from './lses.repository.ts';
import { LseListQuery, LseOneQuery, LseParams, LseSchema } from './lses.schemas.ts';
import type { LsesService } from './lses.service.ts';

const tags = ['Load serving entities'];
const TYPE = 'LoadServingEntity';
const listRules = {
  searchable: ['name', 'code', 'lseId', 'websiteHome'],
  defaultSearchOn: ['name'],
  sortable: ['lseId', 'name', 'code', 'ownership', 'offeringType'],
  defaultSort: [{ field: 'lseId', descending: false }],
} as const;

export function lsesRoutes(service: LsesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/lses',
      {
        schema: {
          tags,
          summary: 'LSEs, by name, location, ownership and service types',
          querystring: LseListQuery,
          response: responses(LseSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options);
        return page(
          TYPE,
          rows.map((r) => toLse(r, options.ext)),
          total,
          options.paging,
        );
      },
    );
    app.get(
      '/rest/public/lses/:lseId',
      {
        schema: {
          tags,
          summary: 'One LSE',
          params: LseParams,
          querystring: LseOneQuery,
          response: responses(LseSchema),
        },
      },
      async (request) => single(TYPE, toLse(await service.get(request.params.lseId), isExt(request.query.fields))),
    );
  };
}
