// PG&E's Solar Billing Plan export prices as bundled: the expanded hours against figures read from PG&E's own CSV
// files (the originals' checksums are in src/data/starter/export-prices/pge-nbt.data.ts), the month's highest-priced
// hour, both DST-change days of 2025, the seeder, and the lookups importer storing the same values.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { exportPriceCsv } from '../../src/data/starter/export-prices/export-price-csv.ts';
import { expandSeries, type HourPrice } from '../../src/data/starter/export-prices/export-price-series.ts';
import { PGE_NBT_EXPORT_PRICES as PGE } from '../../src/data/starter/export-prices/pge-nbt.data.ts';
import { importLookups } from '../../src/importers/lookups.importer.ts';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const hoursOf = (keyName: string): HourPrice[] => {
  const series = PGE.series.find((s) => s.keyName === keyName);
  assert.ok(series, keyName);
  return expandSeries(PGE, series);
};
const local = (t: number) => DateTime.fromMillis(t, { zone: 'America/Los_Angeles' });
/** The hours of 2025 (UTC, a day either side): the 20 years' 175,320 hours made Luxon dates only where looked at. */
const of2025 = (hours: HourPrice[]) =>
  hours.filter((h) => h.from >= Date.UTC(2024, 11, 31) && h.from < Date.UTC(2026, 0, 2));
const at = (hours: HourPrice[], iso: string) => hours.find((h) => h.from === Date.parse(iso))?.value;
/** Generation plus delivery: what a bundled customer is credited per exported kWh. */
const totals = (vintage: string) => {
  const g = hoursOf(`pgeNbtExportGeneration${vintage}`);
  const d = hoursOf(`pgeNbtExportDelivery${vintage}`);
  return g.map((h, i) => ({ ...h, value: Math.round((h.value + d[i]!.value) * 1e5) / 1e5 }));
};

describe('PG&E Solar Billing Plan export prices', () => {
  it('holds 20 years of hours for each vintage and component', () => {
    assert.equal(PGE.series.length, 10);
    for (const s of PGE.series) {
      const hours = expandSeries(PGE, s);
      assert.equal(hours.length, 175_320, s.keyName);
      for (let i = 1; i < hours.length; i++) assert.equal(hours[i]!.from, hours[i - 1]!.to, `${s.keyName} hour ${i}`);
    }
  });

  it("prices July 2025's highest hour at 7 p.m. PDT: weekdays for the 2025 vintage, weekends and July 4 for 2023", () => {
    // From PG&E's CSV: 2025 vintage, 7/2/2025 2:00:00 UTC (7/1 19:00 PDT, "Jul Weekday HS19"): generation 0.09787 +
    // delivery 0.34781 = 0.44568 $/kWh, the July maximum, repeated on every July weekday.
    const v2025 = of2025(totals('2025')).filter((h) => local(h.from).year === 2025 && local(h.from).month === 7);
    const max2025 = Math.max(...v2025.map((h) => h.value));
    assert.equal(max2025, 0.44568);
    const top2025 = v2025.filter((h) => h.value === max2025);
    assert.ok(top2025.every((h) => local(h.from).hour === 19 && local(h.from).weekday <= 5));
    assert.equal(new Date(top2025[0]!.from).toISOString(), '2025-07-02T02:00:00.000Z');
    assert.equal(at(hoursOf('pgeNbtExportGeneration2025'), '2025-07-02T02:00:00Z'), 0.09787);
    assert.equal(at(hoursOf('pgeNbtExportDelivery2025'), '2025-07-02T02:00:00Z'), 0.34781);
    // 2023 vintage: "Jul Weekend HS19", 0.59671 + 0.02723 = 0.62394; Friday July 4 is a holiday, so it has it too.
    const v2023 = of2025(totals('2023')).filter((h) => local(h.from).year === 2025 && local(h.from).month === 7);
    const max2023 = Math.max(...v2023.map((h) => h.value));
    assert.equal(max2023, 0.62394);
    const top2023 = v2023.filter((h) => h.value === max2023).map((h) => local(h.from).toISO());
    assert.equal(top2023[0], '2025-07-04T19:00:00.000-07:00');
    assert.ok(top2023.includes('2025-07-05T19:00:00.000-07:00'));
    assert.ok(!top2023.includes('2025-07-07T19:00:00.000-07:00'), 'a Monday is priced as a weekday');
  });

  it('follows Pacific prevailing time on both DST-change days of 2025', () => {
    const g = hoursOf('pgeNbtExportGeneration2023');
    // Sunday 9 March 2025: 09:00 UTC is 1 a.m. PST ("Mar Weekend HS1", 0.05542); the next hour, 10:00 UTC, is 3 a.m.
    // PDT ("Mar Weekend HS3", 0.05506): there is no 2 a.m.; the day has 23 hours.
    assert.equal(at(g, '2025-03-09T09:00:00Z'), 0.05542);
    assert.equal(at(g, '2025-03-09T10:00:00Z'), 0.05506);
    const march9 = of2025(g).filter((h) => local(h.from).toISODate() === '2025-03-09');
    assert.equal(march9.length, 23);
    // The same label on the 16th, a Sunday of the same month, carries the same price in a 24-hour day.
    assert.equal(at(g, '2025-03-16T10:00:00Z'), 0.05506);
    // Sunday 2 November 2025: 1 a.m. happens twice. PG&E's file prices 08:00 UTC (1 a.m. PDT) as HS1, 0.04735, and
    // 09:00 UTC (1 a.m. PST) as HS2, 0.04667, the same as 10:00 UTC (2 a.m. PST): kept as the file has it.
    assert.equal(at(g, '2025-11-02T08:00:00Z'), 0.04735);
    assert.equal(at(g, '2025-11-02T09:00:00Z'), 0.04667);
    assert.equal(at(g, '2025-11-02T10:00:00Z'), 0.04667);
    assert.equal(of2025(g).filter((h) => local(h.from).toISODate() === '2025-11-02').length, 25);
    // Delivery, 2025 vintage, same days: 3/9 10:00 UTC "Mar Weekend HS3" 0.00059; 11/2 09:00 UTC "HS2" 0.00071.
    const d = hoursOf('pgeNbtExportDelivery2025');
    assert.equal(at(d, '2025-03-09T10:00:00Z'), 0.00059);
    assert.equal(at(d, '2025-11-02T08:00:00Z'), 0.00096);
    assert.equal(at(d, '2025-11-02T09:00:00Z'), 0.00071);
  });
});

