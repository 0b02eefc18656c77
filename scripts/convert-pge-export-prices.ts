// Converts PG&E's Solar Billing Plan export rate files (PG&E NBT EEC Values <vintage> Vintage.csv.zip, as published in
// PGE-Solar-Billing-Plan-Export-Rates.zip) into src/data/starter/export-prices/pge-nbt.data.ts: the price table per
// vintage, component, year, month, day type and hour, the holidays, and the hours where a file departs from its own
// table. It then expands the table again and checks that every published hour gets exactly the published price, so
// the bundled data is the originals, compacted (175,320 hours of a file become 20 x 12 x 48 prices).
// Usage: tsx scripts/convert-pge-export-prices.ts DIR_WITH_THE_FIVE_ZIPS   (needs `unzip` on the PATH)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import {
  expandSeries,
  PRICE_SCALE,
  type ExportPriceSeries,
  type ExportPriceTable,
} from '../src/data/starter/export-prices/export-price-series.ts';

const ZONE = 'America/Los_Angeles';
const STANDARD_OFFSET_MINUTES = -480;
const STANDARD_ZONE = 'UTC-8';
const FILES: { vintage: number | null; file: string; suffix: string }[] = [
  { vintage: 2023, file: 'PG&E NBT EEC Values 2023 Vintage.csv.zip', suffix: '2023' },
  { vintage: 2024, file: 'PG&E NBT EEC Values 2024 Vintage.csv.zip', suffix: '2024' },
  { vintage: 2025, file: 'PG&E NBT EEC Values 2025 Vintage.csv.zip', suffix: '2025' },
  { vintage: 2026, file: 'PG&E NBT EEC Values 2026 Vintage.csv.zip', suffix: '2026' },
  { vintage: null, file: 'PG&E NBT EEC Values Floating Vintage.csv.zip', suffix: 'Floating' },
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOUR = 3_600_000;

interface Row {
  rin: string;
  from: number;
  dayType: number;
  label: string;
  scaled: number;
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/convert-pge-export-prices.ts DIR_WITH_THE_FIVE_ZIPS');

function utc(date: string, time: string): number {
  const [m, d, y] = date.split('/').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hh, mm, ss);
}

function readRows(zipPath: string): { rows: Row[]; csvSha: string } {
  const csv = execFileSync('unzip', ['-p', zipPath, '*.csv', '-x', '__MACOSX/*'], { maxBuffer: 1 << 30 });
  const lines = csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const header = lines[0]!.split(',');
  const at = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${zipPath}: no column ${name}`);
    return i;
  };
  const [iRin, iDate, iTime, iDay, iLabel, iValue] = [
    'RIN',
    'DateStart',
    'TimeStart',
    'DayStart',
    'ValueName',
    'Value',
  ].map(at) as number[];
  const rows: Row[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const c = line.split(',');
    const raw = c[iValue!]!;
    const value = Number(raw);
    const scaled = Math.round(value * PRICE_SCALE);
    if (!Number.isFinite(value) || scaled / PRICE_SCALE !== value) throw new Error(`${zipPath}: price "${raw}"`);
    rows.push({
      rin: c[iRin!]!,
      from: utc(c[iDate!]!, c[iTime!]!),
      dayType: Number(c[iDay!]),
      label: c[iLabel!]!,
      scaled,
    });
  }
  return { rows, csvSha: createHash('sha256').update(csv).digest('hex') };
}

const notes: string[] = [];
const series: ExportPriceSeries[] = [];
for (const f of FILES) {
  const zipPath = join(dir, f.file);
  const zipSha = createHash('sha256').update(readFileSync(zipPath)).digest('hex');
  const { rows, csvSha } = readRows(zipPath);
  notes.push(`${f.file}: sha256 ${zipSha}; its CSV: sha256 ${csvSha}, ${rows.length.toLocaleString('en-US')} rows`);
  const holidays = new Set<string>();
  const byRin = new Map<string, Row[]>();
  for (const r of rows) (byRin.get(r.rin) ?? byRin.set(r.rin, []).get(r.rin)!).push(r);
  for (const [rin, list] of [...byRin].sort(([a], [b]) => b.localeCompare(a))) {
    // USCA-XXPG-...: generation (bundled customers only); USCA-PGXX-...: delivery (PG&E's readme).
    const component = rin.includes('-XXPG-') ? 'GENERATION' : rin.includes('-PGXX-') ? 'DELIVERY' : null;
    if (!component) throw new Error(`${f.file}: unknown RIN ${rin}`);
    list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < list.length; i++)
      if (list[i]!.from !== list[i - 1]!.from + HOUR) throw new Error(`${rin}: hours not consecutive at ${i}`);
    // The first year whose July hours are labelled in standard time (the prevailing hour would be one more).
    const standardTimeFrom = list.find((r) => {
      const t = DateTime.fromMillis(r.from, { zone: ZONE });
      return t.month === 7 && !r.label.endsWith(` HS${t.hour}`);
    });
    const standardYear = standardTimeFrom ? DateTime.fromMillis(standardTimeFrom.from, { zone: ZONE }).year : undefined;
    const years: Record<number, number[][]> = {};
    let conflicts = 0;
    for (const r of list) {
      let local = DateTime.fromMillis(r.from, { zone: ZONE });
      if (standardYear !== undefined && local.year >= standardYear) local = local.setZone(STANDARD_ZONE);
      if (r.dayType === 8) holidays.add(local.toISODate()!);
      const m = /^(\w{3}) (Weekday|Weekend) HS(\d+)$/.exec(r.label);
      if (!m) throw new Error(`${rin}: label "${r.label}"`);
      const month = MONTHS.indexOf(m[1]!);
      const slot = (m[2] === 'Weekend' ? 24 : 0) + Number(m[3]);
      years[local.year] ??= MONTHS.map(() => new Array<number>(48).fill(Number.NaN));
      const table = years[local.year]!;
      const cell = table[month]![slot]!;
      if (Number.isNaN(cell)) table[month]![slot] = r.scaled;
      else if (cell !== r.scaled) conflicts++;
    }
    const strings: Record<number, string[]> = {};
    for (const [year, months] of Object.entries(years)) {
      for (const [i, m] of months.entries())
        if (m.some(Number.isNaN)) throw new Error(`${rin}: ${year} ${MONTHS[i]} has hours without a price`);
      strings[Number(year)] = months.map((m) => m.join(' '));
    }
    const vintageName = f.vintage === null ? 'floating' : String(f.vintage);
    const s: ExportPriceSeries = {
      keyName: `pgeNbtExport${component === 'GENERATION' ? 'Generation' : 'Delivery'}${f.suffix}`,
      vintage: f.vintage,
      component,
      publishedId: rin,
      firstHour: new Date(list[0]!.from).toISOString(),
      hours: list.length,
      years: strings,
      ...(standardYear === undefined ? {} : { standardTimeFrom: standardYear }),
      holidays: [],
      exceptions: {},
    };
    s.holidays = [...holidays].sort();
    const expanded = expandSeries({ zone: ZONE, standardOffsetMinutes: STANDARD_OFFSET_MINUTES, series: [s] }, s);
    if (expanded.length !== list.length) throw new Error(`${rin}: expanded ${expanded.length} of ${list.length} hours`);
    const exceptions: Record<number, number> = {};
    for (const [i, r] of list.entries()) {
      if (expanded[i]!.from !== r.from) throw new Error(`${rin}: hour ${i} starts at ${expanded[i]!.from}`);
      if (Math.round(expanded[i]!.value * PRICE_SCALE) !== r.scaled) exceptions[r.from] = r.scaled;
    }
    s.exceptions = exceptions;
    series.push(s);
    notes.push(
      `  ${s.keyName} (${rin}, vintage ${vintageName}): ${list.length.toLocaleString('en-US')} hours from ${s.firstHour}; ` +
        `${s.standardTimeFrom === undefined ? '' : `labelled in standard time from ${s.standardTimeFrom}; `}${Object.keys(exceptions).length} hours off the file's own table, kept as exceptions; ${conflicts} labels priced twice differently`,
    );
  }
}

