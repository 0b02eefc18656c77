// The bundled export prices at their real size: expands PG&E's Solar Billing Plan tables (10 keys x 175,320 hours),
// loads them into a fresh database as a server's first start does (two years of a key per transaction), then times
// the reads a net billing calculation makes: a month and a year of one key.
// Usage: npm run bench:export-prices [-- --database-url postgres://...]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadExportPrices } from '../src/data/export-prices.load.ts';
import { EXPORT_PRICE_TABLES } from '../src/data/starter/export-prices/export-price-keys.ts';
import { expandSeries } from '../src/data/starter/export-prices/export-price-series.ts';
import { LookupsRepository } from '../src/domain/properties/lookups.repository.ts';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const dir = mkdtempSync(join(tmpdir(), 'ratebook-export-prices-'));
const db = connectDatabase(
  values['database-url']
    ? parseDatabaseUrl(values['database-url'])
    : { kind: 'sqlite', filename: join(dir, 'export-prices.sqlite') },
);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  let t = performance.now();
  let hours = 0;
  for (const { table } of EXPORT_PRICE_TABLES) for (const s of table.series) hours += expandSeries(table, s).length;
  console.log(`expand: ${hours.toLocaleString('en-US')} hours in ${(performance.now() - t).toFixed(0)} ms`);
  await migrateToLatest(db);
  t = performance.now();
  await loadExportPrices(db, () => {});
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `${db.dialect}: loaded ${hours.toLocaleString('en-US')} values in ${seconds.toFixed(1)} s (${Math.round(hours / seconds).toLocaleString('en-US')} values/s, statistics included)`,
  );
  const repo = new LookupsRepository(db);
  for (const [label, days] of [
    ['a month', 31],
    ['a year', 365],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < 100; i++) {
      const from = Date.UTC(2026 + (i % 15), i % 12, 1, 8);
      const t0 = performance.now();
      await repo.range('pgeNbtExportDelivery2026', '', from, from + days * 86_400_000, {
        pageStart: 0,
        pageCount: 1_000_000,
      });
      ms.push(performance.now() - t0);
    }
    console.log(
      `${label} of one key (${days * 24} values): median ${percentile(ms, 0.5).toFixed(2)} ms, p99 ${percentile(ms, 0.99).toFixed(2)} ms (100 reads)`,
    );
  }
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
