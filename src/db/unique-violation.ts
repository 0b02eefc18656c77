// A unique key refusing a row, as PostgreSQL (SQLSTATE 23505) and SQLite (the message) say it: callers that race
// another writer for the same key recognise that they lost rather than failing.
export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string }).code === '23505' || /UNIQUE constraint/.test(String((e as Error)?.message));
}
