// Loads the starter incentives and their eligibility questions. Re-running it replaces exactly the starter records
// (their ids), so incentives loaded otherwise survive.
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import type { Seeder } from './seeder.ts';
import { STARTER_INCENTIVES, type StarterIncentive } from './starter/incentives.data.ts';

function incentiveRow(i: StarterIncentive): Insertable<Database['incentives']> {
  return {
    incentive_id: i.incentiveId,
    master_incentive_id: i.masterIncentiveId,
    incentive_name: i.incentiveName,
    incentive_type: i.incentiveType,
    project_type: i.projectType,
    customer_class: i.customerClass,
    jurisdiction: i.jurisdiction,
    state: i.state,
    lse_id: i.lseId,
    lse_name: i.lseName,
    start_date: i.startDate,
    end_date: i.endDate,
    end_reason: i.endReason,
    is_exhausted: i.isExhausted === null ? null : i.isExhausted ? 1 : 0,
    rate: i.rate,
    rate_unit: i.rateUnit,
    quantity_key: i.quantityKey ? JSON.stringify(i.quantityKey) : null,
    payment_cap: i.paymentCap,
    percent_cost_cap: i.percentCostCap,
    incentive_paid_to: i.incentivePaidTo,
    summary: i.summary,
    requirements: i.requirements,
    sources: JSON.stringify(i.sources),
  };
}

function applicabilityRows(i: StarterIncentive): Insertable<Database['incentive_applicabilities']>[] {
  return i.applicabilities.map((a, position) => ({
    incentive_id: i.incentiveId,
    position,
    applicability_key: a.applicabilityKey,
    display_name: a.displayName,
    description: a.description,
    required_value: a.requiredValue,
    operator: a.operator,
    min_value: a.minValue,
    max_value: a.maxValue,
    quantity_unit: a.quantityUnit,
    choices: a.choices ? JSON.stringify(a.choices) : null,
  }));
}

export const incentivesSeeder: Seeder = {
  name: 'starter-incentives',
  version: 1,
  async run(trx) {
    const ids = STARTER_INCENTIVES.map((i) => i.incentiveId);
    await trx.deleteFrom('incentive_applicabilities').where('incentive_id', 'in', ids).execute();
    await trx.deleteFrom('incentives').where('incentive_id', 'in', ids).execute();
    await insertInChunks(trx, 'incentives', STARTER_INCENTIVES.map(incentiveRow));
    const questions = STARTER_INCENTIVES.flatMap(applicabilityRows);
    await insertInChunks(trx, 'incentive_applicabilities', questions);
    return STARTER_INCENTIVES.length + questions.length;
  },
};
