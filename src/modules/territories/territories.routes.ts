// Territories (spec section "Territories").
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { TerritoryListQuery, TerritoryOneQuery, TerritoryParams, TerritorySchema } from './territories.schemas.ts';
import type { TerritoriesService } from './territories.service.ts';

const tags = ['Territories'];
const TYPE = 'Territory';
const listRules = {
  searchable: ['territoryName', 'territoryId', 'lseName', 'lseId', 'usageType', 'itemTypes'],
  defaultSearchOn: ['territoryName'],
  sortable: ['territoryId', 'territoryName', 'lseId', 'lseName', 'usageType', 'itemTypes'],
  defaultSort: [{ field: 'territoryId', descending: false }],
};

export function territoriesRoutes(service: TerritoriesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/territories',
      {
        schema: {
          tags,
          summary: 'Territories, by location, LSE, usage type or contained item',
          querystring: TerritoryListQuery,
          response: responses(TerritorySchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options, request.principal?.orgId ?? null);
        return page(TYPE, rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/territories/:territoryId',
      {
        schema: {
          tags,
          summary: 'One territory; paging, search and sort apply to its territoryLses',
          params: TerritoryParams,
          querystring: TerritoryOneQuery,
          response: responses(TerritorySchema),
        },
      },
      async (request) => single(TYPE, await service.get(request.params.territoryId, request.query)),
    );
  };
}
