import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`calendars on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials();
    });
    after(() => t.close());

    const dates = async (query: string) =>
      (await t.json(`/rest/public/calendars/dates?${query}`, c)).results.map(
        (d: { eventName: string; startDateTime: string }) => `${d.startDateTime.slice(0, 10)} ${d.eventName}`,
      );

    it('lists calendars by LSE and type, without events', async () => {
      const all = await t.json('/rest/public/calendars?pageCount=100', c);
      assert.ok(all.count >= 6);
      assert.ok(all.results.every((x: object) => !('events' in x)));
      assert.deepEqual(
        (await t.json('/rest/public/calendars?calendarType=pricing_period', c)).results.map(
          (x: { calendarId: number }) => x.calendarId,
        ),
        [1000005],
      );
      assert.deepEqual(
        (await t.json('/rest/public/calendars?lseId=2756', c)).results.map((x: { calendarId: number }) => x.calendarId),
        [34],
      );
    });

    it('gets a calendar with its events, their rules with fields=ext, filtered by dates', async () => {
      const nerc = (await t.json('/rest/public/calendars/1000001', c)).results[0];
      assert.equal(nerc.events.length, 6);
      assert.ok(!('fixedMonth' in nerc.events[0]));
      const ext = (await t.json('/rest/public/calendars/1000001?fields=ext', c)).results[0];
      assert.deepEqual(
        { ...ext.events[0], calendarEventId: 0 },
        {
          calendarEventId: 0,
          calendarEventName: "New Year's Day",
          lseId: null,
          calendarEventType: 'HOLIDAY',
          locale: 'US',
          seededUntil: null,
          dateDefinitionType: 'FIXED_DATE',
          fixedMonth: 1,
          fixedDay: 1,
          dayOfWeek: null,
          weekOfMonth: null,
          adjustment: 2,
        },
      );
      const july = (await t.json('/rest/public/calendars/1000001?fromDateTime=2026-07-01&toDateTime=2026-07-31', c))
        .results[0];
      assert.deepEqual(
        july.events.map((e: { calendarEventName: string }) => e.calendarEventName),
        ['Independence Day'],
      );
      const billing = (await t.json('/rest/public/calendars/1000004', c)).results[0];
      assert.equal(billing.events[0].seededUntil, '2026-12-05', 'a MANUAL event is seeded up to its last stored date');
      assert.equal((await t.get('/rest/public/calendars/77', c)).statusCode, 404);
    });

    it("generates holiday dates by their rules, with observance, in the LSE's zone", async () => {
      assert.deepEqual(
        await dates('calendarId=1000001&fromDateTime=2022-01-01&toDateTime=2022-12-31'),
        [
          "2022-01-01 New Year's Day",
          '2022-05-30 Memorial Day',
          '2022-07-04 Independence Day',
          '2022-09-05 Labor Day',
          '2022-11-24 Thanksgiving Day',
          '2022-12-26 Christmas Day',
        ],
        'NERC: New Year 2022 fell on a Saturday (not moved), Christmas on a Sunday (observed Monday)',
      );
      const pge = await t.json(
        '/rest/public/calendars/dates?calendarId=1000002&fromDateTime=2026-07-01&toDateTime=2026-07-31',
        c,
      );
      assert.equal(
        pge.results[0].startDateTime,
        '2026-07-03T00:00:00-07:00',
        'PG&E observes a Saturday July 4 on Friday, midnight Pacific',
      );
      assert.equal(pge.results[0].endDateTime, null);
      assert.deepEqual(
        await dates('calendarId=1000003&fromDateTime=2026-07-01&toDateTime=2026-07-31'),
        ['2026-07-04 Independence Day'],
        'SCE does not move Saturday holidays',
      );
    });

    it('defaults to the current year and filters by LSE, event and definition types', async () => {
      const thisYear = await t.json('/rest/public/calendars/dates?calendarId=1000002', c);
      assert.equal(thisYear.count, 8);
      assert.ok(thisYear.results.every((d: { startDateTime: string }) => d.startDateTime.startsWith('2026')));
      assert.deepEqual(await dates('lseId=2756&fromDateTime=2026-01-01&toDateTime=2026-12-31'), [
        '2026-07-04 Independence Day',
        '2026-09-07 Labor Day',
      ]);
      assert.deepEqual(
        await dates(
          'lseId=734&dateDefinitionTypes=FLOATING_DATE&calendarEventTypes=HOLIDAY&fromDateTime=2026-01-01&toDateTime=2026-06-30',
        ),
        ["2026-02-16 Presidents' Day", '2026-05-25 Memorial Day'],
      );
      const events = await t.json(
        '/rest/public/calendars/dates?calendarId=1000005&fromDateTime=2026-01-01&toDateTime=2026-12-31',
        c,
      );
      assert.equal(events.count, 3);
      assert.deepEqual(
        [events.results[0].startDateTime, events.results[0].endDateTime],
        ['2026-07-23T16:00:00-07:00', '2026-07-23T21:00:00-07:00'],
      );
      const ids = (
        await t.json('/rest/public/calendars/dates?calendarId=1000001&fromDateTime=2026-01-01&toDateTime=2026-12-31', c)
      ).results.map((d: { eventDateId: number }) => d.eventDateId);
      const again = (
        await t.json('/rest/public/calendars/dates?calendarId=1000001&fromDateTime=2026-01-01&toDateTime=2026-12-31', c)
      ).results.map((d: { eventDateId: number }) => d.eventDateId);
      assert.deepEqual(ids, again, 'generated date ids are stable');
      assert.equal(new Set(ids).size, ids.length);
    });

    it('400 names each bad parameter', async () => {
      await t.expectBadParameters('/rest/public/calendars', c, [
        ['calendarType=WEEKLY', 'calendarType'],
        ['lseId=x', 'lseId'],
      ]);
      await t.expectBadParameters('/rest/public/calendars/dates', c, [
        ['calendarEventTypes=BIRTHDAY', 'calendarEventTypes'],
        ['dateDefinitionTypes=LUNAR', 'dateDefinitionTypes'],
        ['fromDateTime=someday', 'fromDateTime'],
        ['fromDateTime=2026-02-01&toDateTime=2026-01-01', 'toDateTime'],
        ['fromDateTime=2000-01-01&toDateTime=2030-12-31', 'toDateTime'],
      ]);
      await t.expectBadParameters('/rest/public/calendars/1000001', c, [['fromDateTime=2026-13-01', 'fromDateTime']]);
      assert.equal((await t.get('/rest/public/calendars/dates?calendarId=424242', c)).statusCode, 404);
    });
  });
}

describe('calendar dates by default', () => {
  it("cover the current year in the calendar's zone, not in UTC", async () => {
    // 2027-01-01T03:00Z is still December 31, 2026 in California.
    const t = await buildTestApp('sqlite', { seed: true, now: () => new Date('2027-01-01T03:00:00Z') });
    try {
      const c = await t.credentials();
      const body = await t.json('/rest/public/calendars/dates?calendarId=1000002', c);
      assert.ok(
        body.results.every((d: { startDateTime: string }) => d.startDateTime.startsWith('2026')),
        JSON.stringify(body.results[0]),
      );
    } finally {
      await t.close();
    }
  });
});
