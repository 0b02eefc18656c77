// Tariffs (the original API's tariff operations; see ../shared/reference/NOTES.md for the model).
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  TariffHistoryQuery,
  TariffHistorySchema,
  TariffListQuery,
  TariffOneQuery,
  TariffParams,
  TariffPropertiesQuery,
  TariffPropertyKeyWireSchema,
  TariffWireSchema,
} from './tariffs.schemas.ts';
import { wirePropertyKey, wireTariff } from './tariff-wire.ts';
import type { TariffsService } from './tariffs.service.ts';
import { refuseUnknownQuery } from './known-parameters.ts';

const tags = ['Tariffs'];
const listRules = {
  searchable: ['tariffName', 'tariffCode', 'tariffBookName', 'lseName'],
  defaultSearchOn: ['tariffName'],
  sortable: [
    'tariffId',
    'masterTariffId',
    'tariffName',
    'tariffCode',
    'lseId',
    'lseName',
    'effectiveDate',
    'customerClass',
    'tariffType',
    'customerLikelihood',
  ],
  defaultSort: [{ field: 'masterTariffId', descending: false }],
};

/** The organization asking: its own tariffs are visible to it alone. */
const caller = (request: { principal: { orgId: number } | null }) => ({ orgId: request.principal?.orgId ?? null });

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
          response: responses(TariffWireSchema),
        },
        preValidation: refuseUnknownQuery(TariffListQuery),
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options, caller(request));
        return page('Tariff', rows.map(wireTariff), total, options.paging);
      },
    );
    app.get(
      '/rest/public/tariffs/properties',
      {
        schema: {
          tags,
          summary:
            'The property keys a set of tariffs asks for: the questions to put to a customer before calculating on them',
          description:
            "The tariffs are those the tariff list selects with the same parameters (every matching version, not a page; masterTariffId takes a comma list here). One entry per key: the tariffs' own properties, and what their rates ask for (territoryId when rates are priced per territory, applicability keys, QUANTITY keys; with includeAll also usage and lookups), each with the masterTariffIds that ask for it. A masterTariffId that names no tariff is a 404; a query parameter not listed here is a 400 naming it.",
          querystring: TariffPropertiesQuery,
          response: responses(TariffPropertyKeyWireSchema),
        },
        preValidation: refuseUnknownQuery(TariffPropertiesQuery),
      },
      async (request) => {
        const keys = await service.propertyKeys(request.query, caller(request));
        return {
          status: 'success' as const,
          count: keys.length,
          type: 'PropertyKey',
          results: keys.map(wirePropertyKey),
        };
      },
    );
    app.get(
      '/rest/public/tariffs/:masterTariffId',
      {
        schema: {
          tags,
          summary: 'One tariff: the version in effect on effectiveOn (default today)',
          params: TariffParams,
          querystring: TariffOneQuery,
          response: responses(TariffWireSchema),
        },
      },
      async (request) =>
        single('Tariff', wireTariff(await service.get(request.params.masterTariffId, request.query, caller(request)))),
    );
    app.get(
      '/rest/public/tariffs/:masterTariffId/history',
      {
        schema: {
          tags,
          summary: 'Every version of a tariff, its rider versions and the lookups its rates name',
          params: TariffParams,
          querystring: TariffHistoryQuery,
          response: responses(TariffHistorySchema),
        },
      },
      async (request) =>
        single('TariffHistory', await service.history(request.params.masterTariffId, request.query, caller(request))),
    );
  };
}
