// Screenshots of each console page for the README (docs/console/*.png): `npm run console:screenshots`. Builds dist/,
// starts the built service on a fresh SQLite file (or uses RATEBOOK_URL with RATEBOOK_APP_ID and RATEBOOK_APP_KEY of
// a running one) and visits every page in headless Chromium (/usr/bin/chromium) at laptop width (1280 x 900: name.png) and at phone
// width (390 x 844: phone-name.png).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  basicAuth,
  buildDist,
  CHROMIUM,
  hasChromium,
  launchBrowser,
  signIn,
  startBuiltService,
  type Service,
} from '../test/helpers/console-harness.ts';

if (!hasChromium()) throw new Error(`${CHROMIUM} is absent: apt-get install -y chromium`);
const OUT = 'docs/console';
mkdirSync(OUT, { recursive: true });

let service: Service;
if (process.env.RATEBOOK_URL) {
  service = {
    url: process.env.RATEBOOK_URL,
    appId: process.env.RATEBOOK_APP_ID ?? '',
    appKey: process.env.RATEBOOK_APP_KEY ?? '',
    close: async () => {},
  };
} else {
  await buildDist();
  service = await startBuiltService();
}

const get = async <T>(path: string): Promise<T> =>
  (await (await fetch(new URL(path, service.url), { headers: { authorization: basicAuth(service) } })).json()) as T;
/** Waits for a page's result; when it does not come, fails with what the page says instead (an error in words). */
const done = async (page: Page, selector: string) => {
  try {
    await page.locator(selector).first().waitFor({ timeout: 120_000 });
  } catch (err) {
    throw new Error(`${selector} did not appear; the page says: ${await page.locator('main').textContent()}`, {
      cause: err,
    });
  }
};
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(300); // charts draw on the next frame after their box is measured
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  // A page wider than the screen scrolls sideways as a whole: say so (the browser test fails on it).
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  process.stdout.write(
    `${OUT}/${name}.png${scrollWidth > innerWidth ? ` WIDER THAN THE SCREEN (${scrollWidth} > ${innerWidth})` : ''}\n`,
  );
};

const tariffs = await get<{ results: { masterTariffId: number; tariffCode: string }[] }>(
  '/rest/public/tariffs?lseId=734',
);
const etouc = tariffs.results.find((t) => t.tariffCode === 'E-TOU-C')!.masterTariffId;
// The bill of a year of hourly readings uploaded as CSV (a typical home's baseline, written out as a file).
const year = new Date().getFullYear();
const baseline = await get<{ results: { measures: { v: number }[] }[] }>(
  '/rest/v1/typicals/baselines/best?zipCode=94110&buildingType=RESIDENTIAL',
);
const csv = join(tmpdir(), `ratebook-console-${process.pid}.csv`);
writeFileSync(
  csv,
  [
    'fromDateTime,kWh',
    ...baseline.results[0]!.measures.slice(0, 24 * 365).map(
      (m, i) => `${new Date(Date.UTC(year, 0, 1) + i * 3_600_000).toISOString().slice(0, 16)},${m.v.toFixed(3)}`,
    ),
  ].join('\n'),
);

/** Every page, named `${prefix}page.png`: the laptop's without a prefix, the phone's as phone-page.png. */
async function tour(page: Page, prefix: string): Promise<void> {
  const go = (route: string) => page.goto(`${service.url}/console${route}`);
  await page.goto(`${service.url}/console`);
  await shot(page, `${prefix}sign-in`);
  await signIn(page, service.url, service);
  await go('#/utilities?q=94110');
  await done(page, 'table.tariffs');
  await shot(page, `${prefix}utilities`, true);

  await go(`#/tariff/${etouc}`);
  await done(page, '[data-heatmap] [data-state="done"]');
  await shot(page, `${prefix}tariff`);
  await page.locator('[data-heatmap]').screenshot({ path: join(OUT, `${prefix}heatmap.png`) });
  process.stdout.write(`${OUT}/${prefix}heatmap.png\n`);

  await go(`#/bill?tariff=${etouc}`);
  await page.getByLabel('CSV file').setInputFiles(csv);
  await page.getByRole('button', { name: 'Calculate' }).click();
  await done(page, '#bill-result[data-state="done"] [data-total]');
  await shot(page, `${prefix}bill`, true);

  await go(`#/prices?tariff=${etouc}`);
  await done(page, '#prices-result[data-state="done"]');
  await shot(page, `${prefix}smart-price`, true);
  await go('#/baseline?zip=94110');
  await done(page, '#baseline-result[data-state="done"]');
  await shot(page, `${prefix}baseline`, true);
  // A first start loads the bundled export prices in the background (src/data/export-prices.load.ts), and an analysis
  // during the load may price later years a little apart: the pictures wait until every PG&E export price key holds
  // the same number of values, unchanged for 5 s.
  const keys = (
    await get<{ results: { keyName: string }[] }>('/rest/public/properties?search=pgeNbtExport&pageCount=100')
  ).results.map((k) => k.keyName);
  let last = '';
  for (let t = Date.now(); ; await page.waitForTimeout(5000)) {
    const counts = await Promise.all(
      keys.map(
        async (k) =>
          (await get<{ results: { lookupCount: number }[] }>(`/rest/public/properties/${k}/stats`)).results[0]
            ?.lookupCount ?? 0,
      ),
    );
    const now = counts.join(',');
    if (counts.length > 0 && counts.every((c) => c > 0 && c === counts[0]) && now === last) break;
    last = now;
    if (Date.now() - t > 600_000) throw new Error(`The export prices did not load in 10 minutes: ${now}`);
  }
  await go('#/savings?zip=94110&kw=4');
  await done(page, '#savings-result[data-state="done"] table.july-prices');
  await shot(page, `${prefix}savings`, true);
  // With a battery: its figures and July day, then the exports after solar and July's prices, each a picture.
  await go('#/savings?zip=94110&kw=4&battery=13.5&power=5&dispatch=BILL_OPTIMAL');
  await done(page, '#savings-result[data-state="done"] table.july-prices');
  await shotBetween(page, `${prefix}savings-battery`, '#savings-result h2 >> nth=0', '#savings-result figure >> nth=1');
  await shotBetween(page, `${prefix}savings-exports`, '#savings-result h2 >> nth=1', '#savings-result figure >> nth=2');
}

/** The part of the page from the top of one element to the bottom of another. */
async function shotBetween(page: Page, name: string, from: string, to: string) {
  await page.waitForTimeout(300);
  const top = (await page.locator(from).boundingBox())!;
  const bottom = (await page.locator(to).boundingBox())!;
  const scroll = await page.evaluate(() => window.scrollY);
  const width = page.viewportSize()!.width;
  await page.screenshot({
    path: join(OUT, `${name}.png`),
    fullPage: true,
    clip: { x: 0, y: top.y + scroll - 8, width, height: bottom.y + bottom.height - top.y + 16 },
  });
  process.stdout.write(`${OUT}/${name}.png\n`);
}

try {
  for (const [viewport, prefix] of [
    [{ width: 1280, height: 900 }, ''],
    [{ width: 390, height: 844 }, 'phone-'],
  ] as const) {
    const browser = await launchBrowser(viewport);
    try {
      await tour(browser.page, prefix);
    } finally {
      await browser.close();
    }
  }
} finally {
  rmSync(csv, { force: true });
  await service.close();
}
