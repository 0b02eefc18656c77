// The savings page's battery on a fixed schedule (#38), in headless Chromium against the built service: a bad window
// is said in the form and no analysis is asked for; a good schedule (weekdays charging 10-15 and discharging 16-21,
// weekends discharging 17-20, June to September, idle otherwise) goes to the analysis as storageSchedule and to the
// day's calculation as its fixedSchedule, the page shows the answer's battery figures with the schedule in words, the
// recomputed year one saves the analysis's figure, and the July day (a Thursday) keeps to the windows: the battery
// holds still while idle, fills only in the charge window and empties only in the discharge window.
// Skips where /usr/bin/chromium is absent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHROMIUM, consoleUnderTest, hasChromium, signIn } from '../helpers/console-harness.ts';

// The console's number formats (src/web/console/dom.ts).
const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
// Pictures to look at: the form saying a bad window, and the whole page with the answer.
const SHOTS = '/tmp/ratebook-savings-fixed-schedule';

const skip = hasChromium() ? false : `${CHROMIUM} is absent: apt-get install -y chromium to run the console's test`;

describe('the savings page runs a battery on a fixed schedule', { skip, timeout: 600_000 }, () => {
  const run = consoleUnderTest();

  it('refuses a bad window in the form, sends the schedule and draws a July day that keeps to it', async () => {
    const { service, browser } = run;
    const page = browser.page;
    const analyses: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/rest/v1/accounts/analysis')) analyses.push(r.postData() ?? '');
    });
    await signIn(page, service.url, service);
    await page.goto(`${service.url}/console#/savings`);
    const label = (name: string) => page.getByLabel(name, { exact: true });
    await label('ZIP code').fill('94110');
    await label('System size (kW)').fill('4');
    await label('First year').fill('2027');
    await label('Usable capacity (kWh)').fill('13.5');
    await label('Power (kW)').fill('5');
    const schedule = page.locator('fieldset.battery-schedule');
    assert.equal(await schedule.isVisible(), false, 'no schedule before FIXED_SCHEDULE is chosen');
    await label('Dispatch').selectOption('FIXED_SCHEDULE');
    await schedule.waitFor();
    // The defaults: weekdays charge 10-15, discharge 16-21.
    assert.equal(await label('Weekdays charge from').inputValue(), '10');
    assert.equal(await label('Weekdays discharge to').inputValue(), '21');

    // Bad windows, each said in the form; the browser refuses the submit, so no analysis is asked for.
    const error = schedule.getByRole('alert');
    const refused = async (message: RegExp) => {
      assert.match((await error.textContent()) ?? '', message);
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page.waitForTimeout(300);
      assert.equal(analyses.length, 0, `no analysis is sent while the form says ${message}`);
    };
    await label('Weekdays discharge from').selectOption('14');
    await refused(/^Weekdays: the charge and discharge windows both hold 14:00; each hour takes one$/);
    await page.locator('form.card').screenshot({ path: `${SHOTS}-form.png` });
    await label('Weekdays discharge from').selectOption('');
    await refused(/^Weekdays discharge window: give the hour it starts and the hour it ends, or neither$/);
    await label('Weekdays discharge from').selectOption('21');
    await refused(/^Weekdays discharge window: it starts and ends at 21:00, so it holds no hour$/);

    // A good schedule: the message goes, the analysis carries it.
    await label('Weekdays discharge from').selectOption('16');
    await label('Weekends discharge from').selectOption('17');
    await label('Weekends discharge to').selectOption('20');
    await label('Months from').selectOption({ label: 'Jun' });
    await label('Months to').selectOption({ label: 'Sep' });
    assert.equal(await error.isVisible(), false);
    const answered = page.waitForResponse((r) => r.url().endsWith('/rest/v1/accounts/analysis'));
    const calculated = page.waitForRequest((r) => r.url().endsWith('/rest/v1/ondemand/calculate'));
    await page.getByRole('button', { name: 'Analyse' }).click();
    const response = await answered;
    assert.equal(response.status(), 200, await response.text());
    const season = { seasonFromMonth: 6, seasonToMonth: 9 };
    const expected = {
      chargeTous: [{ season, touPeriods: [{ fromDayOfWeek: 0, toDayOfWeek: 4, fromHour: 10, toHour: 15 }] }],
      dischargeTous: [
        {
          season,
          touPeriods: [
            { fromDayOfWeek: 0, toDayOfWeek: 4, fromHour: 16, toHour: 21 },
            { fromDayOfWeek: 5, toDayOfWeek: 6, fromHour: 17, toHour: 20 },
          ],
        },
      ],
      otherwise: 'IDLE',
    };
    const storage = (
      response.request().postDataJSON() as {
        propertyInputs: { keyName: string; dataValue: unknown; scenarios?: string }[];
      }
    ).propertyInputs.filter((i) => i.scenarios === 'storage');
    assert.deepEqual(
      storage.map((i) => i.keyName),
      ['storageCapacity', 'storagePower', 'storageDispatch', 'storageSchedule'],
    );
    assert.equal(storage[2]!.dataValue, 'FIXED_SCHEDULE');
    assert.deepEqual(JSON.parse(String(storage[3]!.dataValue)), expected);
    assert.deepEqual((await calculated).postDataJSON().storage.dispatchStrategy, { fixedSchedule: expected });
    assert.equal(analyses.length, 1);

    // The answer's battery figures, the schedule in words, and year one recomputed to the analysis's own savings.
    await page.locator('#savings-result[data-state="done"] table.battery-day').waitFor({ timeout: 180_000 });
    const a = ((await response.json()) as { results: any[] }).results[0];
    const summary = (await page.locator('.battery-summary').textContent()) ?? '';
    assert.ok(a.summary.storageAvoidedCost > 0, `the battery saves: ${a.summary.storageAvoidedCost}`);
    for (const v of [a.summary.storageAvoidedCost, a.summary.lifetimeStorageAvoidedCost])
      assert.ok(summary.includes(`${amount.format(v)} USD`), `${summary} names ${v}`);
    assert.ok(summary.includes(`${qty.format(a.summary.storageCycles)} full cycles`), summary);
    assert.ok(
      summary.includes(
        'fixed schedule: weekdays charging 10:00–15:00, discharging 16:00–21:00; weekends discharging 17:00–20:00; in Jun–Sep, idle otherwise',
      ),
      summary,
    );
    assert.match(
      (await page.locator('.battery-check').textContent()) ?? '',
      new RegExp(`saves ${amount.format(a.summary.storageAvoidedCost)} USD, the analysis's figure`),
    );

    // 15 July 2027, a Thursday: the kWh held at each hour's end keep still while idle (00-09, 15, 21-23), rise or
    // keep in the charge window (10-14) and fall or keep in the discharge window (16-20).
    const held = (await page.locator('table.battery-day tbody td:nth-child(4)').allTextContents()).map(Number);
    assert.equal(held.length, 24);
    const still = (from: number, to: number) => {
      for (let h = from + 1; h <= to; h++) assert.equal(held[h], held[from], `idle ${from}-${to}: ${held}`);
    };
    still(0, 9);
    still(14, 15);
    still(20, 23);
    for (let h = 10; h <= 14; h++) assert.ok(held[h]! >= held[h - 1]!, `charging at ${h}: ${held}`);
    for (let h = 16; h <= 20; h++) assert.ok(held[h]! <= held[h - 1]!, `discharging at ${h}: ${held}`);
    assert.ok(held[14]! - held[9]! > 1, `the battery fills in the charge window: ${held}`);
    assert.ok(held[15]! - held[20]! > 1, `and empties in the discharge window: ${held}`);

    await page.screenshot({ path: `${SHOTS}.png`, fullPage: true });
    await page.locator('#savings-result').screenshot({ path: `${SHOTS}-result.png` });

    // At phone width the schedule's fields stack: the page is no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('fieldset.battery-schedule').screenshot({ path: `${SHOTS}-phone.png` });
    const widths = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as number[];
    assert.ok(widths[0]! <= widths[1]!, `the page is ${widths[0]} px wide on a ${widths[1]} px screen`);
  });
});
