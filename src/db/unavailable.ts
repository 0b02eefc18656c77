// Which failures mean "the database is away or busy for now", as opposed to a defect: the API answers them 503 with
// Retry-After, and the next request finds the database again by itself (the pool reconnects; SQLite locks pass).

/** PostgreSQL SQLSTATEs of a server shutting down, restarting, refusing connections or out of them. */
const PG_AWAY = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53400',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '08P01',
  '40001',
  '40P01',
  '55P03',
]);

/** Socket failures of a connection to a server that went away or never answered. */
const SOCKET_AWAY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** node-postgres reports a lost connection in words, without a code. */
const PG_AWAY_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|not queryable/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  if (e === null || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
    if (PG_AWAY.has(code) || SOCKET_AWAY.has(code)) return true;
  }
  return e instanceof Error && PG_AWAY_MESSAGES.test(e.message);
}

/** PostgreSQL cancelled the statement: statement_timeout (or an operator's pg_cancel_backend). */
export const isStatementTimeout = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === '57014';