const table: ExportPriceTable = { zone: ZONE, standardOffsetMinutes: STANDARD_OFFSET_MINUTES, series };
// The check the bundled data rests on: every published hour, expanded from what is written, has its published price.
for (const f of FILES) {
  const { rows } = readRows(join(dir, f.file));
  for (const s of series.filter((x) => x.vintage === f.vintage)) {
    const expanded = expandSeries(table, s);
    const published = rows.filter((r) => r.rin === s.publishedId).sort((a, b) => a.from - b.from);
    for (const [i, r] of published.entries())
      if (expanded[i]!.from !== r.from || Math.round(expanded[i]!.value * PRICE_SCALE) !== r.scaled)
        throw new Error(`${s.keyName}: hour ${new Date(r.from).toISOString()} expands differently`);
  }
}

const out = `// PG&E Solar Billing Plan (Net Billing Tariff) hourly export prices: generation and delivery components for the
// 2023, 2024, 2025 and 2026 vintages and the floating one, $/kWh, 20 years of hours each. Written by
// scripts/convert-pge-export-prices.ts from PG&E's own files; do not edit by hand.
//
// Source: PG&E, "Solar Billing Plan Export Rates" (https://www.pge.com/assets/pge/docs/vanities/PGE-Solar-Billing-Plan-Export-Rates.zip),
// the files dated 2024-12-18, as kept unchanged in the public repository danielraffel/pge-feed-in-rates (folder
// utililty-rates/, commit 45970da7221a2d2388685942aa3e00545bdf48cc, 2025-03-20), read 2026-11-27.
// Licence: none stated; PG&E publishes these prices as CPUC Resolution E-5301 requires (public tariff information).
// The repository states no licence either; only PG&E's files are used here, none of its code or converted JSON.
// PG&E's notes: times are UTC; months, day types and hours are Pacific prevailing time; holidays are New Year's Day,
// Presidents' Day, Memorial Day, Independence Day, Labor Day, Veterans Day, Thanksgiving and Christmas. Vintage
// prices are guaranteed for 9 years from permission to operate; the later years, and the floating prices after 2026,
// are PG&E's illustration, not effective prices.
// Originals and checks:
${notes.map((n) => `//   ${n}`).join('\n')}
import type { ExportPriceTable } from './export-price-series.ts';

export const PGE_NBT_EXPORT_PRICES: ExportPriceTable = {
  zone: ${JSON.stringify(ZONE)},
  standardOffsetMinutes: ${STANDARD_OFFSET_MINUTES},
  series: [
${series
  .map(
    (s) => `    {
      keyName: ${JSON.stringify(s.keyName)}, vintage: ${s.vintage}, component: '${s.component}', publishedId: ${JSON.stringify(s.publishedId)},
      firstHour: ${JSON.stringify(s.firstHour)}, hours: ${s.hours},${s.standardTimeFrom === undefined ? '' : ` standardTimeFrom: ${s.standardTimeFrom},`}
      holidays: ${JSON.stringify(s.holidays).replace(/"/g, "'")},
      exceptions: ${JSON.stringify(s.exceptions).replace(/"/g, '')},
      years: {
${Object.entries(s.years)
  .map(([y, months]) => `        ${y}: [\n${months.map((m) => `          '${m}',`).join('\n')}\n        ],`)
  .join('\n')}
      },
    },`,
  )
  .join('\n')}
  ],
};
`;
writeFileSync('src/data/starter/export-prices/pge-nbt.data.ts', out);
console.log(notes.join('\n'));
