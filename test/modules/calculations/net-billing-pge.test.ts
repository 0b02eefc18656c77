// Golden bills of PG&E's E-ELEC under the Net Billing Tariff (Solar Billing Plan), worked by hand beside them: imports
// at E-ELEC's TOU prices, the non-bypassable charges on every imported kWh whatever the export credit, each exported
// hour credited at its hourly export price (generation + delivery, 2026 vintage), the month's energy charges floored
// at $0 with the excess carried as dollars, and the credit left at the true-up expiring.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandSeries } from '../../../src/data/starter/export-prices/export-price-series.ts';
import { PGE_NBT_EXPORT_PRICES as PGE } from '../../../src/data/starter/export-prices/pge-nbt.data.ts';
import { writeTransaction } from '../../../src/db/transaction.ts';
import { replaceSeries } from '../../../src/domain/properties/lookups.repository.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E_ELEC = 1700000;
const E_TOU_C_NBT = 1700010;
const EV2A_NBT = 1700020;
type Item = { rateName: string; quantityKey: string; itemQuantity: number; cost: number; chargeClass?: string };

/** Hourly net kWh from local midnight 2026-07-01 (PDT): 0.1 drawn every hour but the exported ones. */
function julyAugust(exports: Record<string, number>): number[] {
  const values: number[] = [];
  for (let day = 1; day <= 62; day++)
    for (let hour = 0; hour < 24; hour++) {
      const date = day <= 31 ? `07-${String(day).padStart(2, '0')}` : `08-${String(day - 31).padStart(2, '0')}`;
      values.push(-(exports[`${date} ${hour}`] ?? -0.1));
    }
  return values;
}

