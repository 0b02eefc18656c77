// The web console end to end in a real headless Chromium (Debian's chromium, driven by playwright-core): the built
// service on a fresh SQLite file over a real socket; sign in, find PG&E by 94110, open E-TOU-C, its TOU heatmap has
// 2 x 12 x 24 cells whose prices match the smart price API at two sampled hours, a CSV uploaded to the bill calculator
// bills the same total as the API does for the same readings; at phone width (390 x 844) the smart price of a week, the
// baseline and the savings before and after solar show what the API answers to the same request (after solar on the
// tariff a new solar customer takes; with a battery, its figures and a July day on the analysis's own load and PV; the
// exports by TOU period and July's import and export prices), and no page is wider than the screen; every input has a label; a bad key is refused in words; one can sign in and move on with the keyboard
// alone, the focus visible. Skips, saying why, where /usr/bin/chromium is absent (.ci/run installs it).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  basicAuth,
  buildDist,
  CHROMIUM,
  hasChromium,
  launchBrowser,
  signIn,
  startBuiltService,
  type Browser,
  type Service,
} from '../helpers/console-harness.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
// The console's number formats (src/web/console/dom.ts), to compare what a page shows with the API's numbers.
const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 5 });
const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The page is no wider than the screen, and every form control has a label (or an aria-label) naming it. */
async function assertFitsAndLabelled(page: Page, what: string): Promise<void> {
  // A string, run in the page: the test's program has no DOM types.
  const { scrollWidth, innerWidth, unlabelled } = (await page.evaluate(`({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    unlabelled: [...document.querySelectorAll('input, select, textarea')]
      .filter((el) => el.type !== 'hidden' && !el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el) => el.name || el.outerHTML.slice(0, 80)),
  })`)) as { scrollWidth: number; innerWidth: number; unlabelled: string[] };
  assert.ok(scrollWidth <= innerWidth, `${what}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
  assert.deepEqual(unlabelled, [], `${what}: controls without a label`);
}

const skip = hasChromium()
  ? false
  : `${CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium) to run the console's browser test`;

describe('web console in headless Chromium', { skip, timeout: 600_000 }, () => {
  let service: Service;
  let browser: Browser;
  let dir: string;
  let etoucId: number;
  let eelecId: number;

  const api = async (path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const headers: Record<string, string> = init.auth === false ? {} : { authorization: basicAuth(service) };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, service.url), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as any, text: '' };
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
    await buildDist();
    service = await startBuiltService();
    browser = await launchBrowser();
    const tariffs = await api('/rest/public/tariffs?lseId=734');
    etoucId = tariffs.json.results.find((t: { tariffCode: string }) => t.tariffCode === 'E-TOU-C').masterTariffId;
    eelecId = tariffs.json.results.find((t: { tariffCode: string }) => t.tariffCode === 'E-ELEC').masterTariffId;
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
      // Read to the end: an unread answer keeps its connection busy, and the service's shutdown waits for it.
      assert.ok((await res.arrayBuffer()).byteLength > 0, path);
    }
    const other = await fetch(new URL('/console/package.json', service.url));
    await other.arrayBuffer();
    assert.equal(other.status, 404, 'only the console files are served');
    const doc = await api('/openapi.json', { auth: false });
    assert.deepEqual(
      Object.keys(doc.json.paths).filter((p) => p.includes('console')),
      [],
    );
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
    // PG&E has two E-TOU-C tariffs (as before solar, and under net billing): the one the API lists first.
    await page.locator(`a[href="#/tariff/${etoucId}"]`).click();
    await page.getByRole('heading', { level: 1, name: /E-TOU-C/ }).waitFor();
    const versions = await api(`/rest/public/tariffs/${etoucId}/history`);
    assert.equal(await page.locator('table.versions tbody tr').count(), versions.json.results[0].tariffVersions.length);
    assert.ok((await page.locator('table.rates[data-charge-type="CONSUMPTION_BASED"] tbody tr').count()) > 0);

    const map = page.locator('[data-heatmap] [data-state="done"]');
    await map.waitFor({ timeout: 60_000 });
    const year = Number(await map.getAttribute('data-year'));
    const cells = page.locator('table.heatmap tbody td');
    assert.equal(await cells.count(), 2 * 12 * 24);
    assert.equal(
      await page.locator('table.heatmap tbody td[data-price]').count(),
      2 * 12 * 24,
      'every cell has a price',
    );

    // A July weekday at 17:00 (peak) and a January weekend day at 03:00, against the API for those very hours.
    const firstOn = (month: number, weekdays: number[]) => {
      for (let d = 8; ; d++)
        if (weekdays.includes(new Date(Date.UTC(year, month - 1, d)).getUTCDay()))
          return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    };
    const samples = [
      { kind: 'weekday', month: 7, hour: 17, date: firstOn(7, [3]) },
      { kind: 'weekend', month: 1, hour: 3, date: firstOn(1, [6]) },
    ];
    const shown: number[] = [];
    for (const s of samples) {
      const hh = String(s.hour).padStart(2, '0');
      const res = await api(
        `/rest/v1/prices/smart?masterTariffId=${etoucId}&fromDateTime=${s.date}T${hh}:00&toDateTime=${s.date}T${hh}:59`,
      );
      assert.equal(res.status, 200);
      const expected = res.json.results[0].priceChanges[0].rateAmount as number;
      const cell = page.locator(
        `table.heatmap td[data-kind="${s.kind}"][data-month="${s.month}"][data-hour="${s.hour}"]`,
      );
      const price = Number(await cell.getAttribute('data-price'));
      assert.equal(price, expected, `${s.kind} ${s.date} ${hh}:00`);
      shown.push(price);
    }
    assert.notEqual(shown[0], shown[1], 'summer peak and winter night differ on a TOU tariff');
    // Each cell is named in words for screen readers (month, day kind, hour, price), not only by its colour.
    const peak = page.getByRole('cell', {
      name: new RegExp(`^Jul weekdays 17:00: ${price.format(shown[0]!).replace('.', '\\.')} per kWh`),
    });
    assert.equal(await peak.count(), 1);
    assert.equal(await page.locator('table.heatmap td[data-price] .sr-only').count(), 2 * 12 * 24);
  });

  it('bills an uploaded CSV of interval data to the same total as the API', async () => {
    const page = browser.page;
    // Two days of hourly readings in July, more in the 4-9 pm peak: the TOU split matters to the total.
    const values = Array.from({ length: 48 }, (_, i) =>
      Number((0.3 + (i % 24 >= 16 && i % 24 < 21 ? 1.2 : 0) + (i % 7) * 0.05).toFixed(3)),
    );
    const lines = [
      'fromDateTime,kWh',
      ...values.map(
        (v, i) =>
          `2026-07-${String(1 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00,${v}`,
      ),
    ];
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
      body: {
        masterTariffId: etoucId,
        fromDateTime: '2026-07-01T00:00',
        toDateTime: '2026-07-03T00:00',
        detailLevel: 'TOTAL',
        propertyInputs: [
          { keyName: 'consumption', fromDateTime: '2026-07-01T00:00', duration: 3_600_000, dataSeries: values },
        ],
      },
    });
    assert.equal(expected.status, 200, JSON.stringify(expected.json));
    assert.ok(expected.json.results[0].totalCost > 0);
    assert.equal(shown, expected.json.results[0].totalCost);
    assert.ok((await page.locator('table.items tbody tr').count()) > 0, 'the items are listed');
    // uPlot draws from a ResizeObserver callback, a frame after the page says done: wait for the canvas.
    await page.locator('.chart canvas').first().waitFor({ timeout: 10_000 });
    assert.ok((await page.locator('.chart canvas').count()) > 0, 'the monthly bill is drawn');
  });

  it('fits a phone screen: utilities, tariff with its heatmap and bill calculator', async () => {
    const page = browser.page;
    await page.setViewportSize(PHONE);
    await page.goto(`${service.url}/console#/utilities?q=94110`);
    await page.locator('table.tariffs').first().waitFor();
    await assertFitsAndLabelled(page, 'utilities');
    await page.goto(`${service.url}/console#/tariff/${etoucId}`);
    await page.locator('[data-heatmap] [data-state="done"]').waitFor({ timeout: 60_000 });
    await assertFitsAndLabelled(page, 'tariff');
    await page.goto(`${service.url}/console#/bill?tariff=${etoucId}`);
    await page.getByRole('heading', { level: 1, name: 'Bill calculator' }).waitFor();
    await assertFitsAndLabelled(page, 'bill calculator');
  });

  it('shows the smart price of a week as a line and lists the changes the API gives for the same request', async () => {
    const page = browser.page;
    const from = '2026-07-06';
    await page.goto(`${service.url}/console#/prices?tariff=${etoucId}&from=${from}`);
    await page.locator('#prices-result[data-state="done"]').waitFor({ timeout: 60_000 });
    await page.locator('#prices-result figure .chart canvas').first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#prices-result figure .chart canvas').count(), 1, 'the week is drawn');
    const rows = await page
      .locator('#prices-result table.changes tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const res = await api(
      `/rest/v1/prices/smart?masterTariffId=${etoucId}&fromDateTime=${from}&toDateTime=2026-07-13&pageCount=1000`,
    );
    assert.equal(res.status, 200);
    const changes = res.json.results[0].priceChanges as {
      fromDateTime: string;
      toDateTime: string;
      name: string;
      rateAmount: number;
    }[];
    assert.ok(changes.length >= 14, 'a TOU week has a peak a day');
    const when = (t: string) => t.replace('T', ' ').slice(0, 16);
    assert.deepEqual(
      rows,
      changes.map((c) => [when(c.fromDateTime), when(c.toDateTime), c.name, price.format(c.rateAmount)]),
    );
    await assertFitsAndLabelled(page, 'smart price');
  });

  it("draws the typical baseline with the API's annual total and average day", async () => {
    const page = browser.page;
    await page.goto(`${service.url}/console#/baseline?zip=94110`);
    await page.locator('#baseline-result[data-state="done"]').waitFor({ timeout: 60_000 });
    await page.locator('#baseline-result .chart canvas').nth(1).waitFor({ timeout: 10_000 });
    assert.equal(
      await page.locator('#baseline-result .chart canvas').count(),
      2,
      'days of the year and the average day',
    );
    const res = await api('/rest/v1/typicals/baselines/best?zipCode=94110&buildingType=RESIDENTIAL');
    const b = res.json.results[0] as {
      measures: { v: number }[];
      factors: { annualConsumption?: number; peakDemand?: number };
    };
    const hourly = b.measures.map((m) => m.v);
    const annual = b.factors.annualConsumption ?? hourly.reduce((s, v) => s + v, 0);
    const summary = (await page.locator('#baseline-result .baseline-summary').textContent()) ?? '';
    assert.ok(
      summary.includes(`${qty.format(annual)} kWh a year, peak ${qty.format(b.factors.peakDemand!)} kW`),
      summary,
    );
    const days = Math.floor(hourly.length / 24);
    const expected = Array.from({ length: 24 }, (_, hr) =>
      (Array.from({ length: days }, (_, d) => hourly[d * 24 + hr]!).reduce((s, v) => s + v, 0) / days).toFixed(3),
    );
    assert.deepEqual(await page.locator('table.average-day tbody td:nth-child(2)').allTextContents(), expected);
    await assertFitsAndLabelled(page, 'baseline');
  });

  it('analyses solar savings on the place’s default tariff, or another after solar, as the API does, and says what is wrong in words', async () => {
    const page = browser.page;
    const analysis = () => page.waitForRequest((r) => r.url().endsWith('/rest/v1/accounts/analysis'));
    const defaults = await api('/rest/public/tariffs?zipCode=94110&customerClasses=RESIDENTIAL&tariffTypes=DEFAULT');
    assert.equal(defaults.json.results.length, 1, 'one residential default tariff serves 94110');
    const figures = async (request: { postDataJSON(): unknown }) => {
      await page.locator('#savings-result[data-state="done"] .chart canvas').first().waitFor({ timeout: 60_000 });
      // The same request through the API: the page shows its monthly bills before and after solar.
      const res = await api('/rest/v1/accounts/analysis', { method: 'POST', body: request.postDataJSON() });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      const a = res.json.results[0];
      const monthly = (scenario: string) =>
        a.seriesData.filter(
          (d: { seriesId: number }) =>
            d.seriesId ===
            a.series.find(
              (x: { scenario: string; seriesPeriod: string }) => x.scenario === scenario && x.seriesPeriod === 'MONTH',
            ).seriesId,
        );
      const [before, after] = [monthly('before'), monthly('after')];
      assert.equal(before.length, 12);
      const rows = await page
        .locator('table.by-month tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
      assert.deepEqual(
        rows,
        before.map((d: { cost: number }, i: number) => [
          amount.format(d.cost),
          amount.format(after[i].cost),
          amount.format(d.cost - after[i].cost),
        ]),
      );
      assert.ok(
        ((await page.locator('.savings-summary').textContent()) ?? '').includes(
          `${amount.format(a.summary.netAvoidedCost)} ${a.currency} saved`,
        ),
      );
      return a;
    };

    const first = analysis();
    await page.goto(`${service.url}/console#/savings?zip=94110&kw=4&year=2027`);
    const sent = await first;
    assert.equal(
      await page.getByLabel('Tariff before solar').inputValue(),
      String(defaults.json.results[0].masterTariffId),
      'the default tariff is preselected',
    );
    const onDefault = await figures(sent);
    // After solar, by default, the tariff a new solar customer of PG&E takes (#37): E-ELEC under net billing.
    assert.deepEqual(
      onDefault.scenarios
        .filter((s: { name: string }) => s.name !== 'solar')
        .map((s: { masterTariffId: number }) => s.masterTariffId),
      [defaults.json.results[0].masterTariffId, eelecId],
    );
    await assertFitsAndLabelled(page, 'savings');

    await page.getByLabel('Tariff after solar').selectOption(String(etoucId));
    const second = analysis();
    await page.getByRole('button', { name: 'Analyse' }).click();
    const moved = await figures(await second);
    assert.equal(moved.scenarios.find((s: { name: string }) => s.name === 'after').masterTariffId, etoucId);
    assert.match(
      (await page.locator('#savings-result .meta').first().textContent()) ?? '',
      new RegExp(`after solar on .*\\(${etoucId}\\)`),
    );

    // A ZIP code no utility of Ratebook serves: no tariff to list, and the API's refusal in words.
    await page.getByLabel('ZIP code').fill('00501');
    await page.getByLabel('ZIP code').dispatchEvent('change');
    await page
      .getByRole('status')
      .filter({ hasText: /0 residential tariffs serve 00501/ })
      .waitFor();
    await page.getByRole('button', { name: 'Analyse' }).click();
    const alert = page.locator('#savings-result').getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    assert.match((await alert.textContent()) ?? '', /^The request was not accepted: .+ \(parameter [\w.]+/);
  });

  it('adds a battery and shows its figures and a July day on the analysis’s own load and PV, and the exports after solar with July’s import and export prices, at laptop and phone width', async () => {
    const page = browser.page;
    // July's export prices, as the lookups API answers them (from the bundled data files until the server has stored
    // them after its first start: src/modules/properties/properties.service.ts).
    const lookups = async (key: string) =>
      (
        await api(`/rest/public/properties/${key}/lookups?fromDateTime=2027-07-15&toDateTime=2027-07-16`)
      ).json.results.map((l: { bestValue: number }) => l.bestValue) as number[];
    assert.equal((await lookups('pgeNbtExportDelivery2026')).length, 24);
    await page.setViewportSize(LAPTOP);
    // The page's own answer (what it shows), not the request sent again: compared with what the page draws.
    const answered = page.waitForResponse((r) => r.url().endsWith('/rest/v1/accounts/analysis'));
    await page.goto(
      `${service.url}/console#/savings?zip=94110&kw=4&year=2027&battery=13.5&power=5&dispatch=BILL_OPTIMAL`,
    );
    const response = await answered;
    const sent = response.request().postDataJSON() as {
      propertyInputs: { keyName: string; scenarios?: string }[];
    };
    assert.deepEqual(
      sent.propertyInputs.filter((i) => i.scenarios === 'storage').map((i) => i.keyName),
      ['storageCapacity', 'storagePower', 'storageDispatch'],
    );
    await page.locator('#savings-result[data-state="done"] table.july-prices').waitFor({ timeout: 120_000 });
    assert.equal(response.status(), 200);
    const a = ((await response.json()) as { results: any[] }).results[0];
    const text = async (selector: string) => (await page.locator(selector).textContent()) ?? '';
    const column = (selector: string, n: number) =>
      page.locator(`${selector} tbody td:nth-child(${n})`).allTextContents();

    // The storage figures of the answer, and the day's dispatch recomputed to the analysis's own battery savings.
    const summary = await text('.battery-summary');
    for (const v of [a.summary.storageAvoidedCost, a.summary.lifetimeStorageAvoidedCost])
      assert.ok(summary.includes(`${amount.format(v)} USD`), `${summary} names ${v}`);
    assert.ok(summary.includes(`${qty.format(a.summary.storageCycles)} full cycles`), summary);
    assert.match(
      await text('.battery-check'),
      new RegExp(`saves ${amount.format(a.summary.storageAvoidedCost)} USD, the analysis's figure`),
    );
    assert.equal(await page.locator('.battery-check[role="alert"]').count(), 0);

    // 15 July: the load is the place's typical baseline on that day, the PV the same system's PVWatts output (the sun
    // keeps standard time: 13:00 daylight time reads the typical 12:00), as the analysis bills them.
    const baseline = await api(
      '/rest/v1/typicals/baselines/best?zipCode=94110&customerClass=RESIDENTIAL&intervalFromDateTime=2027-07-15&intervalToDateTime=2027-07-16&excludeMeasures=true',
    );
    assert.deepEqual(
      await column('table.battery-day', 2),
      baseline.json.results[0].intervals.map((i: { kWh: { quantityAmount: number } }) =>
        i.kWh.quantityAmount.toFixed(2),
      ),
    );
    const pv = await api('/rest/v1/typicals/solar/best?zipCode=94110&systemSize=4&groupBy=HOUR');
    const july15 = (181 + 14) * 24; // the typical year's hour of 15 July 00:00 standard time
    assert.deepEqual(
      await column('table.battery-day', 3),
      Array.from({ length: 24 }, (_, h) => pv.json.results[0].intervals[july15 + h - 1].acKWh.toFixed(2)),
    );
    const held = (await column('table.battery-day', 4)).map(Number);
    assert.equal(held.length, 24);
    assert.ok(
      held.every((v) => v >= 0 && v <= 13.5),
      `the battery holds 0 to 13.5 kWh: ${held}`,
    );
    assert.ok(Math.max(...held) - Math.min(...held) > 1, 'the battery works that day');

    // Exports after solar: E-ELEC under net billing, the vintage, and kWh and credit by TOU period as the answer's.
    const facts = await text('dl.exports');
    assert.match(facts, /NET_BILLING_CARRYOVER/);
    assert.match(facts, /Vintage2027: .*2026 vintage/);
    const afterMonths = a.series.find(
      (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'MONTH',
    ).seriesId;
    const periods = a.seriesData
      .filter((m: { seriesId: number }) => m.seriesId === afterMonths)
      .flatMap((m: { exportPeriods: { touName: string; exportedKWh: number; exportCredit: number }[] | null }) =>
        (m.exportPeriods ?? []).filter((p) => p.exportedKWh > 0 || p.exportCredit !== 0),
      );
    assert.ok(periods.length > 0);
    assert.deepEqual(
      await column('table.export-periods', 2),
      periods.map((p: { touName: string }) => p.touName),
    );
    assert.deepEqual(
      await column('table.export-periods', 4),
      periods.map((p: { exportCredit: number }) => amount.format(p.exportCredit)),
    );

    // July's prices: the import column is the smart price of E-ELEC, the export column the 2026 vintage's lookups.
    const smart = await api(
      `/rest/v1/prices/smart?masterTariffId=${eelecId}&fromDateTime=2027-07-15&toDateTime=2027-07-16`,
    );
    const importAt = (h: number) =>
      smart.json.results[0].priceChanges.find(
        (c: { fromDateTime: string; toDateTime: string }) =>
          Date.parse(c.fromDateTime) <= Date.parse('2027-07-15T00:00:00-07:00') + h * 3_600_000 &&
          Date.parse('2027-07-15T00:00:00-07:00') + h * 3_600_000 < Date.parse(c.toDateTime),
      ).rateAmount;
    const hours = Array.from({ length: 24 }, (_, h) => h);
    assert.deepEqual(
      await column('table.july-prices', 2),
      hours.map((h) => price.format(importAt(h))),
    );
    const [generation, delivery] = [
      await lookups('pgeNbtExportGeneration2026'),
      await lookups('pgeNbtExportDelivery2026'),
    ];
    assert.deepEqual(
      await column('table.july-prices', 3),
      hours.map((h) => price.format(generation[h]! + delivery[h]!)),
    );
    assert.equal(
      await page.locator('#savings-result figure canvas').count(),
      3,
      'bills, the battery day and the prices',
    );
    await assertFitsAndLabelled(page, 'savings with a battery (laptop)');

    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await assertFitsAndLabelled(page, 'savings with a battery (phone)');

    // The same as before solar (E-1, net metering assumed), without a battery: no hourly export price, said in words.
    await page.getByLabel('Usable capacity (kWh)').fill('');
    await page.getByLabel('Tariff after solar').selectOption('same');
    const third = page.waitForRequest((r) => r.url().endsWith('/rest/v1/accounts/analysis'));
    await page.getByRole('button', { name: 'Analyse' }).click();
    await third;
    await page.locator('#savings-result[data-state="done"] table.july-prices').waitFor({ timeout: 120_000 });
    assert.equal(await page.locator('.battery-summary').count(), 0);
    assert.match(await text('dl.exports'), /NET_METERING/);
    assert.match(
      await text('#savings-result'),
      /Under net metering an exported kWh offsets one drawn at the import price/,
    );
    assert.deepEqual(
      await column('table.july-prices', 3),
      hours.map(() => '—'),
    );
    await assertFitsAndLabelled(page, 'savings under net metering (phone)');
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
    await assertFitsAndLabelled(page, 'sign in');
  });

  it('signs in and finds a tariff with the keyboard alone, the focus visible', async () => {
    const page = browser.page;
    await page.setViewportSize(LAPTOP);
    await page.goto(`${service.url}/console`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const focused = async () =>
      (await page.evaluate(`(() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        return { name: el.getAttribute('name'), text: el.textContent.trim(), outline: style.outlineStyle + ' ' + style.outlineWidth };
      })()`)) as { name: string | null; text: string; outline: string };
    // The page's heading holds the focus (as after a page load); the tab order is the page's: the skip link, the home
    // link, then the form. Each stop shows the focus ring.
    const order: string[] = [];
    for (const key of ['Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      const f = await focused();
      order.push(f.name ?? f.text);
      assert.equal(f.outline, 'solid 3px', `focus on ${f.name ?? f.text} is visible`);
    }
    assert.deepEqual(order, ['appId', 'Ratebook console', 'Skip to content', 'Ratebook console', 'appId']);
    await page.keyboard.type(service.appId);
    await page.keyboard.press('Tab');
    assert.equal((await focused()).name, 'appKey');
    await page.keyboard.type(service.appKey);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Utilities and tariffs' }).waitFor();

    // The page's heading has the focus; the next Tab is its search field.
    await page.keyboard.press('Tab');
    assert.equal((await focused()).name, 'q');
    await page.keyboard.type('94110');
    await page.keyboard.press('Enter');
    await page.locator('table.tariffs').first().waitFor();
    for (let i = 0; i < 10 && (await focused()).text !== 'E-TOU-C'; i++) await page.keyboard.press('Tab');
    assert.equal((await focused()).text, 'E-TOU-C', 'the tariff links are in the tab order');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /E-TOU-C/ }).waitFor();
  });
});
