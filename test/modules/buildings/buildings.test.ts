// The deprecated typical buildings interface over the typical load profiles: lists filtered by type, class, place
// and distance, stable UUIDs, intervals by hour, day, month and year with INNER and OUTER clipping, the best
// building for a place and tariff, and every bad parameter named. SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { formatDateTime } from '../../../src/engine/time/datetime-input.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { referencePath } from '../../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const present = referencePath('loads') !== null && referencePath('climate') !== null;
const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

for (const dialect of dialects) {
  describe(`typical buildings on ${dialect}`, { skip: present ? false : '../shared/reference is absent' }, () => {
    let t: TestApp;
    let c: NewCredentials;
    const get = async (url: string) => t.json(url, c);
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full' });
      c = await t.credentials();
    });
    after(() => t.close());

    it('lists the archetype buildings, filtered, nearest first, within a distance', async () => {
      const all = await get('/rest/v1/typicals/buildings?pageCount=200');
      assert.deepEqual([all.type, all.count, all.results.length], ['Building', 149, 149]);
      const offices = await get('/rest/v1/typicals/buildings?buildingTypes=SmallOffice,MediumOffice');
      assert.equal(offices.count, 32, '2 types x 16 cities');
      const homes = await get('/rest/v1/typicals/buildings?customerClasses=RESIDENTIAL&pageCount=50');
      assert.equal(homes.count, 16 + 5, '16 apartment buildings and 5 homes');
      // Within 50 miles of downtown Chicago: the nine Chicago buildings, no other city.
      const near = await get('/rest/v1/typicals/buildings?zipCode=60601&maxDistance=50');
      assert.equal(near.count, 9);
      assert.ok(
        near.results.every((b: { providerAccountId: string }) => b.providerAccountId.startsWith('DOECRB-Chicago-')),
      );
      // A residential tariff keeps residential buildings and names itself.
      const pec = await get('/rest/v1/typicals/buildings?masterTariffId=1300300&pageCount=50');
      assert.equal(pec.count, 21);
      assert.equal(pec.results[0].tariffs[0].masterTariffId, 1300300);
      assert.equal((await get('/rest/v1/typicals/buildings?serviceTypes=SOLAR_PV')).count, 0);
    });

    it('gives one building by its stable id, with its year moved onto real dates by hour, day, month and year', async () => {
      const office = (await get('/rest/v1/typicals/buildings?zipCode=60601&maxDistance=50&buildingTypes=SmallOffice'))
        .results[0];
      assert.deepEqual(
        [office.providerAccountId, office.territory.territoryId, office.status, office.type],
        ['DOECRB-Chicago-SmallOffice', 1900051, 'ACTIVE', 'ARCHETYPE'],
      );
      const one = (await get(`/rest/v1/typicals/buildings/${office.accountId}`)).results[0];
      assert.deepEqual([one.accountId, one.profiles[0].intervals], [office.accountId, undefined]);
      const year = '&fromDateTime=2025-01-01&toDateTime=2026-01-01';
      const hours = (await get(`/rest/v1/typicals/buildings/${office.accountId}?populateIntervals=true${year}`))
        .results[0].profiles[0].intervals;
      assert.equal(hours.totalCount, 8760);
      const total = hours.list.reduce(
        (a: number, i: { kWh: { quantityAmount: number } }) => a + i.kWh.quantityAmount,
        0,
      );
      close(total, 86224, 'the year');
      const months = (
        await get(`/rest/v1/typicals/buildings/${office.accountId}?populateIntervals=true&groupBy=MONTH${year}`)
      ).results[0].profiles[0].intervals.list;
      assert.equal(months.length, 12);
      assert.deepEqual(
        [months[0].fromDateTime, months[0].toDateTime],
        ['2025-01-01T00:00:00-06:00', '2025-02-01T00:00:00-06:00'],
      );
      // January is the first 744 hours; its kW is the highest of them.
      close(
        months[0].kWh.quantityAmount,
        hours.list
          .slice(0, 744)
          .reduce((a: number, i: { kWh: { quantityAmount: number } }) => a + i.kWh.quantityAmount, 0),
        'January',
      );
      close(
        months[0].kW.quantityAmount,
        Math.max(...hours.list.slice(0, 744).map((i: { kW: { quantityAmount: number } }) => i.kW.quantityAmount)),
        'January peak',
      );
      // 2025-01-15 to 2025-03-10 by month: INNER keeps February only; OUTER January to March.
      const part = '&populateIntervals=true&groupBy=MONTH&fromDateTime=2025-01-15&toDateTime=2025-03-10';
      const inner = (await get(`/rest/v1/typicals/buildings/${office.accountId}?${part}`)).results[0].profiles[0]
        .intervals.list;
      const outer = (await get(`/rest/v1/typicals/buildings/${office.accountId}?${part}&clipBy=OUTER`)).results[0]
        .profiles[0].intervals.list;
      assert.deepEqual(
        inner.map((i: { fromDateTime: string }) => i.fromDateTime.slice(0, 7)),
        ['2025-02'],
      );
      assert.deepEqual(
        outer.map((i: { fromDateTime: string }) => i.fromDateTime.slice(0, 7)),
        ['2025-01', '2025-02', '2025-03'],
      );
      close(inner[0].kWh.quantityAmount, months[1].kWh.quantityAmount, 'February either way');
      const days = (
        await get(`/rest/v1/typicals/buildings/${office.accountId}?populateIntervals=true&groupBy=DAY${year}`)
      ).results[0].profiles[0].intervals;
      assert.equal(days.totalCount, 365);
      const whole = (
        await get(`/rest/v1/typicals/buildings/${office.accountId}?populateIntervals=true&groupBy=YEAR${year}`)
      ).results[0].profiles[0].intervals.list;
      close(whole[0].kWh.quantityAmount, 86224, 'YEAR');
    });

    it("steps a leap year's hours as Luxon does, DST included (8,784 hours of 2024 in Chicago)", async () => {
      const best = (
        await get(
          '/rest/v1/typicals/buildings/best?zipCode=60601&buildingTypeId=MediumOffice&populateIntervals=true&fromDateTime=2024-01-01&toDateTime=2025-01-01',
        )
      ).results[0];
      const list = best.profiles[0].intervals.list as { fromDateTime: string; toDateTime: string; duration: number }[];
      assert.equal(list.length, 8784);
      const start = DateTime.fromISO('2024-01-01', { zone: 'America/Chicago' });
      list.forEach((i, k) => {
        const expected = [
          formatDateTime(start.plus({ hours: k })),
          formatDateTime(start.plus({ hours: k + 1 })),
          3_600_000,
        ];
        if (i.fromDateTime !== expected[0] || i.toDateTime !== expected[1] || i.duration !== expected[2])
          assert.deepEqual([i.fromDateTime, i.toDateTime, i.duration], expected, `hour ${k}`);
      });
    });

    it('finds the best building for a place, type and tariff', async () => {
      const best = (
        await get(
          '/rest/v1/typicals/buildings/best?zipCode=60601&buildingTypeId=MediumOffice&populateIntervals=true&groupBy=YEAR&fromDateTime=2025-01-01&toDateTime=2026-01-01',
        )
      ).results[0];
      assert.equal(best.providerAccountId, 'DOECRB-Chicago-MediumOffice');
      close(best.profiles[0].intervals.list[0].kWh.quantityAmount, 972772, "REopt's Chicago medium office");
      const house = (await get('/rest/v1/typicals/buildings/best?zipCode=02108&masterTariffId=1300300')).results[0];
      assert.deepEqual(
        [house.providerAccountId, house.tariffs[0].masterTariffId],
        ['OPENEI_RES-MA-725090-BASE', 1300300],
      );
    });

    it('names each bad parameter', async () => {
      await t.expectBadParameters('/rest/v1/typicals/buildings', c, [
        ['buildingTypes=Castle', 'buildingTypes'],
        ['customerClasses=INDUSTRY', 'customerClasses'],
        ['serviceTypes=GAS', 'serviceTypes'],
        ['maxDistance=10', 'zipCode'],
        ['zipCode=60601&maxDistance=-1', 'maxDistance'],
        ['lat=41.9', 'lng'],
      ]);
      const id = (await get('/rest/v1/typicals/buildings?pageCount=1')).results[0].accountId;
      await t.expectBadParameters(`/rest/v1/typicals/buildings/${id}`, c, [
        ['populateIntervals=true', 'fromDateTime'],
        ['populateIntervals=true&fromDateTime=2025-01-01', 'toDateTime'],
        ['populateIntervals=true&fromDateTime=2025-01-01&toDateTime=2025-02-01&groupBy=WEEK', 'groupBy'],
        ['populateIntervals=true&fromDateTime=2025-01-01&toDateTime=2025-02-01&clipBy=MIDDLE', 'clipBy'],
        ['populateIntervals=true&fromDateTime=2025-01-01&toDateTime=2029-01-01', 'toDateTime'],
      ]);
      await t.expectBadParameters('/rest/v1/typicals/buildings/best', c, [
        ['zipCode=60601&buildingTypeId=Castle', 'buildingTypeId'],
        ['buildingTypeId=SmallOffice', 'zipCode'],
      ]);
      assert.equal(
        (await t.get('/rest/v1/typicals/buildings/00000000-0000-5000-a000-000000000000', c)).statusCode,
        404,
      );
      assert.equal((await t.get('/rest/v1/typicals/buildings?masterTariffId=999999', c)).statusCode, 404);
    });
  });
}