describe('PG&E E-ELEC under the Net Billing Tariff', () => {
  let t: TestApp;
  let who: NewCredentials;
  before(async () => {
    t = await buildTestApp('sqlite', { seed: true, exportPrices: true });
    who = await t.credentials(['signal']);
  });
  after(() => t.close());
  const { ok } = calculateClient(
    () => t,
    () => who,
  );

  it('bills July and August 2026 with dollar carryover and an August true-up (arithmetic beside it)', async () => {
    // Wednesday 15 July 2026 sends 10 kWh at noon and 1 p.m. and 100 kWh at 7 and 8 p.m. (a battery); every other
    // hour draws 0.1 kWh. Export prices of the 2026 vintage (PG&E's file, "Jul Weekday HS12/13/19/20"):
    //   generation 0.05686, 0.05354, 0.10708, 0.09096; delivery 0.00077, 0.00075, 0.35038, 0.17324 $/kWh.
    // JULY. Drawn: 740 h x 0.1 = 74 kWh: peak (4-9 p.m.) 153 h = 15.3 kWh, part-peak (3-4 p.m., 9 p.m.-midnight)
    //   124 h = 12.4 kWh, off-peak 463 h = 46.3 kWh.
    //   Energy (E-ELEC totals less the 0.01230 non-bypassable charges): 15.3 x 0.53984 = 8.259552,
    //   12.4 x 0.37796 = 4.686704, 46.3 x 0.32128 = 14.875264; 27.82152.
    //   Export credit, generation: 10 x 0.05686 + 10 x 0.05354 + 100 x 0.10708 + 100 x 0.09096 = 20.908;
    //   delivery: 10 x 0.00077 + 10 x 0.00075 + 100 x 0.35038 + 100 x 0.17324 = 52.3772; 73.2852 in all.
    //   Energy net of credit: 27.82152 - 73.2852 = -45.46368: floored at 0, 45.46368 carried to August.
    //   Non-bypassable charges: 74 x 0.0123 = 0.9102, owed whatever the credit. Base Services Charge 31 x 0.79343 =
    //   24.59633. July: 0 + 0.9102 + 24.59633 = 25.50653.
    // AUGUST (the true-up month here). Drawn: 744 h x 0.1 = 74.4 kWh: peak 15.5, part-peak 12.4, off-peak 46.5.
    //   Energy: 15.5 x 0.53984 = 8.36752 + 4.686704 + 46.5 x 0.32128 = 14.93952; 27.993744, all paid by the carried
    //   credit; 45.46368 - 27.993744 = 17.469936 left, expiring at the true-up (PG&E pays no dollar credit; net
    //   surplus compensation is not modelled). Non-bypassable 74.4 x 0.0123 = 0.91512; BSC 24.59633.
    //   August: 0.91512 + 24.59633 = 25.51145.
    // Both months: 25.50653 + 25.51145 = 51.01798 -> 51.02.
    const r = await ok({
      masterTariffId: E_ELEC,
      fromDateTime: '2026-07-01',
      toDateTime: '2026-09-01',
      billingPeriod: true,
      trueUpMonth: 8,
      propertyInputs: [
        {
          keyName: 'consumption',
          dataSeries: julyAugust({ '07-15 12': 10, '07-15 13': 10, '07-15 19': 100, '07-15 20': 100 }),
          duration: 3_600_000,
        },
      ],
    });
    const items: Item[] = r.items;
    const costOf = (pattern: RegExp) =>
      Math.round(items.filter((i) => pattern.test(i.rateName)).reduce((a, i) => a + i.cost, 0) * 100) / 100;
    assert.equal(costOf(/Export Credit, Generation/), -20.91);
    assert.equal(costOf(/Export Credit, Delivery/), -52.38);
    assert.equal(costOf(/^Non-Bypassable/), Math.round((0.9102 + 0.91512) * 100) / 100);
    const carried = items.filter((i) => i.quantityKey === 'creditCarriedOut');
    assert.deepEqual(
      carried.map((i) => Math.round(i.itemQuantity * 1e5) / 1e5),
      [45.46368],
    );
    const applied = items.filter((i) => i.quantityKey === 'creditCarriedIn');
    assert.deepEqual(
      applied.map((i) => Math.round(i.itemQuantity * 1e6) / 1e6),
      [27.993744],
    );
    const expired = items.filter((i) => i.quantityKey === 'trueUpCredit');
    assert.deepEqual(
      expired.map((i) => [Math.round(i.itemQuantity * 1e6) / 1e6, i.cost]),
      [[17.469936, 0]],
    );
    assert.equal(r.totalCost, 51.02);
    assert.equal(r.summary.nonBypassableCost, 1.83);
  });

  it('bills E-TOU-C under net billing: baseline credit on imports, the credit beyond energy expiring at a July true-up', async () => {
    // The same July as above (territory T, San Francisco's, assumed; Basic allowance 6.5 kWh/day in summer).
    // Drawn 74 kWh: peak (4-9 p.m.) 15.3, off-peak 58.7. E-TOU-C totals less 0.01230: peak 0.51010, off-peak 0.38710.
    //   Energy: 15.3 x 0.5101 = 7.80453 + 58.7 x 0.3871 = 22.72277; 30.5273. Baseline credit: all 74 kWh are within
    //   31 x 6.5 = 201.5 kWh: -74 x 0.0814 = -6.0236. Export credit (as above) -73.2852.
    //   30.5273 - 6.0236 - 73.2852 = -48.7815: floored at 0, carried out, and expired at the true-up (July here).
    //   Non-bypassable 74 x 0.0123 = 0.9102; Base Services Charge 24.59633. July: 25.50653 -> 25.51.
    const r = await ok({
      masterTariffId: E_TOU_C_NBT,
      fromDateTime: '2026-07-01',
      toDateTime: '2026-08-01',
      billingPeriod: true,
      trueUpMonth: 7,
      propertyInputs: [
        {
          keyName: 'consumption',
          dataSeries: julyAugust({ '07-15 12': 10, '07-15 13': 10, '07-15 19': 100, '07-15 20': 100 }).slice(0, 744),
          duration: 3_600_000,
        },
      ],
    });
    const items: Item[] = r.items;
    const baseline = items.filter((i) => /^Baseline Credit/.test(i.rateName)).reduce((a, i) => a + i.cost, 0);
    assert.equal(Math.round(baseline * 1e4) / 1e4, -6.0236);
    const expired = items.filter((i) => i.quantityKey === 'trueUpCredit');
    assert.deepEqual(
      expired.map((i) => [Math.round(i.itemQuantity * 1e4) / 1e4, i.cost]),
      [[48.7815, 0]],
    );
    assert.equal(r.totalCost, 25.51);
    assert.equal(r.summary.nonBypassableCost, 0.91);
  });

  const near = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);
  it('bills EV2-A under net billing: the cheap off-peak, the credit beyond energy expiring at a July true-up', async () => {
    // The same July. EV2-A totals less 0.01230: peak 0.52579, part-peak 0.41530, off-peak 0.21328.
    //   Energy: 15.3 x 0.52579 = 8.044587 + 12.4 x 0.4153 = 5.14972 + 46.3 x 0.21328 = 9.874864; 23.069171.
    //   Export credit 73.2852: 23.069171 - 73.2852 = -50.216029, floored at 0, carried out and expired in July.
    //   Non-bypassable 0.9102; Base Services Charge 24.59633. July: 25.50653 -> 25.51.
    const r = await ok({
      masterTariffId: EV2A_NBT,
      fromDateTime: '2026-07-01',
      toDateTime: '2026-08-01',
      billingPeriod: true,
      trueUpMonth: 7,
      propertyInputs: [
        {
          keyName: 'consumption',
          dataSeries: julyAugust({ '07-15 12': 10, '07-15 13': 10, '07-15 19': 100, '07-15 20': 100 }).slice(0, 744),
          duration: 3_600_000,
        },
      ],
    });
    const items: Item[] = r.items;
    const energy = items.filter((i) => /less non-bypassable/.test(i.rateName)).reduce((a, i) => a + i.cost, 0);
    assert.equal(Math.round(energy * 1e6) / 1e6, 23.069171);
    const expired = items.filter((i) => i.quantityKey === 'trueUpCredit');
    assert.deepEqual(
      expired.map((i) => [Math.round(i.itemQuantity * 1e6) / 1e6, i.cost]),
      [[50.216029, 0]],
    );
    assert.equal(r.totalCost, 25.51);
  });

  /** generation + delivery of a vintage ('2023' ... 'Floating') at an hour, from the bundled table. */
  const priceAt = (vintage: string, iso: string) =>
    ['Generation', 'Delivery'].reduce((sum, part) => {
      const series = PGE.series.find((x) => x.keyName === `pgeNbtExport${part}${vintage}`)!;
      return sum + expandSeries(PGE, series).find((h) => h.from === Date.parse(iso))!.value;
    }, 0);
  /** One July day on E-ELEC sending 100 kWh at 7 p.m. on the 16th: its export credit and assumptions. */
  const julyDay = async (year: number, exportVintage?: number) => {
    const series = Array(24).fill(0);
    series[19] = -100;
    const r = await ok({
      masterTariffId: E_ELEC,
      fromDateTime: `${year}-07-16`,
      toDateTime: `${year}-07-17`,
      ...(exportVintage === undefined ? {} : { exportVintage }),
      propertyInputs: [{ keyName: 'consumption', dataSeries: series, duration: 3_600_000 }],
    });
    const credit = (r.items as Item[]).filter((i) => /Export Credit/.test(i.rateName)).reduce((a, i) => a + i.cost, 0);
    const said = (key: string) => r.assumptions.find((a: { keyName: string }) => a.keyName === key);
    return { credit, said };
  };

  it("credits the customer's vintage: the year the range starts by default, locked 9 years, then floating", async () => {
    // Default vintage: 2026, the range's year; 7 p.m. PDT on 16 July 2026 is 02:00 UTC on the 17th.
    const byDefault = await julyDay(2026);
    near(byDefault.credit, -100 * priceAt('2026', '2026-07-17T02:00:00Z'));
    assert.equal(byDefault.said('exportVintage')?.dataValue, '2026');
    assert.match(byDefault.said('exportArrangement')?.description ?? '', /2023-04-15/);
    // The 2023 vintage in 2026 (its 4th year): its own locked prices, which differ.
    const v2023 = await julyDay(2026, 2023);
    near(v2023.credit, -100 * priceAt('2023', '2026-07-17T02:00:00Z'));
    assert.notEqual(v2023.credit, byDefault.credit);
    // 2032 is the 10th year of the 2023 vintage: floating prices (0.69677 at that hour); the 2024 vintage is in its
    // 9th year: its locked prices (0.65219). PG&E's 2023 and 2024 files price alike, as do 2025, 2026 and floating.
    const floating = await julyDay(2032, 2023);
    near(floating.credit, -100 * priceAt('Floating', '2032-07-17T02:00:00Z'));
    near(floating.credit, -69.677);
    const locked = await julyDay(2032, 2024);
    near(locked.credit, -100 * priceAt('2024', '2032-07-17T02:00:00Z'));
    near(locked.credit, -65.219);
    assert.match(floating.said('exportVintage')?.description ?? '', /through 2031 .*then at its floating prices/);
    // A 2027 application: PG&E has published no 2027 file; the nearest, 2026, is used and said.
    const later = await julyDay(2026, 2027);
    near(later.credit, byDefault.credit);
    assert.match(later.said('exportVintage')?.description ?? '', /no 2027 vintage: its nearest, 2026/);
  });

  it('keeps net metering for an application before net billing began (2023-04-15), unless told otherwise', async () => {
    // A 2022 application is NEM 2.0: its 100 kWh sent at 7 p.m. are a kWh credit, not a dollar credit at the hour's
    // export price, and the answer says why.
    const nem2 = await julyDay(2026, 2022);
    assert.equal(nem2.credit, 0);
    assert.equal(nem2.said('exportArrangement')?.dataValue, 'NET_METERING');
    assert.match(nem2.said('exportArrangement')?.description ?? '', /application of 2022 predates 2023-04-15/);
    assert.equal(nem2.said('exportVintage'), undefined);
    // 2023 is net billing's first year: its own prices.
    near((await julyDay(2026, 2023)).credit, -100 * priceAt('2023', '2026-07-17T02:00:00Z'));
  });

  it('refuses an exportVintage that is not a year, naming it', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/rest/v1/ondemand/calculate',
      headers: { authorization: t.authHeader(who), 'content-type': 'application/json' },
      payload: JSON.stringify({
        masterTariffId: E_ELEC,
        fromDateTime: '2026-07-01',
        toDateTime: '2026-07-02',
        exportVintage: 'soon',
      }),
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().results[0].propertyName, 'exportVintage');
  });
});

