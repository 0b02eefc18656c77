// Utility taxes (spec section "Utility taxes"), for the signal tier only.
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { UtilityTaxListQuery, UtilityTaxParams, UtilityTaxSchema } from './utility-taxes.schemas.ts';
import type { UtilityTaxesService } from './utility-taxes.service.ts';

const tags = ['Utility taxes'];
const TYPE = 'UtilityTax';
const config = { tier: 'signal' as const };
const listRules = {
  searchable: ['utilityTaxId', 'taxName', 'rateName', 'location'],
  defaultSearchOn: ['taxName'],
  sortable: [
    'utilityTaxId',
    'taxName',
    'rateName',
    'rateAmountElectricity',
    'rateAmountGas',
    'fromDateTime',
    'toDateTime',
  ],
  defaultSort: [{ field: 'utilityTaxId', descending: false }],
};

export function utilityTaxesRoutes(service: UtilityTaxesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/utilitytaxes',
      {
        config,
        schema: {
          tags,
          summary: 'Utility taxes (signal tier)',
          querystring: UtilityTaxListQuery,
          response: responses(UtilityTaxSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options);
        return page(TYPE, rows, total, options.paging);
      },
    );
    app.get(
      '/rest/v1/utilitytaxes/:utilityTaxId',
      {
        config,
        schema: {
          tags,
          summary: 'One utility tax (signal tier)',
          params: UtilityTaxParams,
          response: responses(UtilityTaxSchema),
        },
      },
      async (request) => single(TYPE, await service.get(request.params.utilityTaxId)),
    );
  };
}
