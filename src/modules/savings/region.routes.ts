// The retired alpha open savings (spec "Open savings"): savings by region and its breakdown, from Ratebook's own data.
import type { App } from '../../http/fastify-types.ts';
import { Envelope, responses } from '../../http/response-schemas.ts';
import { Type } from '@sinclair/typebox';
import { CostSavingsQuery, CostSavingsSchema, RegionQuery, RegionSavingsSchema } from './region.schemas.ts';
import type { RegionSavingsService } from './region.service.ts';

const tags = ['Savings'];
const DataTables = Type.Object({
  ...Envelope(RegionSavingsSchema).properties,
  sEcho: Type.String(),
  iTotalRecords: Type.Integer(),
  iTotalDisplayRecords: Type.Integer(),
});

export function regionRoutes(service: RegionSavingsService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/alpha/open/region',
      {
        schema: {
          tags,
          summary:
            'Solar savings of a place: typical home, default tariff, a PV system sized to 80 % of its year (retired alpha)',
          querystring: RegionQuery,
          response: { ...responses(RegionSavingsSchema), 200: DataTables },
        },
      },
      async (request) => {
        const result = await service.region(request.query, request.principal!.orgId);
        return {
          status: 'success' as const,
          count: 1,
          type: 'RegionSavings',
          results: [result],
          sEcho: request.query.sEcho ?? '1',
          iTotalRecords: 1,
          iTotalDisplayRecords: 1,
        };
      },
    );
    app.get(
      '/rest/alpha/open/costSavings',
      {
        schema: {
          tags,
          summary: 'The cost savings of a place by scenario (retired alpha)',
          querystring: CostSavingsQuery,
          response: responses(CostSavingsSchema),
        },
      },
      async (request) => {
        const results = await service.costSavings(request.query, request.principal!.orgId);
        return { status: 'success' as const, count: results.length, type: 'CostSavings', results };
      },
    );
  };
}
