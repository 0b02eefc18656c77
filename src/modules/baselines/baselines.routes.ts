// Typical baselines (spec "Typical baselines"): the best typical hourly profile for a place and building type.
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import { BaselineBestQuery, BaselineSchema } from './baselines.schemas.ts';
import type { BaselinesService } from './baselines.service.ts';

export function baselinesRoutes(service: BaselinesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/typicals/baselines/best',
      { schema: { tags: ['Typical baselines'], summary: 'The best typical baseline for a place and building type', querystring: BaselineBestQuery, response: responses(BaselineSchema) } },
      async (request) => single('Baseline', await service.best(request.query)),
    );
  };
}
