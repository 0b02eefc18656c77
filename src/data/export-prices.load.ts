// The bundled export prices on a server's first start: 1.75 million lookup values take tens of seconds to write, so
// they load after the server listens, two years of a key per transaction (another write waits a fraction of a
// second, not the whole load), and are recorded as the export prices seeder's run when all are in. Until a range of a
// key is all in, calculations price it from the bundled table itself (modules/calculations/tariff-context.ts,
// splicedLookups): the bills are the same.
import type { Db } from '../db/database.ts';
import { replaceSeries } from '../domain/properties/lookups.repository.ts';
import { sleep } from '../db/sqlite-locking.ts';
import { writeTransaction } from '../db/transaction.ts';
import { EXPORT_PRICE_TABLES } from './starter/export-prices/export-price-keys.ts';
import { expandSeries } from './starter/export-prices/export-price-series.ts';
import { exportPricesSeeder } from './export-prices.seeder.ts';

const CHUNK = 2 * 8760;
/**
 * On SQLite, a pause after each transaction longer than the longest wait between another writer's attempts
 * (db/sqlite-locking.ts: 250 ms): back to back, the load would take the lock again before a waiting write of another
 * process (two servers on one file, a key revoked over HTTP) gets its turn, and that write would time out as a 503.
 */
const SQLITE_PAUSE_MS = 300;

export async function loadExportPrices(db: Db, print: (line: string) => void): Promise<void> {
  const done = await db.kysely
    .selectFrom('seed_runs')
    .select('seed_version')
    .where('seed_name', '=', exportPricesSeeder.name)
    .executeTakeFirst();
  if (done && Number(done.seed_version) >= exportPricesSeeder.version) return;
  const started = Date.now();
  let rows = 0;
  for (const { table } of EXPORT_PRICE_TABLES)
    for (const series of table.series) {
      const hours = expandSeries(table, series);
      // Two years a transaction (17,520 values): each holds the write lock well under a second.
      for (let i = 0; i < hours.length; i += CHUNK) {
        const part = hours.slice(i, i + CHUNK);
        await writeTransaction(db, (trx) => replaceSeries(trx, series.keyName, '', part, Date.UTC(2026, 10, 27)));
        if (db.dialect === 'sqlite') await sleep(SQLITE_PAUSE_MS);
      }
      rows += hours.length;
    }
  await writeTransaction(db, async (trx) => {
    await trx.deleteFrom('seed_runs').where('seed_name', '=', exportPricesSeeder.name).execute();
    await trx
      .insertInto('seed_runs')
      .values({
        seed_name: exportPricesSeeder.name,
        seed_version: exportPricesSeeder.version,
        applied_at: new Date().toISOString(),
      })
      .execute();
  });
  print(
    `Loaded starter data ${exportPricesSeeder.name} v${exportPricesSeeder.version} (${rows} rows, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
