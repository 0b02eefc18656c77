// Typical baselines (spec "Typical baselines"): the best typical hourly profile for a place and building type.
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { baselineAnswerJson } from './baseline-answers.ts';
import { BaselineBestQuery, BaselineSchema } from './baselines.schemas.ts';
import type { Baseline, BaselinesService } from './baselines.service.ts';
import type { SuccessEnvelope } from '../../http/envelope.ts';

export function baselinesRoutes(service: BaselinesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/typicals/baselines/best',
      {
        schema: {
          tags: ['Typical baselines'],
          summary: 'The best typical baseline for a place and building type',
          querystring: BaselineBestQuery,
          response: responses(BaselineSchema),
        },
      },
      async (request, reply) => {
        // Written by hand, not by the schema's serializer: a year of measures and intervals is 2 MB (baseline-json.ts),
        // and kept for the same request (baseline-answers.ts). Bytes with a JSON content type are sent as they are; the
        // schema still documents the shape (and the tests hold the bytes to it), so the type provider is told the
        // bytes are that shape.
        const json = baselineAnswerJson(await service.best(request.query)) as unknown as SuccessEnvelope<Baseline>;
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  };
}
