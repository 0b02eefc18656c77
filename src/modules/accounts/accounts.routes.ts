// Accounts (the original's /rest/v1/accounts): every operation by accountId and by the client's providerAccountId
// (/rest/v1/accounts/pid/{providerAccountId}). Private to the organization whose key made them; signal tier.
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import type { AccountRef } from './accounts.repository.ts';
import {
  AccountInput,
  AccountListQuery,
  AccountParams,
  AccountSchema,
  AccountTariffInput,
  AccountTariffSchema,
  AccountTariffsQuery,
  KeyParams,
  PidParams,
  PropertyDataSchema,
  PropertyValueInput,
} from './accounts.schemas.ts';
import type { AccountsService } from './accounts.service.ts';

const tags = ['Accounts'];
const config = { tier: 'signal' as const };
const listRules = {
  searchable: ['accountName', 'providerAccountId', 'customerOrgName', 'customerOrgId'],
  defaultSearchOn: ['accountName'],
  sortable: ['accountName', 'providerAccountId', 'customerOrgName', 'createdDate', 'lastUpdatedDate', 'status', 'type'],
  defaultSort: [{ field: 'createdDate', descending: false }],
};

const PropertiesBody = Type.Union(
  [
    Type.Array(PropertyValueInput, { maxItems: 200 }),
    PropertyValueInput,
    Type.Record(Type.String(), PropertyValueInput),
  ],
  { description: 'One PropertyData, a list, or a map by keyName' },
);
const TariffDeleteQuery = Type.Object({
  effectiveDate: Type.Optional(
    Type.String({ description: "Remove only the tariff set from this date (default: all the account's tariffs)" }),
  ),
});

/** The two ways to name an account: Ratebook's id and the client's own. */
export const ACCOUNT_PATHS = [
  {
    prefix: '/rest/v1/accounts/:accountId',
    params: AccountParams,
    ref: (p: Record<string, string>): AccountRef => ({ accountId: p.accountId! }),
  },
  {
    prefix: '/rest/v1/accounts/pid/:providerAccountId',
    params: PidParams,
    ref: (p: Record<string, string>): AccountRef => ({ providerAccountId: p.providerAccountId! }),
  },
] as const;

