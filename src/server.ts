// Start-up: config -> database -> migrate -> seed -> credentials -> buildApp -> listen; graceful close.
import { getPriority } from 'node:os';
import { relative } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, type Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { runSeeds } from './data/seed.ts';
import { allSeeders } from './data/seeders.ts';
import { loadExportPrices } from './data/export-prices.load.ts';
import { shareKeyChanges } from './modules/keys/key-changes.ts';
import { KeysService } from './modules/keys/keys.service.ts';
import { TIERS } from './domain/keys/tiers.ts';
import { VERSION } from './version.ts';
import { isUniqueViolation } from './db/unique-violation.ts';
import { buildAhead } from './http/built-on-first-use.ts';
import { lowerCpuPriority } from './runtime/cpu-priority.ts';

type Print = (line: string) => void;

/**
 * Admin credentials from the environment, else a demo application on an empty database. Servers started together on
 * a new database race to write them: the one refused by a unique key (another wrote the organization or application
 * first) looks again, and then finds them.
 */
async function ensureCredentials(keys: KeysService, config: Config, print: Print): Promise<void> {
  try {
    await writeCredentials(keys, config, print);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await writeCredentials(keys, config, print);
  }
}

async function writeCredentials(keys: KeysService, config: Config, print: Print): Promise<void> {
  if (config.adminAppId && config.adminAppKey) {
    await keys.ensureAdmin(config.adminAppId, config.adminAppKey);
    print(`Admin application ${config.adminAppId} is ready (RATEBOOK_ADMIN_APP_ID / RATEBOOK_ADMIN_APP_KEY).`);
    return;
  }
  if (await keys.hasApplications()) return;
  const demo = await keys.create('demo', [...TIERS], 'demo');
  print('Created a demo application with every permission tier. Its key is shown only this once:');
  print(`  appId:  ${demo.appId}`);
  print(`  appKey: ${demo.appKey}`);
}

export function describeDatabase(config: Config): string {
  const hidden = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');
  if (config.database.kind === 'sqlite') return `SQLite ${config.database.filename}`;
  return `PostgreSQL ${hidden(config.database.url)}${config.databaseReadUrl ? `, reads of GET requests from ${hidden(config.databaseReadUrl)}` : ''}`;
}

/** The server's statements are bounded in time; a CLI command's (imports) and a job worker's are not. */
function openDatabase(config: Config, serving: boolean, name = serving ? 'ratebook' : 'ratebook-cli'): Db {
  return connectDatabase(config.database, {
    lockWaitMs: config.lockWaitMs,
    poolSize: config.databasePoolMax,
    // How the connections name themselves in pg_stat_activity.
    applicationName: name,
    // Only serving reads from a replica: migrations, seeding and CLI commands all work on the primary.
    ...(serving ? { statementTimeoutMs: config.statementTimeoutMs, readUrl: config.databaseReadUrl } : {}),
  });
}

