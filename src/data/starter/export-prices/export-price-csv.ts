// Export prices as the lookups importer's CSV (keyName,subKeyName,fromDateTime,toDateTime,actualValue): how an
// operator loads a newer published file, or another utility's, through `ratebook import lookups`, and how the tests
// check that the seeded values are exactly what the importer stores from the same prices.
import type { HourPrice } from './export-price-series.ts';

export function exportPriceCsv(keyName: string, hours: readonly HourPrice[]): string {
  const lines = ['keyName,subKeyName,fromDateTime,toDateTime,actualValue'];
  for (const h of hours)
    lines.push(`${keyName},,${new Date(h.from).toISOString()},${new Date(h.to).toISOString()},${h.value}`);
  return `${lines.join('\n')}\n`;
}
