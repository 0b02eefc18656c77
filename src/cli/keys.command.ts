// `ratebook keys ...`: create, list, rotate and revoke application credentials.
import type { Command } from 'commander';
import { KeyNotFoundError, KeysService, type NewCredentials } from '../modules/keys/keys.service.ts';
import { parseTiers } from '../domain/keys/tiers.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { shareKeyChanges } from '../modules/keys/key-changes.ts';

type WithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function printCredentials(c: NewCredentials, json: boolean): void {
  if (json) {
    out(JSON.stringify({ appId: c.appId, appKey: c.appKey, orgId: c.orgId }));
    return;
  }
  out(`organization: ${c.orgName} (orgId ${c.orgId})`);
  out(`tiers:        ${c.tiers.length ? c.tiers.join(', ') : '(public reference data only)'}`);
  out(`appId:        ${c.appId}`);
  out(`appKey:       ${c.appKey}`);
  out('The appKey is stored only as a hash: keep it now, it cannot be shown again.');
}

/** Rotates or revokes with the change announced to running servers (PostgreSQL NOTIFY, Redis when REDIS_URL is set). */
async function announcing<T>(db: Db, config: Config, change: (keys: KeysService) => Promise<T>): Promise<T> {
  const keys = new KeysService(db, 0);
  const postgresUrl = config.database.kind === 'postgres' ? config.database.url : null;
  const log = { warn: (_: object, msg: string) => process.stderr.write(`warning: ${msg}\n`), info: () => {} };
  const sharing = await shareKeyChanges(keys, db, { postgresUrl, redisUrl: config.redisUrl }, log, { listen: false });
  try {
    return await change(keys);
  } finally {
    await sharing.close();
  }
}

// Running servers hear a rotation or revocation made here at once; one that misses the announcement (its listener
// was disconnected) trusts an earlier verdict for at most AUTH_CACHE_TTL_MS.
export function registerKeysCommand(program: Command, withDb: WithDb, config: () => Config): void {
  const keys = program.command('keys').description('manage application credentials (appId:appKey)');
  const service = (db: Db) => new KeysService(db, 0);

  keys
    .command('create')
    .description('create an application and print its appId and appKey')
    .requiredOption('--org <name>', 'organization that owns the application (created if new)')
    .option('--tier <tier...>', 'permission tiers: signal, enterprise, privateTou, admin', [])
    .option('--name <name>', 'application name', 'default')
    .option('--json', 'print {"appId","appKey","orgId"} as JSON')
    .action(async (opts: { org: string; tier: string[]; name: string; json?: boolean }) => {
      const tiers = parseTiers(opts.tier.flatMap((t) => t.split(',')));
      printCredentials(await withDb((db) => service(db).create(opts.org, tiers, opts.name)), Boolean(opts.json));
    });

  keys
    .command('list')
    .description('list applications (never their keys)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const apps = await withDb((db) => service(db).list());
      const rows = apps.map((a) => ({
        appId: a.appId,
        orgId: a.orgId,
        organization: a.orgName,
        name: a.name,
        tiers: a.tiers,
        status: a.status,
        createdAt: a.createdAt,
        keyRotatedAt: a.keyRotatedAt,
        revokedAt: a.revokedAt,
      }));
      if (opts.json) return out(JSON.stringify(rows));
      for (const r of rows)
        out(`${r.appId}  ${r.status.padEnd(7)}  ${r.organization} / ${r.name}  [${r.tiers.join(',') || 'public'}]`);
      if (rows.length === 0) out('No applications yet: ratebook keys create --org NAME');
    });

  keys
    .command('rotate <appId>')
    .description('issue a new appKey; the old key is revoked')
    .option('--json', 'print JSON')
    .action(async (appId: string, opts: { json?: boolean }) => {
      printCredentials(await withDb((db) => announcing(db, config(), (k) => k.rotate(appId))), Boolean(opts.json));
    });

  keys
    .command('revoke <appId>')
    .description('revoke an application: its key stops working')
    .action(async (appId: string) => {
      await withDb((db) => announcing(db, config(), (k) => k.revoke(appId)));
      out(`Revoked ${appId}`);
    });
}

export { KeyNotFoundError };
