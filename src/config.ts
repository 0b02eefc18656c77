// One frozen, typed configuration object, built from the environment and CLI flags.
// Nothing else in the service reads process.env: everything it needs arrives through this object.
import { availableParallelism } from 'node:os';

export type DatabaseConfig = { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string };

export interface RateLimitConfig {
  /** Requests allowed per application per window; 0 disables the limit. */
  max: number;
  windowMs: number;
}

export interface AuthFailureConfig {
  /** Failed credential checks allowed per client address per window; 0 turns this limit off. */
  perAddress: number;
  /** Failed credential checks allowed per application id per window; 0 turns this limit off. */
  perApp: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  logLevel: string;
  database: DatabaseConfig;
  /** SQLite: how long a write waits for another process's lock before answering 503. */
  lockWaitMs: number;
  /** PostgreSQL: the server cancels a statement running longer than this (0: no limit). */
  statementTimeoutMs: number;
  adminAppId: string | null;
  adminAppKey: string | null;
  rateLimit: RateLimitConfig;
  authFailures: AuthFailureConfig;
  /** Read the client address from X-Forwarded-For (behind a load balancer or proxy you trust). */
  trustProxy: boolean;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** How long a verified credential verdict is trusted before the key is checked again. */
  authCacheTtlMs: number;
  /** Value of Access-Control-Allow-Origin: '*' or a comma list of origins. */
  corsOrigin: string;
  /** The shared reference folder the typical load profiles and climate zones are read from at seed time. */
  referenceDataDir: string;
  /** Calculation history (requests and responses kept for audit). */
  history: HistoryConfig;
  /** OpenEI URDB synchronization (`ratebook sync urdb`, POST /rest/admin/sync/urdb). */
  urdb: UrdbSyncConfig;
  /** Redis (redis://...): shared rate-limit counters and key-change broadcasts between processes; null: none. */
  redisUrl: string | null;
  /** PostgreSQL: connections each process keeps at most (to the primary, and as many to the read replica). */
  databasePoolMax: number;
  /** PostgreSQL: a read-only replica answering the statements of GET and HEAD requests that only read; null: none. */
  databaseReadUrl: string | null;
  /** `serve`: API processes sharing the port (node:cluster); 1 serves in this process. */
  workers: number;
  /** Portfolio jobs (POST /rest/v1/jobs): limits and the workers' pace. */
  jobs: JobsConfig;
  /** Worker threads solving a savings analysis's BILL_OPTIMAL battery programs; 0 solves them on the request's thread. */
  optimiserThreads: number;
}

export interface JobsConfig {
  /** Jobs an organization may have queued or running at once; one more is a 429. */
  maxConcurrentPerOrg: number;
  /** Accounts one job may name or find. */
  maxAccountsPerJob: number;
  /** Accounts a chunk (one unit of queue work) holds. */
  chunkSize: number;
  /** Chunks one process works at once. */
  workerConcurrency: number;
  /** `ratebook worker`'s CPU niceness (0-19; 0 leaves it as started): below the serving processes beside it. */
  workerNice: number;
  /** Accounts whose results a worker saves in one statement (a worker killed bills at most this many again). */
  saveEvery: number;
  /** `serve` works jobs too (false: only `ratebook worker` processes do, on PostgreSQL). */
  workInServe: boolean;
  /** PostgreSQL: a chunk active this long is taken as lost (its worker killed) and given to another worker. */
  chunkExpireSeconds: number;
  /**
   * PostgreSQL: how often an idle worker looks for chunks. A job's chunks are announced (NOTIFY) as they are queued,
   * so this is only the fallback (a notice lost, a pooler that drops LISTEN) and the pace at which retried chunks are
   * found.
   */
  pollSeconds: number;
  /** PostgreSQL: how often the queue's upkeep (expiring lost chunks) runs, at most, across all processes. */
  maintenanceSeconds: number;
  /** PostgreSQL: the schema of pg-boss's tables (null: pgboss, or the tests' own schema). */
  queueSchema: string | null;
}

export interface UrdbSyncConfig {
  /** The utility_rates endpoint of the OpenEI API (a local server in tests). */
  apiUrl: string;
  /** The user's own OpenEI API key, or null (then each sync must name one). Never logged. */
  apiKey: string | null;
  /** Where interrupted syncs record the offset to resume from. */
  stateFile: string;
  /** First retry delay of a failed page; each further attempt doubles it. */
  retryBaseMs: number;
}

