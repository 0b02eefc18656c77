// Golden savings analyses on PG&E E-ELEC under the Net Billing Tariff (#37), posted as a user posts them: a San
// Francisco home's hourly usage and PV output for a year from 1 July 2026, worked by hand beside each figure from
// E-ELEC's rates (src/data/starter/tariffs/pge-net-billing.data.ts) and PG&E's 2026-vintage export prices (PG&E's
// file, July and April 2026/2027 weekday hours, src/data/starter/export-prices/pge-nbt.data.ts). The year:
//   - Wednesday 15 July 2026: the home draws 0.5 kWh every hour; the panels make 2, 4, 5.5, 6.5, 6.5, 5.5, 4.5,
//     3.5, 2.5, 1.5 and 1 kWh in the hours from 9 a.m. to 7 p.m. (43 kWh), so the meter sends 1.5, 3.5, 5, 6, 6, 5,
//     4, 3, 2, 1 and 0.5 kWh (37.5) and draws 0.5 kWh in the 13 other hours (6.5).
//   - Wednesday 12 August 2026 and Wednesday 13 January 2027: 1 kWh drawn at 6 p.m. (peak).
//   - Wednesday 14 April 2027: 0.5 kWh every hour; the panels make 2.5, 3.5, 3.5, 3.5, 2.5 kWh from 10 a.m. to
//     2 p.m. (15.5), the meter sending 2, 3, 3, 3, 2 (13 kWh) and drawing 0.5 kWh in the 19 other hours (9.5).
//   Nothing else: every other hour is 0, so each month's bill is its Base Services Charge and that day.
// E-ELEC (2026-03-01), total $/kWh less the 0.01230 non-bypassable charges billed apart on every imported kWh:
//   summer (June - September) peak (4-9 p.m.) 0.55214 - 0.0123 = 0.53984, part-peak (3-4 p.m., 9 p.m. - midnight)
//   0.39026 - 0.0123 = 0.37796, off-peak 0.33358 - 0.0123 = 0.32128; winter peak 0.32063 - 0.0123 = 0.30833,
//   part-peak 0.29854 - 0.0123 = 0.28624, off-peak 0.28468 - 0.0123 = 0.27238. Base Services Charge 0.79343 a day:
//   365 days from 1 July 2026 = 289.60195. Net billing with dollar carryover, true-up in December, credit expiring.
// The export prices are not stored in this test's database: a calculation prices them from the bundled table, to the
// same values (test/modules/calculations/net-billing-pge.test.ts shows both).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E_ELEC = 1700000;
const ZONE = 'America/Los_Angeles';
/** 1 July 2026 to 1 July 2027 hour by hour in San Francisco: 8,760 hours (a 25-hour day in November, 23 in March). */
const hours = Array.from({ length: 8760 }, (_, k) =>
  DateTime.fromISO('2026-07-01T00:00', { zone: ZONE }).plus({ hours: k }),
);
const PV_JULY: Record<number, number> = {
  9: 2,
  10: 4,
  11: 5.5,
  12: 6.5,
  13: 6.5,
  14: 5.5,
  15: 4.5,
  16: 3.5,
  17: 2.5,
  18: 1.5,
  19: 1,
};
const PV_APRIL: Record<number, number> = { 10: 2.5, 11: 3.5, 12: 3.5, 13: 3.5, 14: 2.5 };
const SUNNY_DAYS = new Set(['2026-07-15', '2027-04-14']);
const PEAK_DRAWS = new Set(['2026-08-12', '2027-01-13']);
const load = hours.map((t) =>
  SUNNY_DAYS.has(t.toISODate()!) ? 0.5 : PEAK_DRAWS.has(t.toISODate()!) && t.hour === 18 ? 1 : 0,
);
const pv = hours.map((t) => {
  const date = t.toISODate();
  return date === '2026-07-15' ? (PV_JULY[t.hour] ?? 0) : date === '2027-04-14' ? (PV_APRIL[t.hour] ?? 0) : 0;
});

