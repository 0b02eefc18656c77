// The portfolio jobs' wire shapes (a Ratebook extension): the request, the job with its progress, an account's result.
import { Type } from '@sinclair/typebox';
import { Id, PagingQuery } from '../../http/query-schemas.ts';
import { PropertyDataInput } from '../calculations/calculations.schemas.ts';
import { AccountCalculateBody } from '../accounts/account-calculation.schemas.ts';
import { AnalysisBody } from '../savings/analysis.schemas.ts';
import { AccountCompareBody } from '../compare/compare.schemas.ts';

export const JOB_KIND_NAMES = ['CALCULATION', 'SAVINGS_ANALYSIS', 'COMPARISON'] as const;
export const MAX_SCENARIOS = 20;
/** Ids a request may list (a filter may find more, up to JOBS_MAX_ACCOUNTS). */
export const MAX_LISTED_ACCOUNTS = 100_000;

const AccountIdList = (what: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
    maxItems: MAX_LISTED_ACCOUNTS,
    description: `The accounts by ${what}`,
  });

export const AccountFilter = Type.Object(
  {
    status: Type.Optional(Type.String({ maxLength: 50, description: 'ACTIVE, INACTIVE, ...' })),
    customerClass: Type.Optional(
      Type.String({ maxLength: 50, description: "The account's customerClass property (RESIDENTIAL, GENERAL, ...)" }),
    ),
    zipCode: Type.Optional(Type.String({ maxLength: 10, description: "The account's ZIP code" })),
  },
  { description: "The organization's accounts that match every condition given ({} for all of them)" },
);

export const ScenarioInput = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Default: scenario1, scenario2, ...' })),
  masterTariffId: Type.Optional(
    Id("CALCULATION: bill on this tariff instead of the account's (a comparison of tariffs: one scenario each)"),
  ),
  propertyInputs: Type.Optional(
    Type.Array(PropertyDataInput, { maxItems: 200, description: "Added to the body's propertyInputs" }),
  ),
});

export const JobBody = Type.Object({
  kind: Type.String({ description: `What each account gets: ${JOB_KIND_NAMES.join(', ')}` }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  accountIds: Type.Optional(AccountIdList('accountId')),
  providerAccountIds: Type.Optional(AccountIdList('providerAccountId')),
  accountFilter: Type.Optional(AccountFilter),
  calculation: Type.Optional(
    Type.Omit(AccountCalculateBody, ['profileId', 'providerProfileId'], {
      description: "CALCULATION: the account calculation's body (POST /rest/v1/accounts/{accountId}/calculate)",
    }),
  ),
  analysis: Type.Optional(
    Type.Omit(AnalysisBody, ['accountId', 'providerAccountId'], {
      description: "SAVINGS_ANALYSIS: the savings analysis' body (POST /rest/v1/accounts/analysis) without the account",
    }),
  ),
  comparison: Type.Optional(
    Type.Object(AccountCompareBody.properties, {
      description:
        "COMPARISON: the tariff comparison's body (POST /rest/v1/accounts/{accountId}/compare); a scenario's masterTariffId is the current tariff",
    }),
  ),
  scenarios: Type.Optional(
    Type.Array(ScenarioInput, {
      minItems: 1,
      maxItems: MAX_SCENARIOS,
      description: 'Each account is run once per scenario (default: one, the body as it is)',
    }),
  ),
});

const NStr = Type.Union([Type.String(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

export const JobSchema = Type.Object({
  jobId: Type.String(),
  name: NStr,
  kind: Type.String(),
  state: Type.String({ description: 'QUEUED, RUNNING, COMPLETED, CANCELLED' }),
  accountCount: Type.Integer(),
  processedCount: Type.Integer(),
  succeededCount: Type.Integer(),
  failedCount: Type.Integer(),
  progress: Type.Number({ description: 'processedCount / accountCount, 0 to 1' }),
  scenarios: Type.Array(Type.String()),
  createdDate: Type.String(),
  startedDate: NStr,
  finishedDate: NStr,
  resultsUrl: Type.String(),
  csvUrl: Type.String(),
});

export const ErrorShape = Type.Object({
  code: Type.String(),
  message: Type.String(),
  propertyName: NStr,
  propertyValue: NStr,
});

export const ScenarioResultSchema = Type.Object({
  name: Type.String(),
  status: Type.String({ description: 'SUCCESS or FAILED' }),
  masterTariffId: Type.Union([Type.Integer(), Type.Null()]),
  tariffName: NStr,
  totalCost: NNum,
  kWh: NNum,
  figures: Type.Record(Type.String(), NNum, { description: 'More figures of the kind (a savings summary)' }),
  error: Type.Union([ErrorShape, Type.Null()]),
});

export const JobResultSchema = Type.Object({
  position: Type.Integer({ description: "The account's place in the job, from 0" }),
  accountId: NStr,
  providerAccountId: NStr,
  status: Type.String({ description: 'SUCCESS: every scenario ran; FAILED: error says which and why' }),
  error: Type.Union([ErrorShape, Type.Null()]),
  scenarios: Type.Array(ScenarioResultSchema),
  finishedDate: Type.String(),
});

export const JobParams = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });

export const JobListQuery = Type.Object({
  ...PagingQuery,
  state: Type.Optional(Type.String({ description: 'Only jobs in this state' })),
});

export const JobResultsQuery = Type.Object({
  ...PagingQuery,
  status: Type.Optional(Type.String({ description: 'SUCCESS or FAILED only' })),
});
