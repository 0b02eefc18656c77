// The answer step of the savings analysis: a design's AccountAnalysis from its projection: the summary, the series by
// month of year one, by year and over the term for each scenario (before, after, solar, savings), the scenarios with
// their tariffs, inputs and assumptions, the weather station, and the bills of year one when populateCosts asks.
import type { BillResult } from '../../../engine/bill/types.ts';
import type { ExportPeriod } from '../../../engine/savings/export-periods.ts';
import type { MonthDetail } from '../../../engine/savings/month-figures.ts';
import { SERIES_SCENARIOS, type Projection } from '../../../engine/savings/projection.ts';
import type { CalculatedCost } from '../../calculations/calculated-cost.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import { afterAssumptions, beforeAssumptions, solarAssumptions, type YearOneSpan } from './assumptions.ts';
import type { AnalysisPlan } from './inputs.ts';
import type { DesignProjection } from './projection.ts';
import type { AccountAnalysis, Assumption, Production, Usage } from './types.ts';

export interface DesignAnswer {
  designId: string | null;
  plan: AnalysisPlan;
  span: YearOneSpan;
  projected: DesignProjection;
  before: { bill: PreparedBill; result: BillResult };
  after: {
    bill: PreparedBill;
    result: BillResult;
    tariffId: number;
    assumedExports: boolean;
    /** Said when the analysis chose the after tariff (the one a new solar customer takes). */
    chosen: Assumption | null;
  };
  usage: Usage;
  pv: Production;
  accountNotes: readonly Assumption[];
  /** What the incentives took off the price of solar, or why they took nothing. */
  incentiveNotes: readonly Assumption[];
  populateCosts: boolean;
}

export function answerOf(d: DesignAnswer): AccountAnalysis {
  const { plan, span, before, after, pv } = d;
  const { projection, beforeMonths, afterMonths } = d.projected;
  const answer = shapeAnswer(projection, d.designId, span.at, beforeMonths, afterMonths);
  answer.summary = summaryOf(projection, plan.years, afterMonths);
  answer.scenarios = [
    {
      name: 'before',
      masterTariffId: before.bill.tariff.masterTariffId,
      tariffName: before.bill.tariff.tariffName,
      inputs: plan.echo.before,
      assumptions: beforeAssumptions(plan, span, d.accountNotes, before.bill, before.result, d.usage),
    },
    {
      name: 'after',
      masterTariffId: after.bill.tariff.masterTariffId,
      tariffName: after.bill.tariff.tariffName,
      inputs: plan.echo.after,
      assumptions: [
        ...(after.chosen ? [after.chosen] : []),
        ...afterAssumptions(plan.years, after.tariffId, after.assumedExports, span, after.bill, after.result),
      ],
    },
    {
      name: 'solar',
      masterTariffId: null,
      tariffName: null,
      inputs: plan.echo.solar,
      assumptions: [...solarAssumptions(plan, span, pv), ...d.incentiveNotes],
    },
  ];
  answer.weatherStation = pv.station && {
    stationId: pv.station.station.stationId,
    name: pv.station.station.name,
    state: pv.station.station.state,
    latitude: pv.station.station.latitude,
    longitude: pv.station.station.longitude,
    climateZone: pv.station.station.climateZone,
    distanceKm: Math.round(pv.station.distanceKm * 10) / 10,
    sameClimateZone: pv.station.sameZone,
    source: pv.station.station.source,
  };
  if (d.populateCosts) {
    const idOf = (scenario: string) =>
      answer.series.find((s) => s.scenario === scenario && s.seriesPeriod === 'MONTH')!.seriesId;
    answer.seriesCosts = {
      [idOf('before')]: before.bill.format(before.result, undefined, false),
      [idOf('after')]: after.bill.format(after.result, undefined, false),
    } as Record<string, CalculatedCost>;
  }
  return answer;
}

/** Year one's exports by TOU period on the after bill's months, where any month sent energy (#37). */
export function addExportPeriods(answer: AccountAnalysis, periods: readonly ExportPeriod[][]): void {
  if (!periods.some((m) => m.length)) return;
  const afterMonths = answer.series.find((s) => s.scenario === 'after' && s.seriesPeriod === 'MONTH')!.seriesId;
  answer.seriesData
    .filter((d) => d.seriesId === afterMonths)
    .forEach((d, k) => {
      d.exportPeriods = periods[k] ?? [];
    });
}

