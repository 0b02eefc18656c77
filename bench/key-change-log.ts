// The cost of refusing revoked keys within a second on SQLite (modules/keys/key-change-log.ts), in CPU time (which
// the machine's load moves far less than wall time): what every request adds (the freshness check before a cached
// verdict is used), and what each server spends reading the key-change log POLL_MS apart, with no change and with one.
// Usage: node --import tsx bench/key-change-log.ts [--reads 5000] [--checks 20000000] [--rounds 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { KeyChangeLogWatcher, POLL_MS } from '../src/modules/keys/key-change-log.ts';
import { KeysService } from '../src/modules/keys/keys.service.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: {
    reads: { type: 'string', default: '5000' },
    checks: { type: 'string', default: '20000000' },
    rounds: { type: 'string', default: '3' },
  },
});
const reads = Number(values.reads);
const checks = Number(values.checks);
const rounds = Number(values.rounds);

/** CPU microseconds (user + system) that `work` takes. */
async function cpuUs(work: () => Promise<void> | void): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const dir = mkdtempSync(join(tmpdir(), 'ratebook-keylog-'));
try {
  const db = connectDatabase({ kind: 'sqlite', filename: join(dir, 'b.sqlite') });
  await migrateToLatest(db);
  const keys = new KeysService(db, 3_600_000);
  const other = new KeysService(db, 0);
  const app = await other.create('bench', []);
  const watcher = new KeyChangeLogWatcher(
    db,
    { changed: (appId) => keys.forgetApp(appId), resync: () => keys.forgetAll() },
    { warn: () => {}, info: () => {} },
    3_600_000,
  );
  await watcher.start();
  const plain = new KeysService(db, 3_600_000);
  keys.trustCacheWhile(watcher);

  // Per request: cacheTrusted() with the log's freshness (one clock read) against a service without one.
  let trusted = 0;
  const spin = (k: KeysService) => () => {
    for (let i = 0; i < checks; i++) if (k.cacheTrusted()) trusted++;
  };
  const gated: number[] = [];
  const ungated: number[] = [];
  const idle: number[] = [];
  const oneChange: number[] = [];
  for (let r = 0; r < rounds; r++) {
    ungated.push(((await cpuUs(spin(plain))) * 1000) / checks);
    gated.push(((await cpuUs(spin(keys))) * 1000) / checks);
    // A reading that finds nothing new: what each server does POLL_MS apart while no key changes.
    idle.push(
      (await cpuUs(async () => {
        for (let i = 0; i < reads; i++) await watcher.read();
      })) / reads,
    );
    // A reading that finds one change (a rotation written by the other service just before).
    let total = 0;
    for (let i = 0; i < 200; i++) {
      await other.rotate(app.appId);
      total += await cpuUs(() => watcher.read());
    }
    oneChange.push(total / 200);
  }
  watcher.close();
  await db.close();
  const idleUs = median(idle);
  console.log(`node ${process.version}; CPU time, medians of ${rounds} rounds (${trusted > 0 ? 'checks ran' : ''})`);
  console.log(
    `per request: cacheTrusted() ${median(gated).toFixed(1)} ns with the log's freshness, ${median(ungated).toFixed(1)} ns without (${checks} calls)`,
  );
  console.log(
    `per reading of the log: ${idleUs.toFixed(1)} us with no change (${reads} readings), ${median(oneChange).toFixed(1)} us with one`,
  );
  console.log(
    `per server, idle: ${((idleUs * 1000) / POLL_MS).toFixed(0)} us of CPU per second (${(1000 / POLL_MS).toFixed(0)} readings), ${(((idleUs / POLL_MS) * 100) / 1000).toFixed(3)} % of a core`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
