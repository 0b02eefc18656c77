// Screenshots of each console page for the README (docs/console/*.png): `npm run console:screenshots`. Builds dist/,
// starts the built service on a fresh SQLite file (or uses RATEBOOK_URL with RATEBOOK_APP_ID and RATEBOOK_APP_KEY of
// a running one) and visits each page in headless Chromium (/usr/bin/chromium) at laptop width, one at phone width.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { basicAuth, buildDist, CHROMIUM, hasChromium, launchBrowser, signIn, startBuiltService, type Service } from '../test/helpers/console-harness.ts';

if (!hasChromium()) throw new Error(`${CHROMIUM} is absent: apt-get install -y chromium`);
const OUT = 'docs/console';
mkdirSync(OUT, { recursive: true });

let service: Service;
if (process.env.RATEBOOK_URL) {
  service = { url: process.env.RATEBOOK_URL, appId: process.env.RATEBOOK_APP_ID ?? '', appKey: process.env.RATEBOOK_APP_KEY ?? '', close: async () => {} };
} else {
  await buildDist();
  service = await startBuiltService();
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(new URL(path, service.url), { headers: { authorization: basicAuth(service) } })).json()) as T;
const done = (page: Page, selector: string) => page.locator(selector).first().waitFor({ timeout: 120_000 });
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(300); // charts draw on the next frame after their box is measured
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  process.stdout.write(`${OUT}/${name}.png\n`);
};

const laptop = await launchBrowser({ width: 1280, height: 900 });
try {
  const page = laptop.page;
  await page.goto(`${service.url}/console`);
  await shot(page, 'sign-in');
  await signIn(page, service.url, service);
  await page.goto(`${service.url}/console#/utilities?q=94110`);
  await done(page, 'table.tariffs');
  await shot(page, 'utilities');

  const tariffs = await get<{ results: { masterTariffId: number; tariffCode: string }[] }>('/rest/public/tariffs?lseId=734');
  const etouc = tariffs.results.find((t) => t.tariffCode === 'E-TOU-C')!.masterTariffId;
  await page.goto(`${service.url}/console#/tariff/${etouc}`);
  await done(page, '[data-heatmap] [data-state="done"]');
  await shot(page, 'tariff');
  await page.locator('[data-heatmap]').screenshot({ path: join(OUT, 'heatmap.png') });
  process.stdout.write(`${OUT}/heatmap.png\n`);

  // The bill of a year of hourly readings uploaded as CSV (a typical home's baseline, written out as a file).
  const year = new Date().getFullYear();
  const baseline = await get<{ results: { measures: { v: number }[] }[] }>('/rest/v1/typicals/baselines/best?zipCode=94110&buildingType=RESIDENTIAL');
  const csv = join(tmpdir(), `ratebook-console-${process.pid}.csv`);
  writeFileSync(csv, ['fromDateTime,kWh', ...baseline.results[0]!.measures.slice(0, 24 * 365).map((m, i) => `${new Date(Date.UTC(year, 0, 1) + i * 3_600_000).toISOString().slice(0, 16)},${m.v.toFixed(3)}`)].join('\n'));
  await page.goto(`${service.url}/console#/bill?tariff=${etouc}`);
  await page.getByLabel('CSV file').setInputFiles(csv);
  await page.getByRole('button', { name: 'Calculate' }).click();
  await done(page, '#bill-result[data-state="done"] [data-total]');
  await shot(page, 'bill', true);

  await page.goto(`${service.url}/console#/prices?tariff=${etouc}`);
  await done(page, 'table.changes');
  await shot(page, 'smart-price', true);
  await page.goto(`${service.url}/console#/baseline?zip=94110`);
  await done(page, '.chart canvas');
  await shot(page, 'baseline', true);
  await page.goto(`${service.url}/console#/savings?zip=94110&kw=4`);
  await done(page, '.chart canvas');
  await shot(page, 'savings', true);
} finally {
  await laptop.close();
}

const phone = await launchBrowser({ width: 390, height: 844 });
try {
  await signIn(phone.page, service.url, service);
  await phone.page.goto(`${service.url}/console#/utilities?q=94110`);
  await done(phone.page, 'table.tariffs');
  await shot(phone.page, 'phone-utilities');
} finally {
  await phone.close();
  await service.close();
}
