// What the HTTP benches start from: the built server (`npm run build`) on a fresh, seeded database (a SQLite file in
// a temporary folder unless a database URL is given), with one application's credentials, rate limit out of the way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './spawn-server.ts';

export interface SeededServer {
  base: string;
  /** The database's dialect as the URL names it ("sqlite", "postgres"), for the bench's lines. */
  dialect: string;
  /** Basic authorization for the application created. */
  authorization: string;
  /** The database the server runs on, for benches that look into it. */
  databaseUrl: string;
  /** The server process's id, for benches that read its memory or CPU time from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * `env`: further settings for the seed, key and serve processes (a bench comparing two configurations).
 * `exportPricesLoaded`: resolve only once the server has stored the bundled export prices. A server's first start on
 * a new database writes them after listening (src/data/export-prices.load.ts: 1.75 million values, some 30-60 s on
 * SQLite), each transaction holding its event loop; a bench timing requests meanwhile times that load with them.
 */
export async function startSeededServer(
  name: string,
  options: { databaseUrl?: string; tier?: string; env?: Record<string, string>; exportPricesLoaded?: boolean } = {},
): Promise<SeededServer> {
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), `ratebook-${name}-`));
  const env = {
    DATABASE_URL: options.databaseUrl ?? `sqlite:${join(dir, `${name}.sqlite`)}`,
    LOG_LEVEL: 'warn',
    PORT: '0',
    RATE_LIMIT_MAX: '100000',
    ...options.env,
  };
  execFileSync(process.execPath, ['dist/ratebook.js', 'seed'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const tier = options.tier ? ['--tier', options.tier] : [];
  const creds = JSON.parse(
    execFileSync(process.execPath, ['dist/ratebook.js', 'keys', 'create', '--org', 'bench', ...tier, '--json'], {
      env: { ...process.env, ...env },
    }).toString(),
  );
  const server = await spawnServer('dist/ratebook.js', ['serve', '--host', '127.0.0.1'], env);
  if (options.exportPricesLoaded) {
    const t0 = performance.now();
    // A database an earlier run already loaded never prints it: stop the server rather than leave it running.
    await server.printed(/Loaded starter data starter-export-prices/, 300_000).catch(async (e: Error) => {
      await server.stop();
      throw new Error(`${e.message}\n(the line comes once, on a new database's first start: give a new database)`);
    });
    process.stderr.write(`export prices loaded ${((performance.now() - t0) / 1000).toFixed(1)} s after listening\n`);
  }
  return {
    base: server.base,
    dialect: env.DATABASE_URL.split(':')[0]!,
    databaseUrl: env.DATABASE_URL,
    pid: server.child.pid!,
    authorization: `Basic ${Buffer.from(`${creds.appId}:${creds.appKey}`).toString('base64')}`,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