describe('E-ELEC before the export prices are stored', () => {
  let t: TestApp;
  let who: NewCredentials;
  before(async () => {
    // A server loads the 1.75 million export price values after it listens; until then they come from the data file.
    t = await buildTestApp('sqlite', { seed: true });
    who = await t.credentials(['signal']);
  });
  after(() => t.close());
  /** The export credit of 16 July 2026 on E-ELEC sending 100 kWh at 7 p.m. PDT and drawing nothing. */
  const julyDayCredit = async () => {
    const series = Array(24).fill(0);
    series[19] = -100;
    const { ok } = calculateClient(
      () => t,
      () => who,
    );
    const r = await ok({
      masterTariffId: E_ELEC,
      fromDateTime: '2026-07-16',
      toDateTime: '2026-07-17',
      propertyInputs: [{ keyName: 'consumption', dataSeries: series, duration: 3_600_000 }],
    });
    return (r.items as Item[]).filter((i) => /Export Credit/.test(i.rateName)).reduce((a, i) => a + i.cost, 0);
  };

  it('credits the same hourly prices from the bundled table', async () => {
    const credit = await julyDayCredit();
    const stored = await t.db.kysely
      .selectFrom('property_lookups')
      .select('lookup_id')
      .where('key_name', 'like', 'pgeNbtExport%')
      .executeTakeFirst();
    assert.equal(stored, undefined, 'nothing stored');
    // 100 kWh at 7 p.m. PDT, 2026 vintage: generation 0.10708 + delivery 0.35038 = 0.45746 $/kWh: 45.746.
    assert.ok(Math.abs(credit + 45.746) < 1e-9, String(credit));
  });

  it('credits the bundled prices while a range is only partly stored (the load is two years of a key at a time)', async () => {
    // The generation key stored up to 18:00 UTC of 16 July 2026 only: the day's 7 p.m. PDT (02:00 UTC on the 17th)
    // is not in; the calculation must not credit it 0 but take the bundled table, as before anything was stored.
    const table = PGE.series.find((x) => x.keyName === 'pgeNbtExportGeneration2026')!;
    const part = expandSeries(PGE, table).filter((h) => h.to <= Date.UTC(2026, 6, 16, 18));
    await writeTransaction(t.db, (trx) =>
      replaceSeries(trx, table.keyName, '', part, Date.UTC(2026, 10, 27), t.db.dialect),
    );
    const credit = await julyDayCredit();
    assert.ok(Math.abs(credit + 45.746) < 1e-9, String(credit));
  });

  it('bills a write of the export prices at once, though the process keeps the values it read', async () => {
    // The generation key stored whole, its 7 and 8 p.m. PDT values of 16 July 2026 set to 0.2 and 0.3: the credit is
    // (0.2 + 0.35038 delivery) x 100 = 55.038. Then the two swapped, in a write stamped the same millisecond (the same
    // count, sum and span: only the stats' rising last-updated time tells the writes apart): (0.3 + 0.35038) x 100
    // = 65.038.
    const table = PGE.series.find((x) => x.keyName === 'pgeNbtExportGeneration2026')!;
    const sevenPm = Date.UTC(2026, 6, 17, 2);
    const eightPm = Date.UTC(2026, 6, 17, 3);
    const write = (seven: number, eight: number) =>
      writeTransaction(t.db, (trx) =>
        replaceSeries(
          trx,
          table.keyName,
          '',
          expandSeries(PGE, table).map((h) =>
            h.from === sevenPm ? { ...h, value: seven } : h.from === eightPm ? { ...h, value: eight } : h,
          ),
          Date.UTC(2026, 10, 28),
          t.db.dialect,
        ),
      );
    await write(0.2, 0.3);
    assert.ok(Math.abs((await julyDayCredit()) + 55.038) < 1e-9);
    assert.ok(Math.abs((await julyDayCredit()) + 55.038) < 1e-9, 'the kept values, billed again');
    await write(0.3, 0.2);
    const credit = await julyDayCredit();
    assert.ok(Math.abs(credit + 65.038) < 1e-9, String(credit));
  });
});
