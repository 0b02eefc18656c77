// Savings analysis (the original's POST /rest/v1/accounts/analysis), signal tier: from the inputs, or from a stored
// account of the caller's organization and its profiles.
import { randomUUID } from 'node:crypto';
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { AccountAnalysisSchema, AnalysisBody } from './analysis.schemas.ts';
import type { SavingsService } from './analysis.service.ts';

export function analysisRoutes(service: SavingsService) {
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/v1/accounts/analysis',
      {
        config: { tier: 'signal', history: 'analysis' },
        schema: {
          tags: ['Savings'],
          summary:
            'Savings of solar over its term: bills before and after, the cost of solar, by month, year and in all (signal tier)',
          body: AnalysisBody,
          response: responses(AccountAnalysisSchema),
        },
      },
      async (request) => {
        const results = await service.analysis(request.body, request.principal!.orgId);
        return {
          status: 'success' as const,
          count: results.length,
          type: 'AccountAnalysis',
          results,
          requestId: randomUUID(),
        };
      },
    );
  };
}