export interface HistoryConfig {
  /** Days a calculation's request and response are kept; 0: nothing is recorded (and nothing purged automatically). */
  retentionDays: number;
  /** Largest request or response kept whole, in bytes of JSON text; a longer one keeps its beginning, flagged truncated. */
  maxRecordBytes: number;
}

/** Flags given on the command line win over the environment. */
export interface ConfigFlags {
  port?: string | number;
  host?: string;
  logLevel?: string;
  databaseUrl?: string;
  workers?: string;
}

export const DEFAULT_SQLITE_FILE = './data/ratebook.sqlite';
export const DEFAULT_URDB_API_URL = 'https://api.openei.org/utility_rates';
export const DEFAULT_URDB_SYNC_STATE_FILE = './data/urdb-sync-state.json';
/** Relative to the working directory: the checkout's sibling folder `shared/reference`. */
export const DEFAULT_REFERENCE_DATA_DIR = '../shared/reference';

/** A savings analysis spreads its years over this many threads at most by default (one a core, up to it). */
const MAX_DEFAULT_OPTIMISER_THREADS = 4;

export class ConfigError extends Error {}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (url === undefined || url.trim() === '') return { kind: 'sqlite', filename: DEFAULT_SQLITE_FILE };
  const value = url.trim();
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) return { kind: 'postgres', url: value };
  if (value.startsWith('sqlite:')) {
    const rest = value.slice('sqlite:'.length);
    // sqlite::memory: names SQLite's in-memory database; sqlite:///abs and sqlite:rel are both files.
    if (rest === ':memory:') return { kind: 'sqlite', filename: ':memory:' };
    const filename = rest.startsWith('//') ? rest.slice(2) : rest;
    if (filename === '') throw new ConfigError(`DATABASE_URL "${url}" names no SQLite file`);
    return { kind: 'sqlite', filename };
  }
  throw new ConfigError(`DATABASE_URL "${url}" is neither sqlite:... nor postgres://...`);
}

function integer(name: string, raw: string | number | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function boolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function urdbApiUrl(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_URDB_API_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`URDB_API_URL "${value}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`URDB_API_URL "${value}" is not an http(s) URL`);
  return value;
}

/** A count of API processes, or `auto`: one per core this process may use. */
function workerCount(raw: string | undefined): number {
  if (raw?.trim().toLowerCase() === 'auto') return availableParallelism();
  return integer('WORKERS (--workers)', raw?.trim(), 1, 1, 256);
}

function redisUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^rediss?:\/\//.test(value)) throw new ConfigError(`REDIS_URL "${value}" is not a redis:// or rediss:// URL`);
  return value;
}

/** DATABASE_READ_URL: a PostgreSQL replica of a PostgreSQL primary (there is nothing to replicate from SQLite). */
function databaseReadUrl(raw: string | undefined, primary: DatabaseConfig): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new ConfigError(
      `DATABASE_READ_URL must be a postgres:// URL, got "${value.replace(/\/\/[^@/]*@/, '//***@')}"`,
    );
  if (primary.kind !== 'postgres')
    throw new ConfigError('DATABASE_READ_URL (a read replica) needs DATABASE_URL to name a PostgreSQL database too');
  return value;
}