export function accountsRoutes(service: AccountsService) {
  return async (app: App): Promise<void> => {
    const org = (request: { principal: { orgId: number } | null }) => request.principal!.orgId;
    app.get(
      '/rest/v1/accounts',
      {
        config,
        schema: {
          tags,
          summary: "The organization's accounts (paged, searchable, sortable)",
          querystring: AccountListQuery,
          response: responses(AccountSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(org(request), request.query, options);
        return page('Account', rows, total, options.paging);
      },
    );
    app.post(
      '/rest/v1/accounts',
      { config, schema: { tags, summary: 'Add an account', body: AccountInput, response: responses(AccountSchema) } },
      async (request) => single('Account', await service.create(request.body, org(request))),
    );
    app.put(
      '/rest/v1/accounts',
      {
        config,
        schema: {
          tags,
          summary: 'Add or update an account (by accountId, else providerAccountId)',
          body: AccountInput,
          response: responses(AccountSchema),
        },
      },
      async (request) => single('Account', await service.upsert(request.body, org(request))),
    );

    for (const { prefix, params, ref } of ACCOUNT_PATHS) {
      const by = prefix.includes('/pid/') ? ' (by providerAccountId)' : '';
      app.get(
        prefix,
        { config, schema: { tags, summary: `One account${by}`, params, response: responses(AccountSchema) } },
        async (request) => single('Account', await service.get(ref(request.params), org(request))),
      );
      app.put(
        prefix,
        {
          config,
          schema: {
            tags,
            summary: `Update an account${by}: the fields sent replace its own`,
            params,
            body: AccountInput,
            response: responses(AccountSchema),
          },
        },
        async (request) => single('Account', await service.update(ref(request.params), request.body, org(request))),
      );
      app.delete(
        prefix,
        {
          config,
          schema: {
            tags,
            summary: `Delete an account${by} with its profiles and readings`,
            params,
            response: responses(AccountSchema),
          },
        },
        async (request) => single('Account', await service.remove(ref(request.params), org(request))),
      );

      app.get(
        `${prefix}/properties`,
        {
          config,
          schema: { tags, summary: `An account's properties${by}`, params, response: responses(PropertyDataSchema) },
        },
        async (request) => {
          const list = await service.properties(ref(request.params), org(request));
          return { status: 'success' as const, count: list.length, type: 'PropertyData', results: list };
        },
      );
      for (const method of ['put', 'post'] as const) {
        app[method](
          `${prefix}/properties`,
          {
            config,
            schema: {
              tags,
              summary: `Set account properties${by} (the others are kept)`,
              params,
              body: PropertiesBody,
              response: responses(PropertyDataSchema),
            },
          },
          async (request) => {
            const list = await service.setProperties(ref(request.params), request.body, org(request));
            return { status: 'success' as const, count: list.length, type: 'PropertyData', results: list };
          },
        );
      }
      const keyParams = Type.Composite([params, KeyParams]);
      app.get(
        `${prefix}/properties/:keyName`,
        {
          config,
          schema: {
            tags,
            summary: `One account property${by}`,
            params: keyParams,
            response: responses(PropertyDataSchema),
          },
        },
        async (request) =>
          single('PropertyData', await service.property(ref(request.params), request.params.keyName, org(request))),
      );
      app.put(
        `${prefix}/properties/:keyName`,
        {
          config,
          schema: {
            tags,
            summary: `Set one account property${by}`,
            params: keyParams,
            body: PropertyValueInput,
            response: responses(PropertyDataSchema),
          },
        },
        async (request) => {
          const [set] = await service.setProperties(
            ref(request.params),
            { ...request.body, keyName: request.params.keyName },
            org(request),
          );
          return single('PropertyData', set!);
        },
      );
      app.delete(
        `${prefix}/properties/:keyName`,
        {
          config,
          schema: {
            tags,
            summary: `Remove one account property${by}`,
            params: keyParams,
            response: responses(PropertyDataSchema),
          },
        },
        async (request) =>
          single(
            'PropertyData',
            await service.deleteProperty(ref(request.params), request.params.keyName, org(request)),
          ),
      );

      app.get(
        `${prefix}/tariffs`,
        {
          config,
          schema: {
            tags,
            summary: `The tariffs the account is on${by}, over a range or on a date; its default tariff when none is set`,
            params,
            querystring: AccountTariffsQuery,
            response: responses(AccountTariffSchema),
          },
        },
        async (request) => {
          const list = await service.tariffs(ref(request.params), request.query, org(request));
          return { status: 'success' as const, count: list.length, type: 'Tariff', results: list };
        },
      );
      for (const method of ['put', 'post'] as const) {
        app[method](
          `${prefix}/tariffs`,
          {
            config,
            schema: {
              tags,
              summary: `Put the account on a tariff from a date${by}`,
              params,
              body: AccountTariffInput,
              response: responses(AccountTariffSchema),
            },
          },
          async (request) => {
            const list = await service.setTariff(ref(request.params), request.body, org(request));
            return { status: 'success' as const, count: list.length, type: 'Tariff', results: list };
          },
        );
      }
      app.delete(
        `${prefix}/tariffs`,
        {
          config,
          schema: {
            tags,
            summary: `Remove the account's tariffs${by} (or the one set from effectiveDate)`,
            params,
            querystring: TariffDeleteQuery,
            response: responses(AccountTariffSchema),
          },
        },
        async (request) => {
          const list = await service.deleteTariffs(ref(request.params), request.query.effectiveDate, org(request));
          return { status: 'success' as const, count: list.length, type: 'Tariff', results: list };
        },
      );
    }
  };
}
