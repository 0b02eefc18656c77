// What the answer's scenarios say they assumed: the term and its escalation (before), what the account stood in for,
// each bill's own assumptions, the usage; the export arrangement assumed after solar; the PV output and the price of
// solar.
import type { BillResult } from '../../../engine/bill/types.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import type { AnalysisPlan } from './inputs.ts';
import { note, type Assumption, type Production, type Usage } from './types.ts';

/** Year one and how the answer writes its instants. */
export interface YearOneSpan {
  from: number;
  to: number;
  at: (ms: number) => string;
}

export function beforeAssumptions(
  plan: AnalysisPlan,
  span: YearOneSpan,
  accountNotes: readonly Assumption[],
  bill: PreparedBill,
  result: BillResult,
  usage: Usage,
): Assumption[] {
  const { from, to, at } = span;
  return [
    ...termAssumptions(plan, span),
    ...accountNotes,
    ...billAssumptions(bill, result),
    note('usage', usage.dataValue, usage.noted, at(from), at(to), usage.accuracy),
    ...usage.more,
  ];
}

export function afterAssumptions(
  years: number,
  afterId: number,
  assumedExports: boolean,
  span: YearOneSpan,
  bill: PreparedBill,
  result: BillResult,
): Assumption[] {
  const { from, to, at } = span;
  return [
    ...(assumedExports
      ? [
          note(
            'exportArrangement',
            'NET_METERING',
            `Tariff ${afterId} names no export arrangement: net metering is assumed (give exportArrangement tagged after to choose another)`,
            at(from),
            at(to),
            50,
          ),
        ]
      : []),
    ...billAssumptions(bill, result),
    ...(bill.exportPricesOfYear && years > 1
      ? [
          note(
            'exportPrices',
            null,
            "Each later year of the term credits exports at that calendar year's hourly export prices of the customer's vintage (locked, then floating), laid on year one's hours by local date and time; the rate inflation raises the year's charges, not those prices",
            at(from),
            null,
            80,
          ),
        ]
      : []),
  ];
}

export function solarAssumptions(plan: AnalysisPlan, span: YearOneSpan, pv: Production): Assumption[] {
  const { from, to, at } = span;
  return [
    ...pv.assumptions.map((a) => ({ ...a, fromDateTime: at(from), toDateTime: at(to) })),
    ...solarPriceNote(plan),
  ];
}

/** Assumptions of the whole analysis: the term, the escalation, year one. */
function termAssumptions(plan: AnalysisPlan, { from, to, at }: YearOneSpan): Assumption[] {
  return [
    note('projectDuration', String(plan.years), `A term of ${plan.years} years from ${at(from)}`, null, null, 100),
    note(
      'rateInflation',
      String(plan.utilityInflation * 100),
      plan.utilityInflation === 0
        ? "Utility rates held at year one's through the term (no rateInflation given for before,after)"
        : `Utility bills rise ${(plan.utilityInflation * 100).toFixed(2)} % a year`,
      null,
      null,
      plan.utilityInflation === 0 ? 50 : 90,
    ),
    note(
      'yearOne',
      null,
      "Year one is billed month by month on the tariffs in effect then; later years are year one's bills escalated, the after bill billed again with each year's degraded output",
      at(from),
      at(to),
      90,
    ),
  ];
}

function solarPriceNote(plan: AnalysisPlan): Assumption[] {
  const p = plan.price;
  if (p.perKwh === 0 && p.perMonth === 0 && p.perYear === 0 && p.once === 0)
    return [
      note(
        'solarRate',
        '0',
        'No price of solar given (rate inputs tagged solar): the system costs nothing in this analysis, so the savings are the utility savings',
        null,
        null,
        50,
      ),
    ];
  return [
    note(
      'solarRate',
      null,
      `Solar costs ${[p.perKwh && `${p.perKwh} $/kWh`, p.perMonth && `${p.perMonth} $/month`, p.perYear && `${p.perYear} $/year`, p.once && `${p.once} $ once`].filter(Boolean).join(' + ')}, rising ${(plan.solarInflation * 100).toFixed(2)} % a year (not the one-time price)`,
      null,
      null,
      100,
    ),
  ];
}

/** The bill's own assumptions, as the answer carries them. */
function billAssumptions(bill: PreparedBill, result: BillResult): Assumption[] {
  return bill.format({ ...result, items: [] }, undefined, false).assumptions;
}