/** A PostgreSQL schema name pg-boss accepts: letters, digits and _, not starting with a digit, at most 50. */
function queueSchema(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^[A-Za-z_]\w{0,49}$/.test(value))
    throw new ConfigError(
      `JOBS_QUEUE_SCHEMA "${value}" must be letters, digits and _ (at most 50, not starting with a digit)`,
    );
  return value;
}

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export function loadConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
  flags: ConfigFlags = {},
): Config {
  const logLevel = flags.logLevel ?? env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.has(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}, got "${logLevel}"`);
  const adminAppId = env.RATEBOOK_ADMIN_APP_ID?.trim() || null;
  const adminAppKey = env.RATEBOOK_ADMIN_APP_KEY?.trim() || null;
  if ((adminAppId === null) !== (adminAppKey === null)) {
    throw new ConfigError('RATEBOOK_ADMIN_APP_ID and RATEBOOK_ADMIN_APP_KEY must be set together');
  }
  const database = Object.freeze(parseDatabaseUrl(flags.databaseUrl ?? env.DATABASE_URL));
  return Object.freeze({
    port: integer('PORT', flags.port ?? env.PORT, 8080, 0, 65535),
    host: flags.host ?? env.HOST ?? '0.0.0.0',
    logLevel,
    database,
    lockWaitMs: integer('SQLITE_LOCK_WAIT_MS', env.SQLITE_LOCK_WAIT_MS, 5000, 0, 600_000),
    statementTimeoutMs: integer('STATEMENT_TIMEOUT_MS', env.STATEMENT_TIMEOUT_MS, 30_000, 0, 86_400_000),
    adminAppId,
    adminAppKey,
    rateLimit: Object.freeze({
      max: integer('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 6000, 0, 10_000_000),
      windowMs: integer('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000, 1000, 86_400_000),
    }),
    authFailures: Object.freeze({
      perAddress: integer('AUTH_FAILURES_PER_ADDRESS', env.AUTH_FAILURES_PER_ADDRESS, 30, 0, 10_000_000),
      perApp: integer('AUTH_FAILURES_PER_APP', env.AUTH_FAILURES_PER_APP, 60, 0, 10_000_000),
      windowMs: integer('AUTH_FAILURE_WINDOW_MS', env.AUTH_FAILURE_WINDOW_MS, 60_000, 1000, 86_400_000),
    }),
    trustProxy: boolean('TRUST_PROXY', env.TRUST_PROXY, false),
    bodyLimit: integer('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    authCacheTtlMs: integer('AUTH_CACHE_TTL_MS', env.AUTH_CACHE_TTL_MS, 60_000, 0, 86_400_000),
    corsOrigin: env.CORS_ORIGIN?.trim() || '*',
    referenceDataDir: env.REFERENCE_DATA_DIR?.trim() || DEFAULT_REFERENCE_DATA_DIR,
    history: Object.freeze({
      retentionDays: integer('HISTORY_RETENTION_DAYS', env.HISTORY_RETENTION_DAYS, 90, 0, 36_500),
      maxRecordBytes: integer(
        'HISTORY_MAX_RECORD_BYTES',
        env.HISTORY_MAX_RECORD_BYTES,
        8 * 1024 * 1024,
        1024,
        1024 * 1024 * 1024,
      ),
    }),
    urdb: Object.freeze({
      apiUrl: urdbApiUrl(env.URDB_API_URL),
      apiKey: env.URDB_API_KEY?.trim() || null,
      stateFile: env.URDB_SYNC_STATE_FILE?.trim() || DEFAULT_URDB_SYNC_STATE_FILE,
      retryBaseMs: integer('URDB_RETRY_BASE_MS', env.URDB_RETRY_BASE_MS, 1000, 0, 600_000),
    }),
    redisUrl: redisUrl(env.REDIS_URL),
    databasePoolMax: integer('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10, 1, 1000),
    databaseReadUrl: databaseReadUrl(env.DATABASE_READ_URL, database),
    workers: workerCount(flags.workers ?? env.WORKERS),
    jobs: Object.freeze({
      maxConcurrentPerOrg: integer('JOBS_MAX_CONCURRENT_PER_ORG', env.JOBS_MAX_CONCURRENT_PER_ORG, 3, 1, 10_000),
      maxAccountsPerJob: integer('JOBS_MAX_ACCOUNTS', env.JOBS_MAX_ACCOUNTS, 100_000, 1, 10_000_000),
      chunkSize: integer('JOBS_CHUNK_SIZE', env.JOBS_CHUNK_SIZE, 100, 1, 10_000),
      workerConcurrency: integer('JOBS_WORKER_CONCURRENCY', env.JOBS_WORKER_CONCURRENCY, 2, 1, 64),
      workerNice: integer('JOBS_WORKER_NICE', env.JOBS_WORKER_NICE, 10, 0, 19),
      saveEvery: integer('JOBS_SAVE_EVERY', env.JOBS_SAVE_EVERY, 25, 1, 10_000),
      workInServe: boolean('JOBS_WORK_IN_SERVE', env.JOBS_WORK_IN_SERVE, true),
      chunkExpireSeconds: integer('JOBS_CHUNK_EXPIRE_SECONDS', env.JOBS_CHUNK_EXPIRE_SECONDS, 900, 1, 86_400),
      pollSeconds: integer('JOBS_POLL_SECONDS', env.JOBS_POLL_SECONDS, 2, 1, 600),
      maintenanceSeconds: integer('JOBS_MAINTENANCE_SECONDS', env.JOBS_MAINTENANCE_SECONDS, 30, 1, 3600),
      queueSchema: queueSchema(env.JOBS_QUEUE_SCHEMA),
    }),
    optimiserThreads: integer(
      'OPTIMISER_THREADS',
      env.OPTIMISER_THREADS?.trim(),
      Math.min(availableParallelism(), MAX_DEFAULT_OPTIMISER_THREADS),
      0,
      64,
    ),
  });
}
