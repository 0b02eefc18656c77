// Lookup storage at scale: loads millions of hourly values for one key (several sub keys) into a fresh database,
// then times range reads by key, sub key and time, and the statistics read.
// Usage: npm run bench:lookups [-- --rows 3000000 --subkeys 10 --queries 500 --database-url postgres://...]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { LookupsRepository } from '../src/domain/properties/lookups.repository.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '3000000' },
    subkeys: { type: 'string', default: '10' },
    queries: { type: 'string', default: '500' },
    'database-url': { type: 'string' },
  },
});
const rows = Number(values.rows);
const subkeys = Number(values.subkeys);
const queries = Number(values.queries);
const HOUR = 3_600_000;
const perSub = Math.ceil(rows / subkeys);
const start = Date.UTC(1990, 0, 1);

const dir = mkdtempSync(join(tmpdir(), 'ratebook-lookups-'));
const db = connectDatabase(
  values['database-url']
    ? parseDatabaseUrl(values['database-url'])
    : { kind: 'sqlite', filename: join(dir, 'lookups.sqlite') },
);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  await migrateToLatest(db);
  const repo = new LookupsRepository(db);
  const loadStarted = performance.now();
  for (let s = 0; s < subkeys; s++) {
    // One transaction per sub key, as an import of one file would be.
    await db.kysely.transaction().execute(async (trx) => {
      const batch = [];
      for (let i = 0; i < perSub; i++) {
        const from = start + i * HOUR;
        const v = 0.03 + ((i * 7919 + s * 104729) % 1000) / 10000;
        batch.push({
          from_time: from,
          to_time: from + HOUR,
          best_value: v,
          actual_value: v,
          best_accuracy: null,
          lse_forecast_value: null,
          lse_forecast_accuracy: null,
          forecast_value: null,
          forecast_accuracy: null,
        });
      }
      await repo.replace(trx, 'benchPrice', `ZONE${s}`, batch, Date.now());
    });
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `${db.dialect}: loaded ${(perSub * subkeys).toLocaleString('en-US')} rows (${subkeys} sub keys x ${perSub.toLocaleString('en-US')} hours) in ${loadSeconds.toFixed(1)} s (${Math.round((perSub * subkeys) / loadSeconds).toLocaleString('en-US')} rows/s, including statistics)`,
  );

  async function time(label: string, run: (i: number) => Promise<number>) {
    const ms: number[] = [];
    let returned = 0;
    for (let i = 0; i < queries; i++) {
      const t0 = performance.now();
      returned += await run(i);
      ms.push(performance.now() - t0);
    }
    console.log(
      `${label}: median ${percentile(ms, 0.5).toFixed(2)} ms, p99 ${percentile(ms, 0.99).toFixed(2)} ms (${queries} queries, ${Math.round(returned / queries)} rows each)`,
    );
  }
  // Deterministic "random" positions spread over the whole series.
  const at = (i: number) => start + (((i * 2654435761) % (perSub - 200)) + 100) * HOUR;
  await time(
    '72 h of one sub key',
    async (i) =>
      (
        await repo.range('benchPrice', `ZONE${i % subkeys}`, at(i), at(i) + 72 * HOUR, {
          pageStart: 0,
          pageCount: 1000,
        })
      ).rows.length,
  );
  await time(
    '1 week of one sub key',
    async (i) =>
      (
        await repo.range('benchPrice', `ZONE${i % subkeys}`, at(i), at(i) + 168 * HOUR, {
          pageStart: 0,
          pageCount: 1000,
        })
      ).rows.length,
  );
  await time(
    `72 h of all ${subkeys} sub keys`,
    async (i) =>
      (await repo.range('benchPrice', undefined, at(i), at(i) + 72 * HOUR, { pageStart: 0, pageCount: 1000 })).rows
        .length,
  );
  await time('statistics of the key', async () => ((await repo.stats('benchPrice')).lookupCount > 0 ? 1 : 0));
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
