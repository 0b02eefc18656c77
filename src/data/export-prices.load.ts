// The bundled export prices on a server's first start: 1.75 million lookup values take tens of seconds to write, so
// they load after the server listens, two years of a key per transaction (another write waits a fraction of a
// second, not the whole load), and are recorded as the export prices seeder's run when all are in. Until a range of a
// key is all in, calculations price it from the bundled table itself (modules/calculations/tariff-context.ts,
// splicedLookups): the bills are the same.
//
// One process loads; the others starting on the same database meanwhile leave it to that one. Several servers started
// together on a new database once each wrote all 1.75 million values over each other, which on a small machine took
// minutes and starved their requests. The loader holds a claim row in seed_runs, refreshed with every transaction;
// a claim not refreshed for CLAIM_STALE_MS belongs to a process that died, and the next server to start takes over.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { replaceSeries } from '../domain/properties/lookups.repository.ts';
import { sleep } from '../db/sqlite-locking.ts';
import { writeTransaction } from '../db/transaction.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
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
/** The claim row's name in seed_runs (its applied_at is when the loader last wrote). */
export const LOAD_CLAIM = `${exportPricesSeeder.name} (loading)`;
/** A claim this long unrefreshed is a dead loader's: a chunk takes well under a second, a paused one a few seconds. */
export const CLAIM_STALE_MS = 2 * 60_000;

async function loaded(db: Db): Promise<boolean> {
  const done = await db.kysely
    .selectFrom('seed_runs')
    .select('seed_version')
    .where('seed_name', '=', exportPricesSeeder.name)
    .executeTakeFirst();
  return done !== undefined && Number(done.seed_version) >= exportPricesSeeder.version;
}

/** Takes the claim unless another process holds a fresh one; false when it does (or won the race to it). */
export async function claimLoad(db: Db, now = Date.now()): Promise<boolean> {
  try {
    return await writeTransaction(db, async (trx) => {
      const claim = await trx
        .selectFrom('seed_runs')
        .select('applied_at')
        .where('seed_name', '=', LOAD_CLAIM)
        .executeTakeFirst();
      if (claim && now - Date.parse(claim.applied_at) < CLAIM_STALE_MS) return false;
      // Only the stale claim that was read: on PostgreSQL another process's claim committed since that read must not
      // be deleted (its insert then refuses ours as a unique violation, below).
      if (claim)
        await trx
          .deleteFrom('seed_runs')
          .where('seed_name', '=', LOAD_CLAIM)
          .where('applied_at', '=', claim.applied_at)
          .execute();
      await trx
        .insertInto('seed_runs')
        .values({
          seed_name: LOAD_CLAIM,
          seed_version: exportPricesSeeder.version,
          applied_at: new Date(now).toISOString(),
        })
        .execute();
      return true;
    });
  } catch (e) {
    // Two processes saw no claim at once (PostgreSQL): the one whose insert was refused leaves the load to the other.
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

const refreshClaim = (trx: Transaction<Database>) =>
  trx
    .updateTable('seed_runs')
    .set({ applied_at: new Date().toISOString() })
    .where('seed_name', '=', LOAD_CLAIM)
    .execute();

export async function loadExportPrices(db: Db, print: (line: string) => void): Promise<void> {
  if (await loaded(db)) return;
  if (!(await claimLoad(db))) return;
  try {
    const started = Date.now();
    let rows = 0;
    for (const { table } of EXPORT_PRICE_TABLES)
      for (const series of table.series) {
        const hours = expandSeries(table, series);
        // Two years a transaction (17,520 values): each holds the write lock well under a second.
        for (let i = 0; i < hours.length; i += CHUNK) {
          const part = hours.slice(i, i + CHUNK);
          await writeTransaction(db, async (trx) => {
            await replaceSeries(trx, series.keyName, '', part, Date.UTC(2026, 10, 27), db.dialect);
            await refreshClaim(trx);
          });
          if (db.dialect === 'sqlite') await sleep(SQLITE_PAUSE_MS);
        }
        rows += hours.length;
      }
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom('seed_runs').where('seed_name', 'in', [exportPricesSeeder.name, LOAD_CLAIM]).execute();
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
  } catch (err) {
    // Released, so that the next start need not wait out a stale claim (best effort: the database may be what failed).
    await db.kysely
      .deleteFrom('seed_runs')
      .where('seed_name', '=', LOAD_CLAIM)
      .execute()
      .catch(() => {});
    throw err;
  }
}