for (const dialect of dialects)
  describe(`the export prices seeder and the lookups importer on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, exportPrices: true });
    });
    after(() => t.close());

    it('stores every hour under its LOOKUP key, owned by PG&E', async () => {
      const stats = await t.db.kysely
        .selectFrom('property_lookup_stats')
        .select(['key_name', 'lookup_count'])
        .where('key_name', 'like', 'pgeNbtExport%')
        .execute();
      assert.equal(stats.length, 10);
      assert.ok(stats.every((s) => Number(s.lookup_count) === 175_320));
      const key = await t.db.kysely
        .selectFrom('property_keys')
        .selectAll()
        .where('key_name', '=', 'pgeNbtExportDelivery2026')
        .executeTakeFirstOrThrow();
      assert.deepEqual([key.data_type, key.entity_type, Number(key.entity_id)], ['LOOKUP', 'LSE', 734]);
    });

    it('the importer reads the same prices as the seeder stored: nothing changes', async () => {
      const july = of2025(hoursOf('pgeNbtExportGeneration2025')).filter(
        (h) => local(h.from).year === 2025 && local(h.from).month === 7,
      );
      const csv = exportPriceCsv('pgeNbtExportGeneration2025', july);
      const summary = await importLookups(t.db, Readable.from([Buffer.from(csv)]), 'july.csv');
      assert.deepEqual([summary.records, summary.created, summary.updated, summary.unchanged], [744, 0, 0, 744]);
      const res = await t.get(
        '/rest/public/properties/pgeNbtExportGeneration2025/lookups?fromDateTime=2025-07-01T19:00:00-07:00&toDateTime=2025-07-01T20:00:00-07:00',
        await t.credentials(),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().results[0].bestValue, 0.09787);
      assert.equal(res.json().results[0].fromDateTime, '2025-07-01T19:00:00');
    });
  });

// Before the load: a first start stores the export prices after it listens (minutes), and the lookups answer from the
// data files meanwhile, the same hours and values, each without a lookupId yet.
describe('the lookups of a bundled export price key not stored yet', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp('sqlite', { seed: true });
  });
  after(() => t.close());

  it("answers 15 July 2027's hours from the data file: 24 of them, paged, the values the load stores", async () => {
    const c = await t.credentials();
    const path = '/rest/public/properties/pgeNbtExportDelivery2026/lookups';
    // 16:30 to 19:30 local (PDT): the hour under way at 16:30 overlaps the range, as a stored row would.
    const res = await t.json(`${path}?fromDateTime=2027-07-15T16:30:00&toDateTime=2027-07-15T19:30:00`, c);
    const expected = hoursOf('pgeNbtExportDelivery2026').filter(
      (h) => h.from >= Date.parse('2027-07-15T23:00:00Z') && h.from < Date.parse('2027-07-16T02:30:00Z'),
    );
    assert.equal(res.count, 4);
    assert.deepEqual(
      res.results.map((l: { fromDateTime: string; bestValue: number; actualValue: number; lookupId: null }) => [
        l.fromDateTime,
        l.bestValue,
        l.actualValue,
        l.lookupId,
      ]),
      expected.map((h) => [local(h.from).toFormat("yyyy-MM-dd'T'HH:mm:ss"), h.value, h.value, null]),
    );
    const paged = await t.json(`${path}?fromDateTime=2027-07-15&toDateTime=2027-07-16&pageStart=20&pageCount=10`, c);
    assert.deepEqual(
      [paged.count, paged.results.length, paged.results[0].fromDateTime],
      [24, 4, '2027-07-15T20:00:00'],
    );
  });
});
