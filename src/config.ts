// One frozen, typed configuration object, built from the environment and CLI flags.
// Nothing else in the service reads process.env: everything it needs arrives through this object.

export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'postgres'; url: string };

export interface RateLimitConfig {
  /** Requests allowed per application per window; 0 disables the limit. */
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  logLevel: string;
  database: DatabaseConfig;
  adminAppId: string | null;
  adminAppKey: string | null;
  rateLimit: RateLimitConfig;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** How long a verified credential verdict is trusted before the key is checked again. */
  authCacheTtlMs: number;
  /** Value of Access-Control-Allow-Origin: '*' or a comma list of origins. */
  corsOrigin: string;
}

/** Flags given on the command line win over the environment. */
export interface ConfigFlags {
  port?: string | number;
  host?: string;
  logLevel?: string;
  databaseUrl?: string;
}

export const DEFAULT_SQLITE_FILE = './data/ratebook.sqlite';

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

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined>, flags: ConfigFlags = {}): Config {
  const logLevel = flags.logLevel ?? env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}, got "${logLevel}"`);
  const adminAppId = env.RATEBOOK_ADMIN_APP_ID?.trim() || null;
  const adminAppKey = env.RATEBOOK_ADMIN_APP_KEY?.trim() || null;
  if ((adminAppId === null) !== (adminAppKey === null)) {
    throw new ConfigError('RATEBOOK_ADMIN_APP_ID and RATEBOOK_ADMIN_APP_KEY must be set together');
  }
  return Object.freeze({
    port: integer('PORT', flags.port ?? env.PORT, 8080, 0, 65535),
    host: flags.host ?? env.HOST ?? '0.0.0.0',
    logLevel,
    database: Object.freeze(parseDatabaseUrl(flags.databaseUrl ?? env.DATABASE_URL)),
    adminAppId,
    adminAppKey,
    rateLimit: Object.freeze({
      max: integer('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 6000, 0, 10_000_000),
      windowMs: integer('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000, 1000, 86_400_000),
    }),
    bodyLimit: integer('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    authCacheTtlMs: integer('AUTH_CACHE_TTL_MS', env.AUTH_CACHE_TTL_MS, 60_000, 0, 86_400_000),
    corsOrigin: env.CORS_ORIGIN?.trim() || '*',
  });
}
