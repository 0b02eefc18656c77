// The comparison's answer from its bills: the current tariff and every eligible one ranked by annual cost (cheapest
// first, ties by masterTariffId) with the saving against the current tariff; tariffs whose eligibility is unknown
// apart (billed, unranked, with their questions); the ineligible with the conditions they failed; those whose bill
// could not be made with why. The current tariff is always ranked when billed: the customer is on it, whether or not
// it is still open to them.
import type { Static } from '@sinclair/typebox';
import { ApiError } from '../../http/errors.ts';
import type { CalculatedCost } from '../calculations/calculated-cost.ts';
import { note, type Assumption } from '../savings/analysis/types.ts';
import type { Candidate } from './candidates.ts';
import type { ComparedTariffSchema, TariffComparisonSchema } from './compare.schemas.ts';
import type { Condition, Eligibility } from './eligibility.ts';

type Compared = Static<typeof ComparedTariffSchema>;
type Comparison = Static<typeof TariffComparisonSchema>;
export type Identity = Omit<Candidate, 'properties'>;

/** A tariff billed over the year: who it is, its answer as the on-demand calculation gives it, its months. */
export interface Billed {
  identity: Identity;
  cost: CalculatedCost;
  months: Compared['months'];
  notes: Assumption[];
}

export interface RankInput {
  judged: readonly { c: Candidate; e: Eligibility }[];
  /** Each tariff billed (the current one and every candidate not ineligible), or the error its bill ended in. */
  billed: ReadonlyMap<number, Billed | ApiError>;
  currentId: number;
  /** Who the current tariff is, when its bill failed (it may be no candidate). */
  currentIdentity: Identity | null;
  /** Said of the current tariff when it is no candidate. */
  notACandidate: Assumption;
}

export function rank({
  judged,
  billed,
  currentId,
  currentIdentity,
  notACandidate,
}: RankInput): Pick<Comparison, 'currentCost' | 'tariffs' | 'unknownEligibility' | 'ineligible' | 'notBilled'> {
  const current = billed.get(currentId);
  const currentCost = current === undefined || current instanceof ApiError ? null : current.cost.summary.totalCost;
  const compared = (c: Identity | null, b: Billed, e: Eligibility | null): Compared => ({
    rank: null,
    ...(c ?? b.identity),
    isCurrent: (c?.masterTariffId ?? b.cost.masterTariffId) === currentId,
    totalCost: b.cost.summary.totalCost,
    kWh: b.cost.summary.kWh,
    savings: currentCost === null ? null : Math.round((currentCost - b.cost.summary.totalCost) * 100) / 100 + 0,
    accuracy: b.cost.accuracy,
    eligibility: e === null ? 'NOT_CHECKED' : e.status === 'UNKNOWN' ? 'UNKNOWN' : 'ELIGIBLE',
    questions: e?.status === 'UNKNOWN' ? e.questions : [],
    assumptions: [...b.notes, ...b.cost.assumptions],
    ...(b.months ? { months: b.months } : {}),
  });
  const failed = (identity: Identity, e: ApiError) => ({
    ...identity,
    propertyName: e.item.propertyName ?? null,
    message: e.item.message,
  });
  const ranked: Compared[] = [];
  const unknown: Compared[] = [];
  const ineligible: Comparison['ineligible'] = [];
  const notBilled: Comparison['notBilled'] = [];
  for (const { c, e } of judged) {
    const { properties: _p, ...identity } = c;
    const b = billed.get(c.masterTariffId);
    if (b instanceof ApiError) notBilled.push(failed(identity, b));
    else if (e.status === 'INELIGIBLE') {
      if (c.masterTariffId === currentId) ranked.push(currentOnly(compared(identity, b!, null), e.failed));
      else ineligible.push({ ...identity, failed: e.failed });
    } else if (e.status === 'UNKNOWN' && c.masterTariffId !== currentId) unknown.push(compared(identity, b!, e));
    else ranked.push(compared(identity, b!, e));
  }
  if (!judged.some(({ c }) => c.masterTariffId === currentId) && current !== undefined) {
    if (current instanceof ApiError) notBilled.push(failed(currentIdentity ?? identityOfError(currentId), current));
    else {
      const own = compared(null, current, null);
      own.assumptions.unshift(notACandidate);
      ranked.push(own);
    }
  }
  const byCost = (a: Compared, b: Compared) => a.totalCost - b.totalCost || a.masterTariffId - b.masterTariffId;
  ranked.sort(byCost).forEach((r, k) => {
    r.rank = k + 1;
  });
  unknown.sort(byCost);
  return { currentCost, tariffs: ranked, unknownEligibility: unknown, ineligible, notBilled };
}

function identityOfError(masterTariffId: number): Identity {
  return {
    masterTariffId,
    tariffId: masterTariffId,
    tariffCode: null,
    tariffName: String(masterTariffId),
    tariffType: null,
    lseId: 0,
    lseName: null,
  };
}

/** The current tariff when its applicability says the customer may not take it: still the customer's, still ranked. */
function currentOnly(c: Compared, failed: Condition[]): Compared {
  c.eligibility = 'NOT_CHECKED';
  c.assumptions.unshift(
    note(
      'masterTariffId',
      String(c.masterTariffId),
      `The current tariff's applicability is not met (${failed.map((f) => `${f.keyName} ${f.operator ?? '='} ${f.propertyValue ?? `${f.minValue}-${f.maxValue}`}, answered ${f.dataValue}`).join('; ')}): it is billed because the customer is on it`,
      null,
      null,
      80,
    ),
  );
  return c;
}