type Month = {
  cost: number;
  importedKWh: number;
  exportedKWh: number;
  charges: Record<string, number>;
  exportPeriods?: { touName: string | null; exportedKWh: number; exportCredit: number | null }[];
};
type Item = { fromDateTime: string; rateName: string; quantityKey: string; itemQuantity: number; cost: number };
type Answer = {
  summary: Record<string, number>;
  series: { scenario: string; seriesPeriod: string; seriesId: number }[];
  seriesData: (Month & { seriesId: number })[];
  seriesCosts?: Record<string, { items: Item[] }>;
  scenarios: { assumptions: { keyName: string; dataValue: string | null; description: string }[] }[];
};
const cents = (x: number) => Math.round(x * 100) / 100;
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} is not ${expected}`);

for (const dialect of dialects) {
  describe(`savings analysis on E-ELEC under net billing, on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    /** The analysis of the year above; `arrangement`: an exportArrangement tagged after. */
    const { ok } = calculateClient(
      () => t,
      () => c,
    );
    const analyse = (arrangement?: string): Promise<Answer> =>
      ok(
        {
          fromDateTime: '2026-07-01',
          address: { zip: '94103' },
          applyUtilityTax: false,
          populateCosts: true,
          propertyInputs: [
            { keyName: 'masterTariffId', dataValue: E_ELEC, scenarios: 'before,after' },
            {
              keyName: 'consumption',
              scenarios: 'before,after',
              fromDateTime: '2026-07-01',
              duration: 3_600_000,
              dataSeries: load,
            },
            {
              keyName: 'solarProduction',
              scenarios: 'after,solar',
              fromDateTime: '2026-07-01',
              duration: 3_600_000,
              dataSeries: pv,
            },
            { keyName: 'projectDuration', dataValue: 1 },
            ...(arrangement ? [{ keyName: 'exportArrangement', dataValue: arrangement, scenarios: 'after' }] : []),
          ],
        },
        '/rest/v1/accounts/analysis',
      );
    const afterMonths = (a: Answer) => {
      const id = a.series.find((s) => s.scenario === 'after' && s.seriesPeriod === 'MONTH')!.seriesId;
      return { id, months: a.seriesData.filter((m) => m.seriesId === id) };
    };
    let nbt: Answer;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal']);
      nbt = await analyse();
    });
    after(() => t.close());

    it('bills the July day: imports at TOU prices, each hour sent at its export price, the dollar carryover', () => {
      const { id, months } = afterMonths(nbt);
      const july = months[0]!;
      // The after tariff's own arrangement, net billing with carryover, said as E-ELEC's rule for new solar customers.
      const said = nbt.scenarios[1]!.assumptions.find((x) => x.keyName === 'exportArrangement');
      assert.equal(said?.dataValue, 'NET_BILLING_CARRYOVER');
      assert.equal(nbt.scenarios[1]!.assumptions.find((x) => x.keyName === 'exportVintage')?.dataValue, '2026');
      assert.deepEqual([july.importedKWh, july.exportedKWh], [6.5, 37.5]);
      // Imports: off-peak midnight - 9 a.m. 9 h x 0.5 = 4.5 kWh x 0.32128 = 1.44576; peak 8-9 p.m. 0.5 kWh x 0.53984
      // = 0.26992; part-peak 9 p.m. - midnight 1.5 kWh x 0.37796 = 0.56694. Energy 2.28262.
      const items = nbt.seriesCosts![id]!.items.filter((i) => i.fromDateTime.startsWith('2026-07'));
      const costOf = (pattern: RegExp) => items.filter((i) => pattern.test(i.rateName)).reduce((s, i) => s + i.cost, 0);
      near(costOf(/^Summer Off-Peak/), 1.44576, 'off-peak imports');
      near(costOf(/^Summer Peak/), 0.26992, 'peak imports');
      near(costOf(/^Summer Part-Peak/), 0.56694, 'part-peak imports');
      // Each hour sent, kWh x (generation + delivery) $/kWh of PG&E's July 2026 weekday prices, 2026 vintage:
      //   9 a.m.  1.5 x (0.06033 + 0.00070 = 0.06103) = 0.091545
      //   10      3.5 x (0.06279 + 0.00074 = 0.06353) = 0.222355
      //   11      5   x (0.06118 + 0.00078 = 0.06196) = 0.30980
      //   noon    6   x (0.05686 + 0.00077 = 0.05763) = 0.34578
      //   1 p.m.  6   x (0.05354 + 0.00075 = 0.05429) = 0.32574
      //   2       5   x (0.05342 + 0.00093 = 0.05435) = 0.27175   off-peak, 27 kWh: 1.56697
      //   3       4   x (0.05522 + 0.00119 = 0.05641) = 0.22564   part-peak, 4 kWh: 0.22564
      //   4       3   x (0.05467 + 0.08648 = 0.14115) = 0.42345
      //   5       2   x (0.06615 + 0.25932 = 0.32547) = 0.65094
      //   6       1   x (0.09593 + 0.26840 = 0.36433) = 0.36433
      //   7       0.5 x (0.10708 + 0.35038 = 0.45746) = 0.22873   peak, 6.5 kWh: 1.66745
      // 3.46006 in all: generation 1.5 x 0.06033 + 3.5 x 0.06279 + 5 x 0.06118 + 6 x 0.05686 + 6 x 0.05354 + 5 x
      // 0.05342 + 4 x 0.05522 + 3 x 0.05467 + 2 x 0.06615 + 1 x 0.09593 + 0.5 x 0.10708 = 2.21232; delivery 1.24774.
      near(costOf(/Export Credit, Generation/), -2.21232, 'generation credit');
      near(costOf(/Export Credit, Delivery/), -1.24774, 'delivery credit');
      assert.deepEqual(july.exportPeriods, [
        { touName: 'Summer Peak', exportedKWh: 6.5, exportCredit: 1.67 },
        { touName: 'Summer Part-Peak', exportedKWh: 4, exportCredit: 0.23 },
        { touName: 'Summer Off-Peak', exportedKWh: 27, exportCredit: 1.57 },
      ]);
      // Non-bypassable charges on every imported kWh, whatever the credit: 6.5 x 0.0123 = 0.07995.
      near(costOf(/^Non-Bypassable/), 0.07995, 'non-bypassable charges');
      // Energy net of credit: 2.28262 - 3.46006 = -1.17744: floored at 0, 1.17744 carried to August as dollars.
      const carried = items.filter((i) => i.quantityKey === 'creditCarriedOut');
      assert.equal(carried.length, 1);
      near(carried[0]!.itemQuantity, 1.17744, 'carried out');
      // July: 0 + 0.07995 + 31 x 0.79343 = 24.59633: 24.67628.
      assert.equal(july.cost, 24.68);
      assert.deepEqual(july.charges, { FIXED_PRICE: 24.6, CONSUMPTION_BASED: 0.08 });
    });

    it('pays August from the carried credit, lets the rest expire at the December true-up, bills January whole', () => {
      const { id, months } = afterMonths(nbt);
      const items = nbt.seriesCosts![id]!.items;
      const of = (month: string, key: string) =>
        items.filter((i) => i.fromDateTime.startsWith(month) && i.quantityKey === key);
      // August: 1 kWh at 6 p.m. (summer peak) 0.53984, paid by the credit carried in: 1.17744 - 0.53984 = 0.6376 left.
      // Non-bypassable 0.0123 still owed. August: 0.0123 + 31 x 0.79343 = 24.60863.
      near(of('2026-08', 'creditCarriedIn')[0]!.itemQuantity, 0.53984, 'August credit applied');
      assert.equal(months[1]!.cost, 24.61);
      // September - November: no energy, the credit waits. December, the true-up month: 0.6376 expires (PG&E pays
      // none: net surplus compensation is not modelled), at no cost.
      const expired = of('2026-12', 'trueUpCredit');
      assert.deepEqual(
        expired.map((i) => [Math.round(i.itemQuantity * 1e6) / 1e6, i.cost]),
        [[0.6376, 0]],
      );
      // January 2027 starts a new credit year: 1 kWh at 6 p.m. (winter peak) 0.30833 + 0.0123 = 0.32063, billed in
      // full. January: 0.32063 + 31 x 0.79343 = 24.91696.
      assert.equal(of('2027-01', 'creditCarriedIn').length, 0);
      assert.equal(months[6]!.cost, 24.92);
      // April: imports off-peak (midnight - 10 a.m.) 5 kWh x 0.27238 = 1.3619, part-peak (3-4 p.m., 9 p.m. -
      // midnight) 2 kWh x 0.28624 = 0.57248, peak (4-9 p.m.) 2.5 kWh x 0.30833 = 0.770825: 2.705205. Sent at April 2027
      // weekday prices (spring noons are nearly worthless): 10 a.m. 2 x (0.00688 + 0.00010) = 0.01396, 11 3 x (0.00788
      // + 0.00011) = 0.02397, noon 3 x (0.00696 + 0.00011) = 0.02121, 1 p.m. 3 x (0.01026 + 0.00015) = 0.03123, 2 p.m.
      // 2 x (0.00558 + 0.00011) = 0.01138: 0.10175. Energy 2.705205 - 0.10175 = 2.603455, owed (no credit carried);
      // non-bypassable 9.5 x 0.0123 = 0.11685. April: 2.720305 + 30 x 0.79343 = 26.523205.
      assert.deepEqual(months[9]!.exportPeriods, [{ touName: 'Winter Off-Peak', exportedKWh: 13, exportCredit: 0.1 }]);
      assert.equal(months[9]!.cost, 26.52);
      // The year after solar: 289.60195 + July 0.07995 + August 0.0123 + January 0.32063 + April 2.720305 =
      // 292.735135. Before solar, the same home on E-ELEC drawing everything: July 7.5 kWh off-peak x 0.33358 +
      // 2 part-peak x 0.39026 + 2.5 peak x 0.55214 = 4.66272; August 0.55214; January 0.32063; April 7.5 x 0.28468 +
      // 2 x 0.29854 + 2.5 x 0.32063 = 3.533755; 289.60195 + 9.069245 = 298.671195.
      assert.equal(nbt.summary.postTotalCost, 292.74);
      assert.equal(nbt.summary.preTotalCost, 298.67);
      // Saved: 298.67 - 292.74 = 5.93.
      assert.equal(nbt.summary.netAvoidedCost, 5.93);
      assert.deepEqual(
        [nbt.summary.postImportedKWh, nbt.summary.postExportedKWh, nbt.summary.totalSolarKWh],
        [6.5 + 1 + 1 + 9.5, 37.5 + 13, 43 + 15.5],
      );
    });

    it('answers more savings under NET_METERING, by what net billing does not credit at retail', async () => {
      const nem = await analyse('NET_METERING');
      // Net metering nets kWh per TOU period and month, as the engine does it (credits carried by period; every
      // per-kWh charge without a TOU period, the non-bypassable one too, is netted over the month):
      // July: every period sends more than it draws (off-peak 4.5 - 27, part-peak 1.5 - 4, peak 0.5 - 6.5; all day
      // 6.5 - 37.5): nothing billed but the Base Services Charge. August: its 1 kWh of summer peak is met by July's
      // 6 kWh of summer-peak credit. January (credit reset at the December true-up): 0.32063, as under net billing.
      // April: off-peak sends 13 and draws 5: nothing billed; part-peak 2 x 0.28624 + peak 2.5 x 0.30833 = 1.343305;
      // the day's 9.5 kWh drawn are netted by the 13 sent for the non-bypassable charges too.
      // The year: 289.60195 + 0.32063 + 1.343305 = 291.265885.
      assert.equal(nem.summary.postTotalCost, 291.27);
      assert.equal(nem.summary.preTotalCost, 298.67);
      // More savings than net billing, by 292.735135 - 291.265885 = 1.46925: July's non-bypassable 0.07995 and
      // August's 0.0123, and April's off-peak imports 1.3619 netted at retail rather than paid less the 0.10175 the
      // exports earned at April's export prices, with its non-bypassable 0.11685: 0.07995 + 0.0123 + 1.3619 -
      // 0.10175 + 0.11685 = 1.46925. Savings 298.67 - 291.27 = 7.40 against 5.93: 1.47 more.
      const more = 0.07995 + 0.0123 + 1.3619 - 0.10175 + 0.11685;
      near(more, 292.735135 - 291.265885, 'the two ways of writing the difference');
      assert.equal(nem.summary.netAvoidedCost, 7.4);
      assert.equal(cents(nem.summary.netAvoidedCost! - nbt.summary.netAvoidedCost!), cents(more));
      // Net metering nets kWh instead of crediting dollars by the hour.
      assert.deepEqual(
        afterMonths(nem).months[0]!.exportPeriods!.map((p) => p.exportCredit),
        [null, null, null],
      );
    });

    it('bills each export arrangement tagged after as what it says', async () => {
      // NET_BILLING_CARRYOVER, given, is E-ELEC's own: the same year, 292.74, and not said to be the tariff's rule.
      const carryover = await analyse('NET_BILLING_CARRYOVER');
      assert.equal(carryover.summary.postTotalCost, 292.74);
      assert.equal(
        carryover.scenarios[1]!.assumptions.find((x) => x.keyName === 'exportArrangement'),
        undefined,
      );
      // NET_BILLING: each month credited hour by hour with nothing floored or carried. July: 2.28262 + 0.07995 -
      // 3.46006 = -1.09749 off the Base Services Charge: 23.49884. August pays its 0.53984 + 0.0123 itself: 25.14847.
      // The year: 289.60195 - 1.09749 + 0.55214 + 0.32063 + 2.720305 = 292.097535.
      const billing = await analyse('NET_BILLING');
      assert.deepEqual(
        afterMonths(billing)
          .months.slice(0, 2)
          .map((m) => m.cost),
        [23.5, 25.15],
      );
      assert.equal(billing.summary.postTotalCost, 292.1);
      // BUY_ALL_SELL_ALL: two meters, the whole usage billed and the whole PV output credited. July: drawn 12 kWh as
      // before solar, 4.51512 + non-bypassable 12 x 0.0123 = 0.1476; sent all 43 kWh made, the 37.5 above plus 0.5 kWh
      // in each of the 11 sunny hours: 3.46006 + 0.5 x (0.06103 + 0.06353 + 0.06196 + 0.05763 + 0.05429 + 0.05435 +
      // 0.05641 + 0.14115 + 0.32547 + 0.36433 + 0.45746 = 1.69761) = 4.308865. July: 4.51512 + 0.1476 - 4.308865 +
      // 24.59633 = 24.950185. April: drawn 12 kWh, 3.533755 (with its non-bypassable charges); sent 15.5, 0.10175 +
      // 0.5 x (0.00698 + 0.00799 + 0.00707 + 0.01041 + 0.00569 = 0.03814) = 0.12082: 3.412935 + 23.8029.
      // The year: 289.60195 + 0.353855 + 0.55214 + 0.32063 + 3.412935 = 294.24151.
      const twoMeters = await analyse('BUY_ALL_SELL_ALL');
      const july = afterMonths(twoMeters).months[0]!;
      assert.deepEqual([july.importedKWh, july.exportedKWh, july.cost], [12, 43, 24.95]);
      assert.deepEqual(
        july.exportPeriods!.map((p) => [p.touName, p.exportedKWh]),
        [
          ['Summer Peak', 8.5],
          ['Summer Part-Peak', 4.5],
          ['Summer Off-Peak', 30],
        ],
      );
      assert.equal(twoMeters.summary.postTotalCost, 294.24);
      assert.deepEqual([twoMeters.summary.postImportedKWh, twoMeters.summary.postExportedKWh], [26, 58.5]);
      // Four arrangements, four answers (net metering: 291.27 above).
      assert.equal(new Set([carryover, billing, twoMeters].map((a) => a.summary.postTotalCost)).size, 3);
    });
  });
}
