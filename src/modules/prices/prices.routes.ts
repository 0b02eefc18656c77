// Smart price (spec "Smart price"): any authenticated caller; paging applies to the price changes.
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import { PriceSchema, SmartPriceQuery } from './prices.schemas.ts';
import type { PricesService } from './prices.service.ts';

export function pricesRoutes(service: PricesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/prices/smart',
      {
        schema: {
          tags: ['Smart price'],
          summary: 'Marginal energy prices over a window for a tariff or a location',
          querystring: SmartPriceQuery,
          response: responses(PriceSchema),
        },
      },
      async (request) => single('Price', await service.smart(request.query, request.principal!.orgId)),
    );
  };
}
