// Incentives (the original's IncentiveService: beta/incentives, beta/incentives/{masterIncentiveId},
// beta/incentives/applicabilities). Public reference data: any valid credentials.
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions, parsePaging } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  IncentiveApplicabilityListQuery,
  IncentiveApplicabilitySchema,
  IncentiveListQuery,
  IncentiveOneQuery,
  IncentiveParams,
  IncentiveSchema,
} from './incentives.schemas.ts';
import type { IncentivesService } from './incentives.service.ts';

const tags = ['Incentives'];
const listRules = {
  searchable: ['incentiveName', 'summary', 'requirements', 'lseName'],
  defaultSearchOn: ['incentiveName'],
  sortable: [
    'incentiveId',
    'masterIncentiveId',
    'incentiveName',
    'projectType',
    'incentiveType',
    'customerClass',
    'jurisdiction',
    'state',
    'lseId',
    'lseName',
    'startDate',
    'endDate',
    'rate',
    'paymentCap',
  ],
  defaultSort: [{ field: 'incentiveId', descending: false }],
};

export function incentivesRoutes(service: IncentivesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/beta/incentives',
      {
        schema: {
          tags,
          summary: 'Incentives: rebates and tax credits by place, class, technology and date',
          description:
            "Answers to the incentives' questions (their applicabilityKey, e.g. systemOwnership=PURCHASED) may be given as further query parameters; they set each incentive's eligibility.",
          querystring: IncentiveListQuery,
          response: responses(IncentiveSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(request.query as never, options);
        return page('Incentive', rows, total, options.paging);
      },
    );
    // Registered before /:masterIncentiveId so that "applicabilities" is never read as an id.
    app.get(
      '/rest/beta/incentives/applicabilities',
      {
        schema: {
          tags,
          summary: 'The questions the matching incentives ask (their applicabilities), once per key',
          querystring: IncentiveApplicabilityListQuery,
          response: responses(IncentiveApplicabilitySchema),
        },
      },
      async (request) => {
        const paging = parsePaging(request.query);
        const { rows, total } = await service.applicabilities(request.query as never, paging);
        return page('IncentiveApplicability', rows, total, paging);
      },
    );
    app.get(
      '/rest/beta/incentives/:masterIncentiveId',
      {
        schema: {
          tags,
          summary: 'One incentive: its version in effect on effectiveOn, else its latest',
          params: IncentiveParams,
          querystring: IncentiveOneQuery,
          response: responses(IncentiveSchema),
        },
      },
      async (request) =>
        single('Incentive', await service.get(request.params.masterIncentiveId, request.query as never)),
    );
  };
}
