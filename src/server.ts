// Start-up: config -> database -> migrate -> seed -> credentials -> buildApp -> listen; graceful close.
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { runSeeds } from './data/seed.ts';
import { allSeeders } from './data/seeders.ts';
import { KeysService } from './modules/keys/keys.service.ts';
import { TIERS } from './modules/keys/tiers.ts';
import { VERSION } from './version.ts';

type Print = (line: string) => void;

/** Admin credentials from the environment, else a demo application on an empty database. */
async function ensureCredentials(keys: KeysService, config: Config, print: Print): Promise<void> {
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
  return config.database.kind === 'sqlite' ? `SQLite ${config.database.filename}` : `PostgreSQL ${config.database.url.replace(/\/\/[^@/]*@/, '//***@')}`;
}

/** The database, migrated and seeded. The server's statements are bounded in time; a CLI command's (imports) are not. */
export async function prepareDatabase(config: Config, print: Print, { serving = false } = {}): Promise<Db> {
  const db = connectDatabase(config.database, {
    lockWaitMs: config.lockWaitMs,
    applicationName: serving ? 'ratebook' : 'ratebook-cli',
    ...(serving ? { statementTimeoutMs: config.statementTimeoutMs } : {}),
  });
  try {
    const migrated = await migrateToLatest(db);
    if (migrated.length) print(`Applied migrations: ${migrated.join(', ')}`);
    for (const r of await runSeeds(db, allSeeders(config.referenceDataDir))) print(`Loaded starter data ${r.name} v${r.version} (${r.rows} rows)`);
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

export async function startServer(config: Config, print: Print = (l) => process.stdout.write(`${l}\n`)): Promise<void> {
  const db = await prepareDatabase(config, print, { serving: true });
  const keys = new KeysService(db, config.authCacheTtlMs);
  await ensureCredentials(keys, config, print);
  const app = await buildApp({ config, db, keys });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;
  print(`Ratebook ${VERSION} listening on ${base} (${describeDatabase(config)})`);
  print(`  API reference: ${base}/docs`);
  print(`  Try:           curl -u APPID:APPKEY ${base}/rest/echo/hello`);
  print(`  Credentials:   npm run ratebook -- keys create --org NAME [--tier signal ...]`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    try {
      await app.close();
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
