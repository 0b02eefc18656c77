// Typical buildings (spec "Typical buildings (deprecated)"): archetype buildings over the typical load profiles.
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  BuildingBestQuery,
  BuildingGetQuery,
  BuildingListQuery,
  BuildingParams,
  BuildingSchema,
} from './buildings.schemas.ts';
import type { BuildingsService } from './buildings.service.ts';

const tags = ['Typical buildings (deprecated)'];
const TYPE = 'Building';

export function buildingsRoutes(service: BuildingsService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/typicals/buildings',
      {
        schema: {
          tags,
          summary: 'Typical buildings (deprecated interface)',
          querystring: BuildingListQuery,
          response: responses(BuildingSchema),
        },
      },
      async (request) => {
        const { rows, total, paging } = await service.list(request.query, request.principal?.orgId ?? null);
        return page(TYPE, rows, total, paging);
      },
    );
    app.get(
      '/rest/v1/typicals/buildings/best',
      {
        schema: {
          tags,
          summary: 'The best-fitting typical building (deprecated interface)',
          querystring: BuildingBestQuery,
          response: responses(BuildingSchema),
        },
      },
      async (request) => single(TYPE, await service.best(request.query, request.principal?.orgId ?? null)),
    );
    app.get(
      '/rest/v1/typicals/buildings/:accountId',
      {
        schema: {
          tags,
          summary: 'One typical building (deprecated interface)',
          params: BuildingParams,
          querystring: BuildingGetQuery,
          response: responses(BuildingSchema),
        },
      },
      async (request) => single(TYPE, await service.get(request.params.accountId, request.query)),
    );
  };
}
