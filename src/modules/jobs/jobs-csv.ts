// A job's results as CSV: one row per account and scenario, the kind's figures as columns after the common ones.
import type { AccountResult } from './job-types.ts';
import type { JobResultRow } from './jobs.repository.ts';

const COMMON = [
  'position',
  'accountId',
  'providerAccountId',
  'accountStatus',
  'scenario',
  'status',
  'masterTariffId',
  'tariffName',
  'totalCost',
  'kWh',
] as const;
const ERROR = ['errorCode', 'errorMessage', 'errorPropertyName', 'errorPropertyValue'] as const;

export function resultsCsv(rows: JobResultRow[]): string {
  const parsed = rows.map((row) => ({ row, result: JSON.parse(row.result) as AccountResult }));
  // The kind's figures (a savings summary): every name any row has, in the order first met.
  const figures = [...new Set(parsed.flatMap(({ result }) => result.scenarios.flatMap((s) => Object.keys(s.figures))))];
  const lines = [[...COMMON, ...figures, ...ERROR].join(',')];
  for (const { row, result } of parsed)
    for (const s of result.scenarios)
      lines.push(
        [
          row.position,
          row.account_id,
          row.provider_account_id,
          result.status,
          s.name,
          s.status,
          s.masterTariffId,
          s.tariffName,
          s.totalCost,
          s.kWh,
          ...figures.map((f) => s.figures[f] ?? null),
          s.error?.code ?? null,
          s.error?.message ?? null,
          s.error?.propertyName ?? null,
          s.error?.propertyValue ?? null,
        ]
          .map(cell)
          .join(','),
      );
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; a text cell a spreadsheet would read as a formula is prefixed with a quote mark. */
function cell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
