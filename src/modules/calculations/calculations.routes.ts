// On-demand calculation (spec "Mass calculation"): one scenario for the signal tier, up to twenty for enterprise.
import { randomUUID } from 'node:crypto';
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { isExt } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  CalculateBody,
  CalculatedCostSchema,
  CalculateQuery,
  MassBody,
  MassCalculationSchema,
} from './calculations.schemas.ts';
import type { CalculationsService } from './calculations.service.ts';

const tags = ['Calculation'];

export function calculationsRoutes(service: CalculationsService) {
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/v1/ondemand/calculate',
      {
        config: { tier: 'signal', history: 'single' },
        schema: {
          tags,
          summary: 'Calculate the cost of one scenario on a tariff (signal tier)',
          body: CalculateBody,
          querystring: CalculateQuery,
          response: responses(CalculatedCostSchema),
        },
      },
      async (request) => ({
        ...single(
          'CalculatedCost',
          await service.calculate(request.body, request.principal!.orgId, isExt(request.query.fields)),
        ),
        requestId: randomUUID(),
      }),
    );
    app.post(
      '/rest/v1/ondemand/calculate/mass',
      {
        config: { tier: 'enterprise', history: 'mass' },
        schema: {
          tags,
          summary: 'Calculate up to 20 scenarios in one request (enterprise tier)',
          body: MassBody,
          querystring: CalculateQuery,
          response: responses(MassCalculationSchema),
        },
      },
      async (request) => ({
        ...single(
          'MassCalculation',
          await service.mass(request.body, request.principal!.orgId, isExt(request.query.fields)),
        ),
        requestId: randomUUID(),
      }),
    );
  };
}
