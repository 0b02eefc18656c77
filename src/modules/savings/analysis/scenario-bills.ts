// The bills step of the savings analysis, its preparation: a scenario's bill made ready over year one (its tariff, the
// address and its taxes, the scenario's rate and property inputs, the after scenario's export arrangement), on tariff
// data read once for the request. The after bill is made ready once for every design with the same after scenario.
// An error from a scenario's bill names the analysis's input, not the bill's position of it.
import { ApiError } from '../../../http/errors.ts';
import type { CalculationsService } from '../../calculations/calculations.service.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import { stripScenarios, type AnalysisPlan, type Placed } from './inputs.ts';
import type { AfterBill, BillRequest, Memo } from './types.ts';

export class ScenarioBills {
  constructor(private readonly calculations: CalculationsService) {}

  /** One scenario's bill made ready over year one: its tariff, the address, its rate and property inputs. */
  async prepare(
    { body, zip, orgId, yearOne, cache }: BillRequest,
    plan: AnalysisPlan,
    scenario: 'before' | 'after',
    masterTariffId: number,
    exports: AnalysisPlan['exports'] | null,
  ): Promise<PreparedBill> {
    const props = plan.billProperties[scenario];
    const rates = plan.billRates[scenario];
    try {
      return await this.calculations.prepareBill(
        {
          fromDateTime: yearOne.from,
          toDateTime: yearOne.to,
          billingPeriod: true,
          address: { ...body.address, zip: zip.zipcode },
          applyUtilityTax: body.applyUtilityTax ?? true,
        },
        {
          masterTariffId,
          propertyInputs: props.map((p) => stripScenarios(p.input)),
          rateInputs: rates.map((r) => ({ ...r.input, scenarios: undefined })),
          ...exportTerms(exports),
        },
        orgId,
        true,
        cache,
      );
    } catch (e) {
      throw renamed(e, props, rates, scenario === 'before' ? plan.tariff.before?.path : plan.tariff.after?.path);
    }
  }

  /**
   * A design's bill after solar, made ready once for every design whose after scenario is the same (the same tariff,
   * property, rate and export inputs: designs that differ only in their PV system), with its grid over year one.
   */
  after(request: BillRequest, plan: AnalysisPlan, afterId: number, memo: Memo): AfterBill {
    const key = JSON.stringify([
      afterId,
      plan.billProperties.after.map((p) => p.input),
      plan.billRates.after.map((r) => r.input),
      plan.exports,
    ]);
    let after = memo.afterBills.get(key);
    if (!after) {
      after = { bill: this.prepare(request, plan, 'after', afterId, plan.exports), grid: null, exportYears: new Map() };
      memo.afterBills.set(key, after);
    }
    return after;
  }
}

/**
 * A solar customer is on some export programme; a tariff that names none would credit exports nothing, which is
 * seldom the truth. Net metering is assumed (true: the answer says so), unless exportArrangement is given.
 */
export function assumeNetMetering(plan: AnalysisPlan, afterBill: PreparedBill): boolean {
  const assumed = plan.exports.arrangement === undefined && !afterBill.input.versions.at(-1)?.exportRules;
  if (assumed) afterBill.input.exportOverride = { ...afterBill.input.exportOverride, arrangement: 'NET_METERING' };
  return assumed;
}

/** The after scenario's export inputs under the names a calculation's scenario gives them. */
function exportTerms(exports: AnalysisPlan['exports'] | null) {
  if (!exports) return {};
  const { arrangement, trueUpMonth, yearEndSellRate, yearEndCreditPaid, vintage } = exports;
  return { exportArrangement: arrangement, trueUpMonth, yearEndSellRate, yearEndCreditPaid, exportVintage: vintage };
}

/** An error from a scenario's bill names the analysis's input, not the bill's position of it. */
export function renamed(
  e: unknown,
  props: readonly Placed<unknown>[],
  rates: readonly Placed<unknown>[],
  tariffPath: string | undefined,
): unknown {
  if (!(e instanceof ApiError) || (e.statusCode !== 400 && e.statusCode !== 404)) return e;
  const name = e.item.propertyName ?? '';
  const fixed = name
    .replace(/^propertyInputs\[(\d+)\]/, (_, k: string) => props[Number(k)]?.path ?? `propertyInputs[${k}]`)
    .replace(/^rateInputs\[(\d+)\]/, (_, k: string) => rates[Number(k)]?.path ?? `rateInputs[${k}]`)
    .replace(/^masterTariffId$/, tariffPath ?? 'masterTariffId');
  if (fixed === name) return e;
  e.item.propertyName = fixed;
  return e;
}
