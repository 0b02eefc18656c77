// The incentives step of the savings analysis: the solar incentives of the place (federal, the state's, the
// utility's) for the customer's class, those in effect on the day the system is bought (the start of year one)
// taken off a purchase's one-time price, and a word in the solar scenario's assumptions for each: what it took off,
// or why it took nothing (ended, with the law that ended it; not begun; a lease or PPA, whose owner claims it; a
// question the analysis cannot answer). The arithmetic is engine/savings/incentives.ts.
import { DateTime } from 'luxon';
import { applyIncentives, type IncentiveTerms } from '../../../engine/savings/incentives.ts';
import type { SolarPrice } from '../../../engine/savings/projection.ts';
import type { ApplicableIncentive, IncentivesService } from '../../incentives/incentives.service.ts';
import { eligibilityOf } from '../../incentives/eligibility.ts';
import type { AnalysisPlan } from './inputs.ts';
import { note, type Assumption, type BillRequest } from './types.ts';

export interface IncentivesApplied {
  /** The price of solar with the incentives taken off its one-time part. */
  price: SolarPrice;
  notes: Assumption[];
}

const money = (x: number) => `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export class IncentivesStep {
  /** The incentives found for a request, by utility and class: its designs (up to 20) read them once. */
  private readonly found = new WeakMap<object, Map<string, Promise<ApplicableIncentive[]>>>();

  constructor(private readonly incentives: IncentivesService) {}

  private foundFor(
    request: Pick<BillRequest, 'zip'>,
    lseId: number,
    customerClass: AnalysisPlan['customerClass'],
  ): Promise<ApplicableIncentive[]> {
    let byKey = this.found.get(request);
    if (!byKey) {
      byKey = new Map();
      this.found.set(request, byKey);
    }
    const key = `${lseId}|${customerClass}`;
    let found = byKey.get(key);
    if (!found) {
      found = this.incentives.ofProject({ zip: request.zip, lseId, customerClass, projectType: 'solarPv' });
      byKey.set(key, found);
    }
    return found;
  }

  /**
   * `lseId`: the utility of the after tariff (the customer's). `from`: the start of year one (ms), when the system is
   * taken to be bought and placed in service, as a local date in `zone`.
   */
  async of(
    plan: AnalysisPlan,
    request: Pick<BillRequest, 'zip'>,
    lseId: number,
    from: number,
    zone: string,
  ): Promise<IncentivesApplied> {
    const price = plan.price;
    const on = DateTime.fromMillis(from, { zone }).toISODate()!;
    const found = await this.foundFor(request, lseId, plan.customerClass);
    if (!found.length) return { price, notes: [] };
    const purchase = price.once > 0;
    const financed = price.perKwh !== 0 || price.perMonth !== 0 || price.perYear !== 0;
    // What the analysis can answer: how the system is paid for. A one-time price is a purchase.
    const answers = new Map<string, string>();
    if (purchase && !financed) answers.set('systemOwnership', 'PURCHASED');
    else if (financed && !purchase) answers.set('systemOwnership', price.perKwh !== 0 ? 'PPA' : 'LEASED');
    const notes: Assumption[] = [];
    const taken: (IncentiveTerms & { found: ApplicableIncentive })[] = [];
    for (const f of found) {
      const r = f.row;
      const key = `incentive${r.master_incentive_id}`;
      if (r.end_date !== null && r.end_date <= on) {
        notes.push(
          note(
            key,
            '0',
            `${r.incentive_name}: none for a system bought on ${on}. ${r.end_reason ?? `It ended on ${r.end_date}.`}`,
            null,
            null,
            100,
          ),
        );
        continue;
      }
      if (r.start_date !== null && r.start_date > on) {
        notes.push(
          note(
            key,
            '0',
            `${r.incentive_name}: none for a system bought on ${on}; it begins on ${r.start_date}`,
            null,
            null,
            100,
          ),
        );
        continue;
      }
      const { eligibility, unanswered } = eligibilityOf(f.questions, answers);
      if (eligibility === 'INELIGIBLE') {
        notes.push(
          note(
            key,
            '0',
            `${r.incentive_name}: none, the system being ${answers.get('systemOwnership') === 'PPA' ? 'bought under a power purchase agreement' : 'leased'} (the owner claims it, not the customer)`,
            null,
            null,
            90,
          ),
        );
        continue;
      }
      if (eligibility === 'COULD_BE_ELIGIBLE') {
        const asked = unanswered.map((q) => q.applicability_key).join(', ');
        notes.push(
          note(
            key,
            '0',
            `${r.incentive_name}: not applied; it asks ${asked}, which the analysis does not know${purchase ? '' : ' (no one-time price of solar was given: rate inputs tagged solar, FIXED_PRICE ONE_TIME)'}`,
            null,
            null,
            50,
          ),
        );
        continue;
      }
      taken.push({
        found: f,
        kind: r.incentive_type === 'rebate' ? 'rebate' : 'taxCredit',
        rate: r.rate,
        rateUnit: r.rate_unit === 'PERCENTAGE' ? 'PERCENTAGE' : 'COST_PER_UNIT',
        quantity: null,
        paymentCap: r.payment_cap,
        percentCostCap: r.percent_cost_cap,
      });
    }
    if (!taken.length) return { price, notes };
    const { applied, net } = applyIncentives(price.once, taken);
    for (const { incentive, amount } of applied) {
      const r = incentive.found.row;
      const terms =
        r.rate_unit === 'PERCENTAGE'
          ? `${r.rate} % of the price${r.payment_cap === null ? '' : `, at most ${money(r.payment_cap)}`}`
          : `${money(r.rate)}${r.payment_cap === null ? '' : `, at most ${money(r.payment_cap)}`}`;
      notes.push(
        note(
          `incentive${r.master_incentive_id}`,
          String(amount),
          `${r.incentive_name}: ${money(amount)} (${terms}) off the one-time price of a system bought on ${on}, in effect ${r.start_date ?? '(start not known)'} to ${r.end_date ? `${r.end_date} (exclusive)` : 'today'}`,
          null,
          null,
          90,
        ),
      );
    }
    notes.push(
      note(
        'solarIncentives',
        String(net),
        `The one-time price of ${money(price.once)} is ${money(net)} after incentives, taken off in year one's first month (rebates first, then tax credits on what is left; a tax credit is really received when the year's taxes are filed, and only as far as the customer owes tax)`,
        null,
        null,
        70,
      ),
    );
    return { price: { ...price, once: net }, notes };
  }
}
