// Tariffs (the original API's tariff operations; see ../shared/reference/NOTES.md for the model).
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { TariffHistorySchema, TariffListQuery, TariffOneQuery, TariffParams, TariffSchema } from './tariffs.schemas.ts';
import type { TariffsService } from './tariffs.service.ts';
import { refuseUnknownQuery } from './known-parameters.ts';

const tags = ['Tariffs'];
const listRules = {
  searchable: ['tariffName', 'tariffCode', 'tariffBookName', 'lseName'],
  defaultSearchOn: ['tariffName'],
  sortable: ['tariffId', 'masterTariffId', 'tariffName', 'tariffCode', 'lseId', 'lseName', 'effectiveDate', 'customerClass', 'tariffType', 'customerLikelihood'],
  defaultSort: [{ field: 'masterTariffId', descending: false }],
};

export function tariffsRoutes(service: TariffsService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/tariffs',
      {
        schema: {
          tags,
          summary: 'Tariffs: the version of each in effect on a date, or every version in a range',
          description:
            'Every filter given holds at once. A query parameter not listed here is a 400 naming it (appId and appKey, which older clients send, are let through; credentials are read from HTTP Basic only).',
          querystring: TariffListQuery,
          response: responses(TariffSchema),
        },
        preValidation: refuseUnknownQuery(TariffListQuery),
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options, { orgId: request.principal?.orgId ?? null });
        return page('Tariff', rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/tariffs/:masterTariffId',
      { schema: { tags, summary: 'One tariff: the version in effect on effectiveOn (default today)', params: TariffParams, querystring: TariffOneQuery, response: responses(TariffSchema) } },
      async (request) => single('Tariff', await service.get(request.params.masterTariffId, request.query)),
    );
    app.get(
      '/rest/public/tariffs/:masterTariffId/history',
      { schema: { tags, summary: 'Every version of a tariff, its rider versions and the lookups its rates name', params: TariffParams, response: responses(TariffHistorySchema) } },
      async (request) => single('TariffHistory', await service.history(request.params.masterTariffId)),
    );
  };
}
