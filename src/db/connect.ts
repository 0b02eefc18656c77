// Opens the configured engine behind one Kysely interface: embedded SQLite (default) or PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, PostgresDriver } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import type { Database, Db } from './database.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';
import { linearRegex } from './linear-regex.ts';
import { ReadReplicaDriver, type ReadRoutingCounts } from './read-replica.ts';
import { listenForNotices } from './pg-notices.ts';
import { PatientSqliteDialect } from './sqlite-locking.ts';
import { cachingStatements } from './statement-cache.ts';

export interface ConnectOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  searchPath?: string;
  poolSize?: number;
  /** PostgreSQL: cancel any statement running longer (the server's safety net; 0 or unset: no limit). */
  statementTimeoutMs?: number;
  /** PostgreSQL: how the connections name themselves in pg_stat_activity. */
  applicationName?: string;
  /** SQLite: how long a write waits for another process's lock before SQLITE_BUSY (default 5 s). */
  lockWaitMs?: number;
  /** PostgreSQL: a read-only replica for the statements of GET and HEAD requests that only read (read-replica.ts). */
  readUrl?: string | null;
  /**
   * SQLite in memory only: start from this serialized database (better-sqlite3 copies it) instead of an empty one.
   * The tests open each app's database from one seeded template this way instead of seeding it again.
   */
  sqliteImage?: Buffer;
}

/** How long, by default, a SQLite write waits for another process (a CLI import, another server) to finish. */
export const DEFAULT_LOCK_WAIT_MS = 5000;

export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): Db {
  return config.kind === 'sqlite'
    ? openSqlite(config.filename, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS, options.sqliteImage)
    : openPostgres(config.url, options);
}

function openSqlite(filename: string, lockWaitMs: number, image?: Buffer): Db {
  if (image && filename !== ':memory:') throw new Error('a serialized SQLite image opens in memory only');
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SQLite(image ?? filename);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // No waiting inside SQLite: better-sqlite3 would wait on the event loop. sqlite-locking.ts waits between attempts.
  database.pragma('busy_timeout = 0');
  // SQLite's REGEXP operator calls a user function of this name (PostgreSQL has ~* built in): the linear-time engine,
  // so no pattern can hold the event loop (better-sqlite3 runs on it).
  database.function('regexp', { deterministic: true }, (pattern, value) => {
    if (value === null || pattern === null) return 0;
    return linearRegex(String(pattern))?.test(String(value)) ? 1 : 0;
  });
  const kysely = new Kysely<Database>({
    dialect: new PatientSqliteDialect({ database: cachingStatements(database) }, lockWaitMs),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', lockWaitMs, close: () => kysely.destroy() };
}

// int8 (count(*), bigint ids) and numeric arrive as strings from pg; the values Ratebook stores fit in doubles.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/** A pool that outlives its server: a connection lost (restart, failover, pg_terminate_backend) fails its query only. */
function openPool(url: string, options: ConnectOptions, applicationName: string | undefined): pg.Pool {
  const settings = [
    options.searchPath ? `-c search_path=${options.searchPath}` : '',
    options.statementTimeoutMs ? `-c statement_timeout=${options.statementTimeoutMs}` : '',
  ].filter(Boolean);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes as pg.CustomTypesConfig,
    // A server that is away must not hold a request for long: fail the connect, answer 503, try again next request.
    connectionTimeoutMillis: 5000,
    ...(applicationName ? { application_name: applicationName } : {}),
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // A server that goes away (restart, failover, pg_terminate_backend) makes its connections emit 'error': an idle one
  // through the pool, one in use through the client itself. Unheard, either ends the process; heard, the query in
  // flight fails (a 503) and the pool drops the connection and opens a new one for the next query.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** PostgreSQL with its statements routed between a primary and a read replica. */
class ReadReplicaDialect extends PostgresDialect {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: pg.Pool,
    private readonly counts: ReadRoutingCounts,
  ) {
    super({ pool: primary });
  }

  override createDriver(): ReadReplicaDriver {
    return new ReadReplicaDriver(
      new PostgresDriver({ pool: this.primary }),
      new PostgresDriver({ pool: this.replica }),
      this.counts,
    );
  }
}

function openPostgres(url: string, options: ConnectOptions): Db {
  const pool = openPool(url, options, options.applicationName);
  // The replica's connections name themselves apart in pg_stat_activity (ratebook-read).
  const replica = options.readUrl
    ? openPool(options.readUrl, options, options.applicationName && `${options.applicationName}-read`)
    : null;
  const readRouting: ReadRoutingCounts | null = replica ? { primary: 0, replica: 0 } : null;
  const dialect =
    replica && readRouting ? new ReadReplicaDialect(pool, replica, readRouting) : new PostgresDialect({ pool });
  const kysely = new Kysely<Database>({ dialect });
  return {
    kysely,
    dialect: 'postgres',
    ...(options.searchPath ? { schema: options.searchPath } : {}),
    ...(readRouting ? { readRouting } : {}),
    listen: (channel, onNotice, log) =>
      listenForNotices(
        url,
        channel,
        {
          applicationName: `${options.applicationName ?? 'ratebook'}-listen`,
          onNotice,
          // Whatever was announced while the connection was being opened (or was away) is looked for once.
          onListening: onNotice,
          lostMessage: `listening on ${channel}: connection lost, opening another`,
        },
        log,
      ),
    close: () => kysely.destroy(),
  };
}
