// The web console end to end in a real headless Chromium (Debian's chromium, driven by playwright-core): the built
// service on a fresh SQLite file over a real socket; sign in, find PG&E by 94110, open E-TOU-C, its TOU heatmap has
// 2 x 12 x 24 cells whose prices match the smart price API at two sampled hours, a CSV uploaded to the bill calculator
// bills the same total as the API does for the same readings, a bad key is refused in words. Skips, saying why, where
// /usr/bin/chromium is absent (.ci/run installs it).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { basicAuth, buildDist, CHROMIUM, hasChromium, launchBrowser, signIn, startBuiltService, type Browser, type Service } from '../helpers/console-harness.ts';

const skip = hasChromium() ? false : `${CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium) to run the console's browser test`;

describe('web console in headless Chromium', { skip, timeout: 600_000 }, () => {
  let service: Service;
  let browser: Browser;
  let dir: string;
  let etoucId: number;

  const api = async (path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const headers: Record<string, string> = init.auth === false ? {} : { authorization: basicAuth(service) };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, service.url), { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return { status: res.status, json: (await res.json().catch(() => null)) as any, text: '' };
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
    await buildDist();
    service = await startBuiltService();
    browser = await launchBrowser();
    const tariffs = await api('/rest/public/tariffs?lseId=734');
    etoucId = tariffs.json.results.find((t: { tariffCode: string }) => t.tariffCode === 'E-TOU-C').masterTariffId;
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves its page and assets without credentials, keeps them out of the OpenAPI document, and the API still needs the key', async () => {
    for (const path of ['/console', '/console/', '/console/console.js', '/console/console.css']) {
      const res = await fetch(new URL(path, service.url));
      assert.equal(res.status, 200, path);
    }
    assert.equal((await fetch(new URL('/console/package.json', service.url))).status, 404, 'only the console files are served');
    const doc = await api('/openapi.json', { auth: false });
    assert.deepEqual(Object.keys(doc.json.paths).filter((p) => p.includes('console')), []);
    assert.equal((await api('/rest/public/lses?zipCode=94110', { auth: false })).status, 401);
  });

  it('signs in and finds PG&E with its tariffs by ZIP code 94110', async () => {
    const page = browser.page;
    await signIn(page, service.url, service);
    await page.getByLabel('ZIP code or address').fill('94110');
    await page.getByRole('button', { name: 'Find' }).click();
    const utility = page.locator('section.utility', { hasText: 'Pacific Gas & Electric' });
    await utility.waitFor();
    assert.equal(await utility.getAttribute('data-lse-id'), '734');
    const codes = await utility.locator('table.tariffs tbody tr td:first-child').allTextContents();
    assert.ok(codes.includes('E-TOU-C') && codes.includes('E-1'), codes.join(', '));
  });

  it("opens E-TOU-C: versions, rates and a 2 x 12 x 24 heatmap with the smart price API's prices", async () => {
    const page = browser.page;
    await page.getByRole('link', { name: 'E-TOU-C', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /E-TOU-C/ }).waitFor();
    const versions = await api(`/rest/public/tariffs/${etoucId}/history`);
    assert.equal(await page.locator('table.versions tbody tr').count(), versions.json.results[0].tariffVersions.length);
    assert.ok((await page.locator('table.rates[data-charge-type="CONSUMPTION_BASED"] tbody tr').count()) > 0);

    const map = page.locator('[data-heatmap] [data-state="done"]');
    await map.waitFor({ timeout: 60_000 });
    const year = Number(await map.getAttribute('data-year'));
    const cells = page.locator('table.heatmap tbody td');
    assert.equal(await cells.count(), 2 * 12 * 24);
    assert.equal(await page.locator('table.heatmap tbody td[data-price]').count(), 2 * 12 * 24, 'every cell has a price');

    // A July weekday at 17:00 (peak) and a January weekend day at 03:00, against the API for those very hours.
    const firstOn = (month: number, weekdays: number[]) => {
      for (let d = 8; ; d++) if (weekdays.includes(new Date(Date.UTC(year, month - 1, d)).getUTCDay())) return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    };
    const samples = [
      { kind: 'weekday', month: 7, hour: 17, date: firstOn(7, [3]) },
      { kind: 'weekend', month: 1, hour: 3, date: firstOn(1, [6]) },
    ];
    const shown: number[] = [];
    for (const s of samples) {
      const hh = String(s.hour).padStart(2, '0');
      const res = await api(`/rest/v1/prices/smart?masterTariffId=${etoucId}&fromDateTime=${s.date}T${hh}:00&toDateTime=${s.date}T${hh}:59`);
      assert.equal(res.status, 200);
      const expected = res.json.results[0].priceChanges[0].rateAmount as number;
      const cell = page.locator(`table.heatmap td[data-kind="${s.kind}"][data-month="${s.month}"][data-hour="${s.hour}"]`);
      const price = Number(await cell.getAttribute('data-price'));
      assert.equal(price, expected, `${s.kind} ${s.date} ${hh}:00`);
      shown.push(price);
    }
    assert.notEqual(shown[0], shown[1], 'summer peak and winter night differ on a TOU tariff');
  });

  it('bills an uploaded CSV of interval data to the same total as the API', async () => {
    const page = browser.page;
    // Two days of hourly readings in July, more in the 4-9 pm peak: the TOU split matters to the total.
    const values = Array.from({ length: 48 }, (_, i) => Number((0.3 + (i % 24 >= 16 && i % 24 < 21 ? 1.2 : 0) + (i % 7) * 0.05).toFixed(3)));
    const lines = ['fromDateTime,kWh', ...values.map((v, i) => `2026-07-${String(1 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00,${v}`)];
    const file = join(dir, 'usage.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);

    await page.getByRole('link', { name: 'Calculate a bill' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bill calculator' }).waitFor();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Calculate' }).click();
    const result = page.locator('#bill-result[data-state="done"] [data-total]');
    await result.waitFor({ timeout: 60_000 });
    const shown = Number(await result.getAttribute('data-total'));

    const expected = await api('/rest/v1/ondemand/calculate', {
      method: 'POST',
      body: { masterTariffId: etoucId, fromDateTime: '2026-07-01T00:00', toDateTime: '2026-07-03T00:00', detailLevel: 'TOTAL', propertyInputs: [{ keyName: 'consumption', fromDateTime: '2026-07-01T00:00', duration: 3_600_000, dataSeries: values }] },
    });
    assert.equal(expected.status, 200, JSON.stringify(expected.json));
    assert.ok(expected.json.results[0].totalCost > 0);
    assert.equal(shown, expected.json.results[0].totalCost);
    assert.ok((await page.locator('table.items tbody tr').count()) > 0, 'the items are listed');
    assert.ok((await page.locator('.chart canvas').count()) > 0, 'the monthly bill is drawn');
  });

  it('shows a refused key in words', async () => {
    const page = browser.page;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('App ID').fill(service.appId);
    await page.getByLabel('App key').fill('not-the-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /appId and appKey were refused/);
    assert.equal(await page.evaluate('sessionStorage.length'), 0, 'a refused key is not kept');
  });
});