/** The database, migrated and seeded. */
export async function prepareDatabase(
  config: Config,
  print: Print,
  { serving = false, name }: { serving?: boolean; name?: string } = {},
): Promise<Db> {
  const db = openDatabase(config, serving, name);
  try {
    const migrated = await migrateToLatest(db);
    if (migrated.length) print(`Applied migrations: ${migrated.join(', ')}`);
    for (const r of await runSeeds(db, allSeeders(config.referenceDataDir)))
      print(`Loaded starter data ${r.name} v${r.version} (${r.rows} rows)`);
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** What `serve --workers N` does once in the primary before any worker starts: migrate, seed, credentials. */
export async function prepareForWorkers(config: Config, print: Print): Promise<void> {
  const db = await prepareDatabase(config, print);
  try {
    await ensureCredentials(new KeysService(db, 0), config, print);
  } finally {
    await db.close();
  }
}

/**
 * The primary's own work once the workers are started: the bundled export prices, which the workers do not load (until
 * they are in, the workers price from the bundled table). On a connection of its own, closed when done.
 */
export async function loadExportPricesInPrimary(config: Config, print: Print): Promise<void> {
  const db = openDatabase(config, false);
  try {
    await loadExportPrices(db, print);
  } finally {
    await db.close();
  }
}

export function printBanner(config: Config, port: number, print: Print, workers = 1): void {
  const base = `http://localhost:${port}`;
  print(
    `Ratebook ${VERSION} listening on ${base} (${describeDatabase(config)}${workers > 1 ? `, ${workers} workers` : ''})`,
  );
  print(`  API reference: ${base}/docs`);
  print(`  Try:           curl -u APPID:APPKEY ${base}/rest/echo/hello`);
  print(`  Credentials:   ${cliCommand()} keys create --org NAME [--tier signal ...]`);
}

/**
 * How to run the command line where this process runs: through npm in a checkout (`npm start`), else the script this
 * process was started with (a container's `node dist/ratebook.js`, which has no dev dependencies for npm run).
 */
function cliCommand(): string {
  if (process.env.npm_lifecycle_event) return 'npm run -s ratebook --';
  const script = process.argv[1];
  return script ? `node ${relative(process.cwd(), script) || script}` : 'ratebook';
}

export interface ServeOptions {
  /** A cluster worker: the primary has migrated and made credentials, and prints the banner. */
  worker?: boolean;
}

export async function startServer(
  config: Config,
  print: Print = (l) => process.stdout.write(`${l}\n`),
  { worker = false }: ServeOptions = {},
): Promise<void> {
  const db = worker ? openDatabase(config, true) : await prepareDatabase(config, print, { serving: true });
  const keys = new KeysService(db, config.authCacheTtlMs);
  if (!worker) await ensureCredentials(keys, config, print);
  const app = await buildApp({ config, db, keys });
  // Rotations and revocations made by any process (or the CLI) reach this one at once.
  const postgresUrl = config.database.kind === 'postgres' ? config.database.url : null;
  const sharing = await shareKeyChanges(keys, db, { postgresUrl, redisUrl: config.redisUrl }, app.log, {
    listen: true,
  });
  app.addHook('onClose', () => sharing.close());
  await app.listen({ port: config.port, host: config.host });
  // Portfolio jobs: SQLite works them in the serving process; on PostgreSQL every process works the shared queue
  // unless JOBS_WORK_IN_SERVE=false leaves them to `ratebook worker` processes.
  if (config.jobs.workInServe || db.dialect === 'sqlite') await app.ratebook.jobs?.startWorker();
  const address = app.server.address();
  if (!worker) printBanner(config, typeof address === 'object' && address ? address.port : config.port, print);
  // After listening: calculations price the bundled export prices from the data files until they are stored.
  if (!worker)
    loadExportPrices(db, print).catch((err: unknown) => app.log.error({ err }, 'loading the export prices failed'));
  let closing = false;
  // The routes' validators and serializers not built yet (each is built on its first request), built between requests.
  void buildAhead(() => closing);

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    // A keep-alive connection whose request was in flight when closing began goes idle once answered, and the server
    // waits for it to time out (seconds) unless told: close each connection as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(idle);
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * `ratebook worker`: a process that only works portfolio jobs from the shared PostgreSQL queue (no HTTP port). The
 * application is built, as serve builds it, for its services; it never listens. SIGTERM stops it: a chunk under way is
 * given a few seconds, else retried by another worker, its finished accounts kept.
 */
export async function startJobWorker(config: Config, print: Print): Promise<void> {
  if (config.database.kind !== 'postgres')
    throw new ConfigError(
      'ratebook worker needs DATABASE_URL to name a PostgreSQL database (SQLite works jobs in serve)',
    );
  const db = await prepareDatabase(config, print, { name: 'ratebook-worker' });
  const app = await buildApp({ config, db });
  await app.ready();
  // Every thread the application has started, before the first chunk; those started later inherit it.
  if (config.jobs.workerNice > 0) lowerCpuPriority(config.jobs.workerNice);
  await app.ratebook.jobs?.startWorker();
  print(
    `Ratebook ${VERSION} working portfolio jobs (${describeDatabase(config)}, ${config.jobs.workerConcurrency} at once, ` +
      `nice ${getPriority()})`,
  );
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}
