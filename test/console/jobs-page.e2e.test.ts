// The console's jobs page in headless Chromium against the built service (SQLite: the serving process works the job):
// a job made over the API is listed with its state and progress, which the page refreshes until it completes, and its
// CSV link downloads the same text as GET .../results.csv. Skips where /usr/bin/chromium is absent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { basicAuth, CHROMIUM, consoleUnderTest, hasChromium, signIn } from '../helpers/console-harness.ts';

const skip = hasChromium() ? false : `${CHROMIUM} is absent: apt-get install -y chromium to run the console's test`;

describe('the console lists portfolio jobs', { skip, timeout: 600_000 }, () => {
  const run = consoleUnderTest();
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(new URL(path, run.service.url), {
      method,
      headers: { authorization: basicAuth(run.service), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${text}`);
    return text;
  };

  it('shows a job with its progress until it completes, and downloads its CSV', async () => {
    for (const pid of ['flat-1', 'flat-2']) {
      await api('POST', '/rest/v1/accounts', {
        providerAccountId: pid,
        address: { zip: '94110' },
        tariffs: [{ masterTariffId: 522, effectiveDate: '2025-01-01' }],
      });
      await api('POST', '/rest/v1/profiles', {
        providerAccountId: pid,
        providerProfileId: `${pid}-meter`,
        source: { sourceId: 'ReadingEntry' },
        readingData: Array.from({ length: 31 * 24 }, (_, k) => ({
          fromDateTime: new Date(Date.parse('2025-07-01T07:00:00Z') + k * 3_600_000).toISOString(),
          duration: 3_600_000,
          quantityUnit: 'kWh',
          quantityValue: pid === 'flat-1' ? 0.5 : 0.8,
        })),
      });
    }
    const made = JSON.parse(
      await api('POST', '/rest/v1/jobs', {
        kind: 'CALCULATION',
        name: 'July bills',
        providerAccountIds: ['flat-1', 'flat-2', 'missing'],
        calculation: { fromDateTime: '2025-07-01', toDateTime: '2025-08-01' },
      }),
    ).results[0];

    const { service, browser } = run;
    const page = browser.page;
    await signIn(page, service.url, service);
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Portfolio jobs' }).waitFor();
    const row = page.locator('table.jobs tbody tr', { hasText: 'July bills' });
    await row.waitFor();
    // The page refreshes itself while the job is open: COMPLETED appears without a reload.
    await row.locator('td[data-label="State"]', { hasText: 'COMPLETED' }).waitFor({ timeout: 120_000 });
    assert.equal(await row.locator('progress').getAttribute('value'), '1');
    assert.match((await row.locator('td[data-label="Progress"]').textContent()) ?? '', /3 of 3/);
    assert.equal((await row.locator('td[data-label="Failed"]').textContent())?.trim(), '1');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'CSV' }).click(),
    ]);
    const saved = readFileSync((await download.path())!, 'utf8');
    assert.equal(saved, await api('GET', `/rest/v1/jobs/${made.jobId}/results.csv`));
    assert.match(saved, /,flat-2,SUCCESS,scenario1,SUCCESS,522,/);
    assert.match(saved, /,missing,FAILED,.*ObjectNotFound/);
  });
});
