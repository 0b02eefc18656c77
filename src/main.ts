// The `ratebook` command line: serve | migrate | seed | keys | import | sync | data | history. The only module that reads process.env.
// First: before anything schedules work (the module says why).
import './runtime/tick-object-shape.ts';
import { Command } from 'commander';
import { ConfigError, loadConfig, type ConfigFlags } from './config.ts';
import { registerKeysCommand, KeyNotFoundError } from './cli/keys.command.ts';
import { registerImportCommand } from './cli/import.command.ts';
import { registerSyncCommand } from './cli/sync.command.ts';
import { registerDataCommand } from './cli/data.command.ts';
import { registerHistoryCommand } from './cli/history.command.ts';
import { UrdbSyncError } from './importers/urdb/sync.ts';
import { ImportFormatError } from './importers/source-lines.ts';
import type { Db } from './db/database.ts';
import { describeDatabase, prepareDatabase, startJobWorker, startServer } from './server.ts';
import { isClusterWorker, runPrimary } from './cluster.ts';
import { VERSION } from './version.ts';

const program = new Command('ratebook')
  .version(VERSION)
  .description('Ratebook: energy tariff reference and calculation service');
program.option(
  '--database-url <url>',
  'sqlite:FILE, sqlite::memory: or postgres://... (default: env DATABASE_URL, else ./data/ratebook.sqlite)',
);

const flags = (): ConfigFlags => program.opts<ConfigFlags>();
const print = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** Opens the configured database, migrated and seeded, for one CLI command. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await prepareDatabase(loadConfig(process.env, flags()), print);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

program
  .command('serve')
  .description('start the HTTP API (migrates and loads the starter data on first start)')
  .option('--port <port>', 'port (env PORT, default 8080)')
  .option('--host <host>', 'interface (env HOST, default 0.0.0.0)')
  .option('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent (env LOG_LEVEL)')
  .option('--workers <n>', 'API processes on the port, or auto: one per core (env WORKERS, default 1)')
  .action(async (opts: ConfigFlags) => {
    const config = loadConfig(process.env, { ...flags(), ...opts });
    if (isClusterWorker()) await startServer(config, print, { worker: true });
    else if (config.workers > 1) await runPrimary(config, (line) => process.stdout.write(`${line}\n`));
    else await startServer(config);
  });

program
  .command('worker')
  .description('work portfolio jobs from the shared PostgreSQL queue, without serving HTTP')
  .option('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent (env LOG_LEVEL)')
  .action(async (opts: ConfigFlags) => {
    await startJobWorker(loadConfig(process.env, { ...flags(), ...opts }), print);
  });

program
  .command('migrate')
  .description('apply database migrations and load starter data, then exit')
  .action(async () => {
    const config = loadConfig(process.env, flags());
    await withDb(async () => print(`Database ready: ${describeDatabase(config)}`));
  });

program
  .command('seed')
  .description('load any starter data not yet loaded (runs migrations first)')
  .action(async () => {
    await withDb(async () => print('Starter data is loaded'));
  });

registerKeysCommand(program, withDb, () => loadConfig(process.env, flags()));
registerImportCommand(program, withDb);
registerSyncCommand(program, withDb, () => loadConfig(process.env, flags()));
registerDataCommand(program, withDb);
registerHistoryCommand(program, withDb, () => loadConfig(process.env, flags()));

program.parseAsync(process.argv).catch((err: unknown) => {
  const known =
    err instanceof ConfigError ||
    err instanceof KeyNotFoundError ||
    err instanceof ImportFormatError ||
    err instanceof UrdbSyncError ||
    (err as { code?: string }).code === 'ENOENT' ||
    (err instanceof Error && /tier/i.test(err.message));
  process.stderr.write(
    `ratebook: ${known ? (err as Error).message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
