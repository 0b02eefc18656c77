// The original API's legacy price operation (GET /rest/public/prices/{masterTariffId}, type TariffRateSummary), for
// older clients; retired there in favour of the smart price, and answered here from it. Any authenticated caller, as
// the smart price.
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { LegacyPricesParams, LegacyPricesQuery, TariffRateSummarySchema } from './legacy-prices.schemas.ts';
import type { LegacyPricesService } from './legacy-prices.service.ts';

export function legacyPricesRoutes(service: LegacyPricesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/prices/:masterTariffId',
      {
        schema: {
          tags: ['Smart price'],
          summary:
            'Legacy prices of a tariff: the energy price at fromDateTime and each change after it (use the smart price)',
          params: LegacyPricesParams,
          querystring: LegacyPricesQuery,
          response: responses(TariffRateSummarySchema),
        },
      },
      async (request) => {
        const results = await service.summaries(request.params.masterTariffId, request.query, request.principal!.orgId);
        return { status: 'success' as const, count: results.length, type: 'TariffRateSummary', results };
      },
    );
  };
}
