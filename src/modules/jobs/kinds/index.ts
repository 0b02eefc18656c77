// The kinds of portfolio job, by the name a request gives. A new kind: a file beside these and a line below.
import type { AccountCalculationService } from '../../accounts/account-calculation.ts';
import type { SavingsService } from '../../savings/analysis.service.ts';
import type { CompareService } from '../../compare/compare.service.ts';
import { calculationKind } from './calculation.kind.ts';
import { comparisonKind } from './comparison.kind.ts';
import type { JobKind } from './job-kind.ts';
import { savingsKind } from './savings.kind.ts';

export interface KindServices {
  calculation: AccountCalculationService;
  savings: SavingsService;
  comparison: CompareService;
}

export function jobKinds(services: KindServices): Map<string, JobKind> {
  const kinds = [
    calculationKind(services.calculation),
    savingsKind(services.savings),
    comparisonKind(services.comparison),
  ];
  return new Map(kinds.map((k) => [k.name, k]));
}
