// buildTestApp: the real application on a fresh test database, with helpers to mint credentials.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { runSeeds } from '../../src/data/seed.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Dialect } from '../../src/db/database.ts';
import type { App } from '../../src/http/fastify-types.ts';
import { KeysService, type NewCredentials } from '../../src/modules/keys/keys.service.ts';
import type { Tier } from '../../src/modules/keys/tiers.ts';
import { createTestDb, type TestDb } from './dialects.ts';

export interface TestApp {
  app: App;
  db: TestDb;
  keys: KeysService;
  config: Config;
  /** Creates an application in the given organization with these tiers. */
  credentials(tiers?: Tier[], org?: string): Promise<NewCredentials>;
  /** The Authorization header for credentials. */
  authHeader(c: { appId: string; appKey: string }): string;
  /** GET with credentials; JSON body parsed. */
  get(url: string, c: { appId: string; appKey: string }): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Load the starter dataset (ZIP codes, LSEs, territories, ...) as a first start does. */
  seed?: boolean;
  /** Runs before app.ready(): extra routes for testing cross-cutting behaviour. */
  extend?: (app: App) => void;
}

export async function buildTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const db = await createTestDb(dialect);
  if (options.seed) await runSeeds(db);
  const keys = new KeysService(db, config.authCacheTtlMs);
  const app = await buildApp({ config, db, keys });
  options.extend?.(app);
  await app.ready();
  const authHeader = (c: { appId: string; appKey: string }) => `Basic ${Buffer.from(`${c.appId}:${c.appKey}`).toString('base64')}`;
  return {
    app,
    db,
    keys,
    config,
    credentials: (tiers = [], org = 'test-org') => keys.create(org, tiers),
    authHeader,
    get: (url, c) => app.inject({ method: 'GET', url, headers: { authorization: authHeader(c) } }) as never,
    inject: (o) => app.inject(o),
    close: async () => {
      await app.close();
      await db.dispose();
    },
  };
}
