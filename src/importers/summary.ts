// What an import did: counts of records created, updated, unchanged, skipped (each with its reason) and repeated,
// so that every record read is counted once: records = created + updated + unchanged + skipped + repeated.
export interface ImportSummary {
  format: string;
  source: string;
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: { label: string; reason: string }[];
  /** Records that say again what an earlier record of the same source said (written once, counted here). */
  repeated: number;
}

export const emptySummary = (format: string, source: string): ImportSummary => ({
  format,
  source,
  records: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: [],
  repeated: 0,
});

export function formatSummary(s: ImportSummary): string[] {
  const lines = [
    `${s.source}: ${s.records} records: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.skipped.length} skipped${s.repeated ? `, ${s.repeated} repeated` : ''}`,
  ];
  for (const k of s.skipped) lines.push(`  skipped ${k.label}: ${k.reason}`);
  return lines;
}
