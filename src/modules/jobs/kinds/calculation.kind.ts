// CALCULATION: each account's bill over the range (POST /rest/v1/accounts/{accountId}/calculate), once per scenario:
// the account's own tariffs, or the scenario's masterTariffId, with the scenario's propertyInputs added; the account's
// usage read once for all its scenarios.
import type { Static } from '@sinclair/typebox';
import { dateTimeParam } from '../../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../../http/errors.ts';
import type { AccountCalculationService } from '../../accounts/account-calculation.ts';
import type { AccountCalculateBody } from '../../accounts/account-calculation.schemas.ts';
import { ChunkCaches } from './chunk-caches.ts';
import type { JobKind } from './job-kind.ts';

type Body = Static<typeof AccountCalculateBody>;

export function calculationKind(service: AccountCalculationService, caches = new ChunkCaches()): JobKind {
  return {
    name: 'CALCULATION',
    field: 'calculation',
    bodyOptional: false,
    check(body) {
      const b = body as Body;
      // The dates' form is checked once here (each account reads them in its own zone when it is billed).
      const from = dateTimeParam('calculation.fromDateTime', b.fromDateTime, 'UTC');
      const to = dateTimeParam('calculation.toDateTime', b.toDateTime, 'UTC');
      if (!from) throw missingArgument('calculation.fromDateTime');
      if (!to) throw missingArgument('calculation.toDateTime');
      if (to.value.toMillis() <= from.value.toMillis())
        throw invalidArgument('calculation.toDateTime', b.toDateTime, 'toDateTime must be after fromDateTime');
    },
    chunk(body, orgId, refs, jobId) {
      // A job keeps each bill's totals only: its line items are not made (the totals are the same at every level).
      const totals: Body = { ...(body as Body), detailLevel: 'TOTAL' };
      // The tariffs are read and their grids prepared once for the chunk's accounts and the same job's next chunks
      // here (chunk-caches.ts), each account's usage read once for all its scenarios.
      const cache = caches.of(jobId);
      // The accounts, their profiles and readings read for the whole chunk at once; should that fail, each account
      // reads its own (and answers its own error).
      const ahead = service.readAhead(refs, totals, orgId).catch(() => undefined);
      return async (ref) => {
        const prepared = await service.prepare(ref, totals, orgId, cache, await ahead);
        return async (scenario) => {
          const cost = await prepared.bill(
            {
              ...(scenario.masterTariffId !== null ? { masterTariffId: scenario.masterTariffId } : {}),
              propertyInputs: scenario.propertyInputs,
            },
            false,
          );
          return {
            masterTariffId: cost.masterTariffId ?? null,
            tariffName: cost.tariffName ?? null,
            totalCost: cost.totalCost,
            kWh: cost.summary.kWh,
            figures: {},
          };
        };
      };
    },
  };
}
