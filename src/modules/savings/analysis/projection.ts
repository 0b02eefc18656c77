// The projection step of the savings analysis: year one month by month from its bills (the before bill, the after
// bill of year one, the PV output), every year's after bill and output, projected over the term by the engine
// (engine/savings/projection.ts: escalation, the price of solar, the sums).
import { monthFigures, type MonthDetail } from '../../../engine/savings/month-figures.ts';
import { project, type Projection } from '../../../engine/savings/projection.ts';
import type { TermCalendar } from '../../../engine/savings/term-calendar.ts';
import { outputByYear, total } from '../../../engine/savings/term.ts';
import type { BillResult } from '../../../engine/bill/types.ts';
import type { AfterYears } from './after-years.ts';
import type { AnalysisPlan } from './inputs.ts';
import type { Usage } from './types.ts';

export interface DesignProjection {
  projection: Projection;
  beforeMonths: MonthDetail[];
  afterMonths: MonthDetail[];
}

export function projectDesign(
  plan: AnalysisPlan,
  calendar: Pick<TermCalendar, 'months' | 'yearPeriods'>,
  usage: Usage,
  pv: Float64Array,
  before: BillResult,
  after: AfterYears,
): DesignProjection {
  const { months, yearPeriods } = calendar;
  const beforeMonths = monthFigures(before, usage.values, usage, months);
  const afterMonths = monthFigures(after.yearOne, after.yearOneNet, usage, months, after.yearOneSent);
  const solarKwh = monthFigures(null, pv, usage, months).map((m) => m.kwh);
  const projection = project({
    years: plan.years,
    before: beforeMonths,
    after: afterMonths,
    solarKwh,
    afterByYear: after.byYear,
    solarKwhByYear: outputByYear(total(pv), plan.years, plan.degradation),
    yearPeriods,
    price: plan.price,
    utilityInflation: plan.utilityInflation,
    solarInflation: plan.solarInflation,
  });
  return { projection, beforeMonths, afterMonths };
}
