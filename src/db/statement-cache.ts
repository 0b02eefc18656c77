// Prepared statements kept by SQL text, for Kysely's SQLite driver, which prepares every query afresh: on LSEs by ZIP
// code (two correlated EXISTS over territory items) preparing took 17 % of the request's CPU (bench/README.md). Kysely
// compiles the same text for the same query shape, so a small cache answers nearly every prepare. better-sqlite3
// statements are reusable; one still iterating (a stream) is busy, and then a fresh one is prepared.
import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept: more than the API's query shapes; the least recently used leaves first. */
const MAX_STATEMENTS = 500;

export function cachingStatements(database: SqliteDb, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: delete and set again.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (!kept) {
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
