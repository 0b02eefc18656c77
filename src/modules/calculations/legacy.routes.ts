// The original API's older calculate operation (Genability "Calculate", /rest/public/calculate/{masterTariffId}) for
// older clients: POST with the v1 body, GET with flat query parameters. Both answer what POST
// /rest/v1/ondemand/calculate answers (type CalculatedCost, signal tier), from the same service.
import { randomUUID } from 'node:crypto';
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { isExt } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { CalculatedCostSchema } from './calculations.schemas.ts';
import type { CalculationsService } from './calculations.service.ts';
import {
  LegacyCalculateBody,
  LegacyCalculateOptions,
  LegacyCalculateParams,
  LegacyCalculateQuery,
} from './legacy.schemas.ts';
import { LegacyCalculations } from './legacy.service.ts';

const tags = ['Calculation'];
const config = { tier: 'signal' as const, history: 'single' as const };

export function legacyCalculateRoutes(calculations: CalculationsService) {
  const legacy = new LegacyCalculations(calculations);
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/calculate/:masterTariffId',
      {
        config,
        schema: {
          tags,
          summary: 'Older form of the calculation: one scenario from query parameters (signal tier)',
          params: LegacyCalculateParams,
          querystring: LegacyCalculateQuery,
          response: responses(CalculatedCostSchema),
        },
      },
      async (request) => ({
        ...single(
          'CalculatedCost',
          await legacy.fromQuery(
            request.params.masterTariffId,
            request.query,
            request.principal!.orgId,
            isExt(request.query.fields),
          ),
        ),
        requestId: randomUUID(),
      }),
    );
    app.post(
      '/rest/public/calculate/:masterTariffId',
      {
        config,
        schema: {
          tags,
          summary: 'Older form of the calculation: the on-demand body, the tariff in the path (signal tier)',
          params: LegacyCalculateParams,
          body: LegacyCalculateBody,
          querystring: LegacyCalculateOptions,
          response: responses(CalculatedCostSchema),
        },
      },
      async (request) => ({
        ...single(
          'CalculatedCost',
          await legacy.fromBody(
            request.params.masterTariffId,
            request.body,
            request.principal!.orgId,
            isExt(request.query.fields),
          ),
        ),
        requestId: randomUUID(),
      }),
    );
  };
}
