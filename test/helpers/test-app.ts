// buildTestApp: the real application on a fresh test database, with helpers to mint credentials.
import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { runSeeds } from '../../src/data/seed.ts';
import { allSeeders, seeders } from '../../src/data/seeders.ts';
import { exportPricesSeeder } from '../../src/data/export-prices.seeder.ts';
import { REFERENCE_DIR } from './reference.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Dialect } from '../../src/db/database.ts';
import type { App } from '../../src/http/fastify-types.ts';
import { KeysService, type NewCredentials } from '../../src/modules/keys/keys.service.ts';
import type { Tier } from '../../src/domain/keys/tiers.ts';
import { createTestDb, type TestDb, type TestDbOptions } from './dialects.ts';

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
  get(
    url: string,
    c: { appId: string; appKey: string },
  ): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  /** GET with credentials, asserting 200; the parsed body. */
  json(url: string, c: { appId: string; appKey: string }): Promise<any>;
  /** Each `path?query` answers 400 naming the given parameter in propertyName. */
  expectBadParameters(
    path: string,
    c: { appId: string; appKey: string },
    cases: [query: string, propertyName: string][],
  ): Promise<void>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A request with credentials and, when given, a JSON body. */
  send(
    c: { appId: string; appKey: string },
    method: string,
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /**
   * Load the starter dataset (ZIP codes, LSEs, territories, ...) as a first start does; 'full' adds what is read from
   * ../shared/reference (typical load profiles, climate zones: a second or two, so only for the tests that need it).
   */
  seed?: boolean | 'full';
  /** Load the bundled hourly export prices too (1.75 million lookup values: some 20-40 s, so only where billed). */
  exportPrices?: boolean;
  /** A fixed clock for "now" defaults. */
  now?: () => Date;
  /** Where and how the test database is made (a SQLite file, PostgreSQL through a proxy, ...). */
  database?: TestDbOptions;
  /** Runs before app.ready(): extra routes for testing cross-cutting behaviour. */
  extend?: (app: App) => void;
}

export async function buildTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  // A seeded app starts from a copy of the seeded template (seeded-template.ts) rather than running the seeders again;
  // RATEBOOK_TEST_RESEED=1 runs them as a first start does (to check the template against a fresh seed).
  const kind = options.seed === 'full' ? 'full' : options.seed ? 'starter' : undefined;
  const fromTemplate = kind && options.database?.migrate !== false && process.env.RATEBOOK_TEST_RESEED !== '1';
  // SQLite's starter dataset with the export prices has a template of its own (two files load them on SQLite, one on
  // PostgreSQL, where copying 1.75 million rows from a template would save little on loading them).
  const pricedTemplate = fromTemplate && kind === 'starter' && options.exportPrices && dialect === 'sqlite';
  const seeded = pricedTemplate ? 'export-prices' : kind;
  const db = await createTestDb(dialect, { ...options.database, ...(fromTemplate ? { seeded } : {}) });
  if (kind && !fromTemplate) await runSeeds(db, kind === 'full' ? allSeeders(REFERENCE_DIR) : seeders);
  if (options.exportPrices && !pricedTemplate) await runSeeds(db, [exportPricesSeeder]);
  const keys = new KeysService(db, config.authCacheTtlMs);
  const app = await buildApp({ config, db, keys, ...(options.now ? { now: options.now } : {}) });
  options.extend?.(app);
  await app.ready();
  const authHeader = (c: { appId: string; appKey: string }) =>
    `Basic ${Buffer.from(`${c.appId}:${c.appKey}`).toString('base64')}`;
  const get = (url: string, c: { appId: string; appKey: string }) =>
    app.inject({ method: 'GET', url, headers: { authorization: authHeader(c) } });
  return {
    app,
    db,
    keys,
    config,
    credentials: (tiers = [], org = 'test-org') => keys.create(org, tiers),
    authHeader,
    get: get as never,
    json: async (url, c) => {
      const res = await get(url, c);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json();
    },
    expectBadParameters: async (path, c, cases) => {
      for (const [query, name] of cases) {
        const res = await get(`${path}?${query}`, c);
        assert.equal(res.statusCode, 400, `${path}?${query}: ${res.body}`);
        assert.equal(res.json().results[0].propertyName, name, `${path}?${query}`);
      }
    },
    inject: (o) => app.inject(o),
    send: (c, method, url, body) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: {
          authorization: authHeader(c),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    close: async () => {
      await app.close();
      await db.dispose();
    },
  };
}
