// Property keys and lookups (spec sections "Property keys" and "Lookup").
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { isExt, parseListOptions, parsePaging } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  KeyOneQuery,
  KeyParams,
  LegacyLookupQuery,
  LegacyPropertyLookupSchema,
  LookupQuery,
  LookupStatsSchema,
  PropertyKeySchema,
  PropertyListQuery,
  PropertyLookupSchema,
  StatsQuery,
} from './properties.schemas.ts';
import type { PropertiesService } from './properties.service.ts';

const tags = ['Property keys and lookups'];
const listRules = {
  searchable: ['keyName', 'displayName', 'description', 'family', 'keyspace'],
  defaultSearchOn: ['keyName'],
  sortable: ['keyName', 'displayName', 'family', 'keyspace', 'dataType'],
  defaultSort: [{ field: 'keyName', descending: false }],
};

export function propertiesRoutes(service: PropertiesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/properties',
      {
        schema: {
          tags,
          summary: 'Property keys',
          querystring: PropertyListQuery,
          response: responses(PropertyKeySchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query, options);
        return page('PropertyKey', rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/properties/lookups',
      {
        schema: {
          tags,
          summary: 'Deprecated: lookup values of keyName (a query parameter here)',
          querystring: LegacyLookupQuery,
          response: responses(LegacyPropertyLookupSchema),
        },
      },
      async (request) => {
        const paging = parsePaging(request.query);
        const { rows, total } = await service.legacyValues(request.query, paging);
        return page(
          'PropertyLookup',
          rows.map(({ keyName, ...rest }) => ({ propertyKey: keyName, ...rest })),
          total,
          paging,
        );
      },
    );
    app.get(
      '/rest/public/properties/:keyName',
      {
        schema: {
          tags,
          summary: 'One property key',
          params: KeyParams,
          querystring: KeyOneQuery,
          response: responses(PropertyKeySchema),
        },
      },
      async (request) => single('PropertyKey', await service.get(request.params.keyName, isExt(request.query.fields))),
    );
    app.get(
      '/rest/public/properties/:keyName/lookups',
      {
        schema: {
          tags,
          summary: 'Lookup values of a key (default: the last 72 hours)',
          params: KeyParams,
          querystring: LookupQuery,
          response: responses(PropertyLookupSchema),
        },
      },
      async (request) => {
        const paging = parsePaging(request.query);
        const { rows, total } = await service.values(request.params.keyName, request.query, paging);
        return page('PropertyLookup', rows, total, paging);
      },
    );
    app.get(
      '/rest/public/properties/:keyName/stats',
      {
        schema: {
          tags,
          summary: "Statistics of a key's lookup values (durations in milliseconds)",
          params: KeyParams,
          querystring: StatsQuery,
          response: responses(LookupStatsSchema),
        },
      },
      async (request) => single('PropertyKey', await service.stats(request.params.keyName, request.query.subKeyName)),
    );
  };
}
