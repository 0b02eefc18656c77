// COMPARISON: each account's tariff comparison (POST /rest/v1/accounts/{accountId}/compare), once per scenario, the
// scenario's propertyInputs (an EV, a PV system, a battery) added to the body's and its masterTariffId taken as the
// current tariff; the outcome is the cheapest eligible tariff, with the current one's cost and the saving.
import type { Static } from '@sinclair/typebox';
import type { CompareService } from '../../compare/compare.service.ts';
import type { AccountCompareBody } from '../../compare/compare.schemas.ts';
import type { JobKind } from './job-kind.ts';

type Body = Static<typeof AccountCompareBody>;

export function comparisonKind(service: CompareService): JobKind {
  return {
    name: 'COMPARISON',
    field: 'comparison',
    bodyOptional: true,
    check() {},
    chunk(body, orgId) {
      return async (ref) => async (scenario) => {
        const b = body as Body;
        const answer = await service.compare(
          ref,
          {
            ...b,
            ...(scenario.masterTariffId === null ? {} : { masterTariffId: scenario.masterTariffId }),
            propertyInputs: [...(b.propertyInputs ?? []), ...scenario.propertyInputs],
          },
          orgId,
        );
        const best = answer.tariffs.find((t) => t.rank === 1) ?? null;
        return {
          masterTariffId: best?.masterTariffId ?? null,
          tariffName: best?.tariffName ?? null,
          totalCost: best?.totalCost ?? null,
          kWh: best?.kWh ?? null,
          figures: {
            currentMasterTariffId: answer.currentMasterTariffId,
            currentCost: answer.currentCost,
            bestSavings: best?.savings ?? null,
            eligibleTariffs: answer.tariffs.length,
            unknownEligibilityTariffs: answer.unknownEligibility.length,
          },
        };
      };
    },
  };
}
