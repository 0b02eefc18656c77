// Account calculations, rates and the interview, by accountId and providerAccountId; the older clients' form
// /rest/public/calculate/account/{accountId} is the same calculation.
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/fastify-types.ts';

import { isExt } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { CalculatedCostSchema, CalculateQuery } from '../calculations/calculations.schemas.ts';
import { TariffRateWireSchema } from '../tariffs/tariffs.schemas.ts';
import { wireRate } from '../tariffs/tariff-wire.ts';
import { AccountCalculateBody } from './account-calculation.schemas.ts';
import type { AccountCalculationService } from './account-calculation.ts';
import type { CalculatedCost } from '../calculations/calculated-cost.ts';
import { ACCOUNT_PATHS } from './accounts.routes.ts';
import { AccountParams, AccountRatesQuery, InterviewSchema, PropertyValueInput } from './accounts.schemas.ts';
import type { AccountsService } from './accounts.service.ts';

const tags = ['Accounts'];
const config = { tier: 'signal' as const };
/** The account calculations: their requests and answers are kept in the calculation history. */
const calculate = { ...config, history: 'account' as const };
const InterviewBody = Type.Union(
  [
    Type.Array(PropertyValueInput, { maxItems: 200 }),
    PropertyValueInput,
    Type.Record(Type.String(), PropertyValueInput),
  ],
  { description: 'Answers: PropertyData (one, a list or a map by keyName); an empty object asks only' },
);

export function accountCalculationRoutes(accounts: AccountsService, calculation: AccountCalculationService) {
  return async (app: App): Promise<void> => {
    const org = (request: FastifyRequest) => request.principal!.orgId;
    const calculated = (cost: CalculatedCost) => ({
      status: 'success' as const,
      count: 1,
      type: 'CalculatedCost',
      results: [cost],
      requestId: randomUUID(),
    });
    for (const { prefix, params, ref } of ACCOUNT_PATHS) {
      const by = prefix.includes('/pid/') ? ' (by providerAccountId)' : '';
      app.post(
        `${prefix}/calculate`,
        {
          config: calculate,
          schema: {
            tags,
            summary: `The account's bill over a range${by}: its tariffs, its default profile's usage, its properties`,
            params,
            querystring: CalculateQuery,
            body: AccountCalculateBody,
            response: responses(CalculatedCostSchema),
          },
        },
        async (request) =>
          calculated(
            await calculation.calculate(ref(request.params), request.body, org(request), isExt(request.query.fields)),
          ),
      );
      app.get(
        `${prefix}/rates`,
        {
          config,
          schema: {
            tags,
            summary: `The rates of the account's tariff on a date${by}`,
            params,
            querystring: AccountRatesQuery,
            response: responses(TariffRateWireSchema),
          },
        },
        async (request) => {
          const rates = await accounts.rates(ref(request.params), request.query.effectiveOn, org(request));
          return { status: 'success' as const, count: rates.length, type: 'TariffRate', results: rates.map(wireRate) };
        },
      );
      app.get(
        `${prefix}/interview`,
        {
          config,
          schema: {
            tags,
            summary: `The property keys the account's candidate tariffs ask for, with its answers${by}`,
            params,
            response: responses(InterviewSchema),
          },
        },
        async (request) => {
          const list = await accounts.interview(ref(request.params), org(request));
          return { status: 'success' as const, count: list.length, type: 'PropertyData', results: list };
        },
      );
      app.put(
        `${prefix}/interview`,
        {
          config,
          schema: {
            tags,
            summary: `Answer the interview${by}: the answers are set as account properties`,
            params,
            body: InterviewBody,
            response: responses(InterviewSchema),
          },
        },
        async (request) => {
          const body = request.body;
          const empty = !Array.isArray(body) && !('dataValue' in body) && Object.keys(body).length === 0;
          if (!empty) await accounts.setProperties(ref(request.params), body, org(request));
          const list = await accounts.interview(ref(request.params), org(request));
          return { status: 'success' as const, count: list.length, type: 'PropertyData', results: list };
        },
      );
    }
    // The older clients' account calculation: the same body as POST, or its options as query parameters on GET.
    app.post(
      '/rest/public/calculate/account/:accountId',
      {
        config: calculate,
        schema: {
          tags,
          summary: 'Legacy form of the account calculation',
          params: AccountParams,
          querystring: CalculateQuery,
          body: AccountCalculateBody,
          response: responses(CalculatedCostSchema),
        },
      },
      async (request) =>
        calculated(
          await calculation.calculate(
            { accountId: request.params.accountId },
            request.body,
            org(request),
            isExt(request.query.fields),
          ),
        ),
    );
    const LegacyQuery = Type.Composite([
      Type.Omit(AccountCalculateBody, ['propertyInputs', 'rateInputs']),
      CalculateQuery,
    ]);
    app.get(
      '/rest/public/calculate/account/:accountId',
      {
        config: calculate,
        schema: {
          tags,
          summary: 'Legacy form of the account calculation, its options as query parameters',
          params: AccountParams,
          querystring: LegacyQuery,
          response: responses(CalculatedCostSchema),
        },
      },
      async (request) => {
        const { fields, ...body } = request.query;
        return calculated(
          await calculation.calculate({ accountId: request.params.accountId }, body, org(request), isExt(fields)),
        );
      },
    );
  };
}
