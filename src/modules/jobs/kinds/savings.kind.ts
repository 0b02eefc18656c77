// SAVINGS_ANALYSIS: each account's savings analysis (POST /rest/v1/accounts/analysis with the account named), once
// per scenario, the scenario's propertyInputs added to the body's; its figures are the analysis' summary.
import type { Static } from '@sinclair/typebox';
import { invalidArgument } from '../../../http/errors.ts';
import type { SavingsService } from '../../savings/analysis.service.ts';
import type { AnalysisBody } from '../../savings/analysis.schemas.ts';
import type { JobKind } from './job-kind.ts';

type Body = Static<typeof AnalysisBody>;

export function savingsKind(service: SavingsService): JobKind {
  return {
    name: 'SAVINGS_ANALYSIS',
    field: 'analysis',
    bodyOptional: true,
    check(_body, scenarios) {
      scenarios.forEach((s, i) => {
        // The analysis names its tariffs by propertyInputs (masterTariffId with scenarios "before" or "after").
        if (s.masterTariffId !== null)
          throw invalidArgument(
            `scenarios[${i}].masterTariffId`,
            s.masterTariffId,
            'A savings analysis names its tariffs in propertyInputs (keyName masterTariffId, scenarios before or after), not masterTariffId',
          );
      });
    },
    chunk(body, orgId) {
      return async (ref) => async (scenario) => {
        const b = body as Body;
        const [answer] = await service.analysis(
          { ...b, ...ref, propertyInputs: [...(b.propertyInputs ?? []), ...scenario.propertyInputs] },
          orgId,
        );
        const summary = answer?.summary ?? {};
        return {
          masterTariffId: null,
          tariffName: null,
          totalCost: null,
          kWh: null,
          figures: { ...summary },
        };
      };
    },
  };
}
