// Opens the configured engine behind one Kysely interface: embedded SQLite (default) or PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import type { Database, Db } from './database.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';

export interface ConnectOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  searchPath?: string;
  poolSize?: number;
}

export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): Db {
  return config.kind === 'sqlite' ? openSqlite(config.filename) : openPostgres(config.url, options);
}

function openSqlite(filename: string): Db {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SQLite(filename);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // SQLite's REGEXP operator calls a user function of this name; PostgreSQL has ~* built in.
  database.function('regexp', { deterministic: true }, (pattern, value) => {
    if (value === null || pattern === null) return 0;
    return new RegExp(String(pattern), 'i').test(String(value)) ? 1 : 0;
  });
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

// int8 (count(*), bigint ids) and numeric arrive as strings from pg; the values Ratebook stores fit in doubles.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

function openPostgres(url: string, options: ConnectOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes as pg.CustomTypesConfig,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', ...(options.searchPath ? { schema: options.searchPath } : {}), close: () => kysely.destroy() };
}
