// GET /rest/beta/calculate/history/requests/{requestId} and .../responses/{requestId}. The original's TypeScript SDK
// asks for `/beta/calculate/history/...` without the /rest prefix: src/http/rest-prefix.ts routes that spelling here.
import type { App } from '../../http/fastify-types.ts';
import { historyResponses, HistoryParams, RequestAnswerSchema, ResponseAnswerSchema } from './history.schemas.ts';
import type { HistoryService } from './history.service.ts';

const PREFIX = '/rest/beta/calculate/history';

const tags = ['Calculation history'];
// Every calculation needs signal at least; a record of a mass calculation also needs enterprise (checked on reading).
const config = { tier: 'signal' as const };
// A string with a JSON content type is sent as it is (the schemas above only document the shape).
const JSON_TYPE = 'application/json; charset=utf-8';

export function historyRoutes(service: HistoryService) {
  return async (app: App): Promise<void> => {
    app.get(
      `${PREFIX}/requests/:requestId`,
      {
        config,
        schema: {
          tags,
          summary: `The request of a calculation, as received, by the requestId of its answer`,
          params: HistoryParams,
          response: historyResponses(RequestAnswerSchema),
        },
      },
      async (request, reply) => {
        const text = await service.requestAnswer(request.params.requestId, request.principal!);
        return reply.type(JSON_TYPE).send(text as never);
      },
    );
    app.get(
      `${PREFIX}/responses/:requestId`,
      {
        config,
        schema: {
          tags,
          summary: `The answer of a calculation, as sent, by its requestId`,
          params: HistoryParams,
          response: historyResponses(ResponseAnswerSchema),
        },
      },
      async (request, reply) => {
        const text = await service.responseAnswer(request.params.requestId, request.principal!);
        return reply.type(JSON_TYPE).send(text as never);
      },
    );
  };
}
