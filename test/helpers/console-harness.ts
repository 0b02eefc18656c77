// For the console's browser test and its screenshot script: the built service (dist/) started on a seeded SQLite file
// over a real socket, and Debian's Chromium driven by playwright-core with a fresh profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { ensureBuilt, RATEBOOK_JS } from './built.ts';
import { seededSqliteUrl } from './server-process.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = (): boolean => existsSync(CHROMIUM);

export interface Service {
  url: string;
  appId: string;
  appKey: string;
  close(): Promise<void>;
}

/** Builds dist/ (server bundle and console) as `npm run build` does, unless it is fresh. */
export async function buildDist(): Promise<void> {
  ensureBuilt();
}

/**
 * `node dist/ratebook.js serve` on a SQLite file of its own holding what a first start seeds (server-process.ts,
 * seededSqliteUrl) and a free port, with admin credentials of its own.
 */
export async function startBuiltService(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'ratebook-console-'));
  const appId = `console-${randomBytes(4).toString('hex')}`;
  const appKey = randomBytes(18).toString('base64url');
  const env = {
    ...process.env,
    DATABASE_URL: await seededSqliteUrl(join(dir, 'ratebook.sqlite')),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATEBOOK_ADMIN_APP_ID: appId,
    RATEBOOK_ADMIN_APP_KEY: appKey,
  };
  const child: ChildProcess = spawn(process.execPath, [RATEBOOK_JS, 'serve'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    appId,
    appKey,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, offline from everything but the service (no sync, updates or QUIC). */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'ratebook-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For a browser test's describe(): the built service and Chromium, started before its tests and closed after them
 * (read `service` and `browser` inside the tests).
 */
export function consoleUnderTest(): { readonly service: Service; readonly browser: Browser } {
  let service: Service | undefined;
  let browser: Browser | undefined;
  before(async () => {
    await buildDist();
    service = await startBuiltService();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });
  return {
    get service() {
      return service!;
    },
    get browser() {
      return browser!;
    },
  };
}

export function basicAuth(s: { appId: string; appKey: string }): string {
  return `Basic ${Buffer.from(`${s.appId}:${s.appKey}`).toString('base64')}`;
}

/** Signs in through the form and waits for the utilities page. */
export async function signIn(page: Page, base: string, c: { appId: string; appKey: string }): Promise<void> {
  await page.goto(`${base}/console`);
  await page.getByLabel('App ID').fill(c.appId);
  await page.getByLabel('App key').fill(c.appKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Utilities and tariffs' }).waitFor();
}
