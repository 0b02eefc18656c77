// GET .../calculate/history/requests/{requestId} and .../responses/{requestId}: under /rest/beta as every Ratebook
// operation is under /rest, and under /beta as the original's clients call them (its TypeScript SDK asks for
// `/beta/calculate/history/...` from the host, beside `/rest/v1/...` for everything else).
import type { App } from '../../http/fastify-types.ts';
import { historyResponses, HistoryParams, RequestAnswerSchema, ResponseAnswerSchema } from './history.schemas.ts';
import type { HistoryService } from './history.service.ts';

export const HISTORY_PREFIXES = ['/rest/beta/calculate/history', '/beta/calculate/history'] as const;

const tags = ['Calculation history'];
// Every calculation needs signal at least; a record of a mass calculation also needs enterprise (checked on reading).
const config = { tier: 'signal' as const };
// A string with a JSON content type is sent as it is (the schemas above only document the shape).
const JSON_TYPE = 'application/json; charset=utf-8';

export function historyRoutes(service: HistoryService) {
  return async (app: App): Promise<void> => {
    for (const prefix of HISTORY_PREFIXES) {
      const also = prefix.startsWith('/rest') ? '' : " (the path the original API's clients use)";
      app.get(
        `${prefix}/requests/:requestId`,
        {
          config,
          schema: {
            tags,
            summary: `The request of a calculation, as received, by the requestId of its answer${also}`,
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
        `${prefix}/responses/:requestId`,
        {
          config,
          schema: {
            tags,
            summary: `The answer of a calculation, as sent, by its requestId${also}`,
            params: HistoryParams,
            response: historyResponses(ResponseAnswerSchema),
          },
        },
        async (request, reply) => {
          const text = await service.responseAnswer(request.params.requestId, request.principal!);
          return reply.type(JSON_TYPE).send(text as never);
        },
      );
    }
  };
}