export function summaryOf(p: Projection, years: number, afterMonths: readonly MonthDetail[]): Record<string, number> {
  const [b, a, s] = [p.year.before[0]!, p.year.after[0]!, p.year.solar[0]!];
  const round = (x: number) => Math.round(x * 100) / 100;
  const kwh = (x: number) => Math.round(x * 1000) / 1000;
  const netAvoidedCost = round(b.cost - a.cost - s.cost);
  return {
    preTotalCost: b.cost,
    postTotalCost: a.cost,
    totalSolarCost: s.cost,
    netAvoidedCost,
    netAvoidedCostPctOffset: b.cost === 0 ? 0 : round((100 * netAvoidedCost) / b.cost),
    preTotalKWh: kwh(b.qty),
    postTotalKWh: kwh(a.qty),
    totalSolarKWh: kwh(s.qty),
    netAvoidedKWh: kwh(b.qty - a.qty),
    netAvoidedKWhPctOffset: b.qty === 0 ? 0 : round((100 * (b.qty - a.qty)) / b.qty),
    postImportedKWh: kwh(afterMonths.reduce((x, m) => x + m.importedKWh, 0)),
    postExportedKWh: kwh(afterMonths.reduce((x, m) => x + m.exportedKWh, 0)),
    lifetimeWithoutCost: p.all.before.cost,
    lifetimeWithCost: p.all.after.cost,
    lifetimeSolarCost: p.all.solar.cost,
    lifetimeAvoidedCost: p.all.savings.cost,
    lifetimeSolarKWh: kwh(p.all.solar.qty),
    projectDuration: years,
  };
}

const LABELS: Record<string, string> = {
  before: 'Utility bill without solar',
  after: 'Utility bill with solar',
  solar: 'Cost of solar',
  savings: 'Savings',
};
const PERIOD_LABELS: Record<string, string> = { MONTH: 'by month of year one', YEAR: 'by year', ALL: 'over the term' };

/** The answer's series and their data: by month of year one, by year and over the term, for each scenario. */
export function shapeAnswer(
  p: Projection,
  designId: string | null,
  at: (ms: number) => string,
  beforeMonths: readonly MonthDetail[],
  afterMonths: readonly MonthDetail[],
): AccountAnalysis {
  const answer: AccountAnalysis = {
    designId,
    currency: 'USD',
    summary: {},
    scenarios: [],
    series: [],
    seriesData: [],
    weatherStation: null,
  };
  const rate = (qty: number, cost: number) => (qty === 0 ? null : Math.round((cost / qty) * 1e6) / 1e6);
  let id = 0;
  for (const period of ['MONTH', 'YEAR', 'ALL'] as const) {
    for (const scenario of SERIES_SCENARIOS) {
      const measures =
        period === 'MONTH' ? p.month[scenario] : period === 'YEAR' ? p.year[scenario] : [p.all[scenario]];
      const seriesId = ++id;
      const qty = measures.reduce((s, m) => s + m.qty, 0);
      const cost = Math.round(measures.reduce((s, m) => s + m.cost, 0) * 100) / 100;
      answer.series.push({
        seriesId,
        scenario,
        seriesPeriod: period,
        seriesDuration: measures.length,
        displayLabel: `${LABELS[scenario]}, ${PERIOD_LABELS[period]}`,
        designId,
        key: null,
        fromDateTime: at(measures[0]!.from),
        toDateTime: at(measures.at(-1)!.to),
        rate: rate(qty, cost),
        qty: Math.round(qty * 1000) / 1000,
        cost,
      });
      measures.forEach((m, k) => {
        const detail =
          period === 'MONTH' && (scenario === 'before' || scenario === 'after')
            ? (scenario === 'before' ? beforeMonths : afterMonths)[k]!
            : null;
        answer.seriesData.push({
          seriesId,
          fromDateTime: at(m.from),
          toDateTime: at(m.to),
          rate: rate(m.qty, m.cost),
          qty: Math.round(m.qty * 1000) / 1000,
          cost: m.cost,
          ...(detail
            ? { importedKWh: detail.importedKWh, exportedKWh: detail.exportedKWh, charges: detail.charges }
            : {}),
        });
      });
    }
  }
  return answer;
}
