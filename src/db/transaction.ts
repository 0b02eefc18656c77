// Write transactions, one call for both engines. On SQLite the write lock is taken up front (BEGIN IMMEDIATE); when
// another process holds it, the attempt is given up before anything runs and made again after a pause, outside the
// connection mutex (so this process's reads go on), until the database's lock wait runs out: then the SQLITE_BUSY
// error goes up and the API answers 503 with Retry-After. PostgreSQL waits for its row locks itself.
import type { Transaction } from 'kysely';
import type { Database, Db } from './database.ts';
import { backoff, sleep, WriteLockBusy } from './sqlite-locking.ts';

/** Runs `attempt` again while it fails for want of the SQLite write lock, until the database's lock wait runs out. */
export async function whileLocked<T>(db: Db, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + (db.lockWaitMs ?? 0);
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof WriteLockBusy) || Date.now() >= deadline) throw e;
      await sleep(backoff(n));
    }
  }
}

/**
 * `work` in a write transaction. A Db whose connection is already a transaction (`inTransaction`) runs `work` in it:
 * a bulk upload writes many accounts, profiles and readings through the repositories' own writes, all in its one
 * transaction, so that a file lands whole or not at all.
 */
export function writeTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return work(db.kysely as Transaction<Database>);
  return whileLocked(db, () => db.kysely.transaction().execute(work));
}

/** The same database seen through an open transaction: repositories built on it write inside that transaction. */
export function inTransaction(db: Db, trx: Transaction<Database>): Db {
  return { ...db, kysely: trx };
}
