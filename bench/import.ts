// Import throughput and peak memory: a SYNTHETIC URDB file of 50,000 records (generated here: two-season, two-period
// TOU rates with tiers and a fixed charge, labelled "synthetic" in their names) and NREL's ZIP-to-utility CSV (read
// from ../shared/reference), each imported by the built CLI into a fresh seeded SQLite database. Peak memory is the
// importing process's maximum resident set size (GNU time). Usage: npm run bench:import [-- --records 50000]
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { records: { type: 'string', default: '50000' } } });
const records = Number(values.records);
const ZIP_CSV = new URL('../../shared/reference/zip-utilities/non_iou_zipcodes_2020.csv', import.meta.url).pathname;

function syntheticRecord(k: number) {
  const summer = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0));
  const winter = Array(24).fill(0);
  const months = (weekday: boolean) =>
    Array.from({ length: 12 }, (_, m) => (m >= 5 && m <= 8 && weekday ? summer : winter));
  const price = 0.08 + (k % 97) / 1000;
  return {
    label: `synthetic-${k}`,
    name: `Synthetic TOU rate ${k} (benchmark, not a real tariff)`,
    sector: 'Residential',
    eiaid: 15466,
    startdate: 1577836800 + (k % 1000) * 86400,
    energyratestructure: [
      [
        { max: 500, rate: price, unit: 'kWh' },
        { rate: price + 0.02, unit: 'kWh' },
      ],
      [
        { max: 500, rate: price + 0.1, unit: 'kWh' },
        { rate: price + 0.12, unit: 'kWh' },
      ],
    ],
    energyweekdayschedule: months(true),
    energyweekendschedule: months(false),
    fixedmonthlycharge: 5 + (k % 10),
  };
}

async function writeSynthetic(file: string): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  await write('[\n');
  for (let k = 0; k < records; k++) await write(`${k ? ',\n' : ''}${JSON.stringify(syntheticRecord(k))}`);
  await write('\n]\n');
  await new Promise<void>((resolve) => out.end(resolve));
}

/** Imports a file with the built CLI under GNU time: wall time, and the importing process's peak RSS. */
function timedImport(
  format: string,
  file: string,
  env: Record<string, string>,
): { seconds: number; peakMb: number; summary: string } {
  const started = performance.now();
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', 'peak-rss-kb %M', process.execPath, 'dist/ratebook.js', 'import', format, file],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`import ${format} failed: ${run.stderr}`);
  const kb = Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { seconds, peakMb: kb / 1024, summary: run.stdout.trim().split('\n')[0] ?? '' };
}

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'ratebook-import-'));
try {
  const urdb = join(dir, 'synthetic-urdb.json');
  await writeSynthetic(urdb);
  for (const [format, file, count] of [
    ['urdb', urdb, records],
    ['zip-utilities', ZIP_CSV, 28027],
  ] as const) {
    if (!existsSync(file)) {
      console.log(`${format}: ${file} is absent, skipped`);
      continue;
    }
    const env = { DATABASE_URL: `sqlite:${join(dir, `${format}.sqlite`)}`, LOG_LEVEL: 'warn' };
    execFileSync(process.execPath, ['dist/ratebook.js', 'seed'], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const r = timedImport(format, file, env);
    console.log(r.summary);
    console.log(
      `${format}: ${count.toLocaleString('en-US')} records (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${r.seconds.toFixed(1)} s (process start and commit included): ${Math.round(count / r.seconds).toLocaleString('en-US')} records/s, peak memory ${r.peakMb.toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
