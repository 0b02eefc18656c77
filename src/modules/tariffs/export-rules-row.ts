// A tariff row's export rules as the engine and the API read them: the stored arrangement with its true-up terms,
// the defaults filled in where the row leaves them open.
import { fromSqlBool } from '../../db/sql-values.ts';
import { DEFAULT_TRUE_UP_MONTH, type ExportArrangement, type ExportRules } from '../../engine/tariff/model.ts';
import type { TariffRow } from './tariffs.repository.ts';

/** A version's export arrangement and its true-up terms, defaults filled in; null when the version names none. */
export function exportRulesOf(
  row: Pick<TariffRow, 'export_arrangement' | 'true_up_month' | 'year_end_sell_rate' | 'year_end_credit_paid'> &
    Partial<Pick<TariffRow, 'export_arrangement_from'>>,
): ExportRules | null {
  if (row.export_arrangement === null) return null;
  return {
    arrangement: row.export_arrangement as ExportArrangement,
    trueUpMonth: row.true_up_month ?? DEFAULT_TRUE_UP_MONTH,
    yearEndSellRate: row.year_end_sell_rate ?? 0,
    yearEndCreditPaid: row.year_end_credit_paid === null ? false : fromSqlBool(row.year_end_credit_paid),
    newSolarFrom: row.export_arrangement_from ?? null,
  };
}
