// The tariff comparison (Ratebook extension, signal tier): a stored account's, by accountId or providerAccountId, and
// the inline form with a place and usage, named after the savings analysis's POST /rest/v1/accounts/analysis.
import { randomUUID } from 'node:crypto';
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { ACCOUNT_PATHS } from '../accounts/accounts.routes.ts';
import { AccountCompareBody, CompareBody, TariffComparisonSchema } from './compare.schemas.ts';
import type { CompareService, TariffComparison } from './compare.service.ts';

const tags = ['Accounts'];
const config = { tier: 'signal' as const };
const answer = (c: TariffComparison) => ({
  status: 'success' as const,
  count: 1,
  type: 'TariffComparison',
  results: [c],
  requestId: randomUUID(),
});

export function compareRoutes(service: CompareService) {
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/v1/accounts/compare',
      {
        config,
        schema: {
          tags,
          summary:
            'Every tariff a customer may take at a place, billed over the same year of usage (with added PV, battery or EV) and ranked by annual cost (Ratebook extension)',
          body: CompareBody,
          response: responses(TariffComparisonSchema),
        },
      },
      async (request) => answer(await service.compare(null, request.body, request.principal!.orgId)),
    );
    for (const { prefix, params, ref } of ACCOUNT_PATHS) {
      const by = prefix.includes('/pid/') ? ' (by providerAccountId)' : '';
      app.post(
        `${prefix}/compare`,
        {
          config,
          schema: {
            tags,
            summary: `Every tariff the account may take, billed over a year of its usage and ranked by annual cost, with the saving against its current tariff${by} (Ratebook extension)`,
            params,
            body: AccountCompareBody,
            response: responses(TariffComparisonSchema),
          },
        },
        async (request) => answer(await service.compare(ref(request.params), request.body, request.principal!.orgId)),
      );
    }
  };
}
