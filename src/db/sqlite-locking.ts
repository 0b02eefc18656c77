// SQLite shared by several processes (the server and a CLI import, or two servers on one file) without answering
// SQLITE_BUSY as a server error and without holding the event loop.
//
// better-sqlite3 is synchronous: its busy_timeout waits for another process's lock on the event loop, so every other
// request of the server waits too. Here SQLite is told not to wait (busy_timeout 0) and the waiting happens between
// attempts, asynchronously:
// - a write transaction takes its lock up front (BEGIN IMMEDIATE, so it never finds its read snapshot stale when it
//   comes to write: SQLITE_BUSY_SNAPSHOT). When another process holds the lock, the BEGIN fails at once with
//   WriteLockBusy; `writeTransaction` (transaction.ts) waits and tries again outside the connection mutex, so reads of
//   this process go on meanwhile;
// - a statement outside a transaction that finds the database busy (a checkpoint of another process, a write
//   waiting for its turn) is tried again after a pause.
// What still cannot proceed when the time given runs out is SQLITE_BUSY, which the API answers 503 with Retry-After.
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

/** SQLite's busy result codes: SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, SQLITE_BUSY_TIMEOUT, SQLITE_LOCKED... */
export const isSqliteBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
};

/** BEGIN IMMEDIATE found another connection holding the write lock; nothing of the transaction has run. */
export class WriteLockBusy extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor() {
    super('Another process holds the SQLite write lock');
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Pauses between attempts: short at first, never longer than a quarter second. */
export const backoff = (attempt: number) => Math.min(250, 10 * 2 ** attempt) * (0.5 + Math.random() / 2);

class PatientConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly waitMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    const deadline = Date.now() + this.waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (e) {
        if (!isSqliteBusy(e) || Date.now() >= deadline) throw e;
        await sleep(backoff(attempt));
      }
    }
  }

  /** One attempt, no retry: BEGIN IMMEDIATE must give up at once so that the wait happens outside the mutex. */
  once(query: CompiledQuery): Promise<QueryResult<unknown>> {
    return this.inner.executeQuery(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class PatientSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PatientConnection(await super.acquireConnection(), this.waitMs);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PatientConnection;
    try {
      await c.once(CompiledQuery.raw('begin immediate'));
    } catch (e) {
      throw isSqliteBusy(e) ? new WriteLockBusy() : e;
    }
    c.inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    (connection as PatientConnection).inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PatientConnection).inTransaction = false;
    await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect with the waiting above; `waitMs` bounds the retries of a statement outside a transaction. */
export class PatientSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new PatientSqliteDriver(this.config, this.waitMs);
  }
}
