// The OpenEI URDB importer on every reference record (read in place from ../shared/reference/urdb), with bills on
// imported tariffs worked by hand, idempotency, updates and a malformed source, on both engines.
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importUrdb } from '../../src/importers/urdb.importer.ts';
import { PRIVATE_ID_MIN } from '../../src/domain/ids/private-ids.ts';
import { TimeOfUsesRepository } from '../../src/modules/timeofuses/timeofuses.repository.ts';
import { ImportFormatError } from '../../src/importers/source-lines.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const DIR = join(REFERENCE_DIR, 'urdb');
/** Records without an eiaid go to Public Service Co of Colorado (Denver); those without a startdate take 2020-01-01. */
const OPTIONS = { lseId: 1000007, effectiveDate: '2020-01-01' };
const EXPECTED: Record<string, string> = {
  'bad-dixie-escalante-missing-rate.json': 'skip: energy period 1 tier 1 has no rate',
  'bad-seward-county-missing-schedule.json': 'skip: energy schedule names period 2, which energyratestructure lacks',
  'beopt-sample-tiered-rate.json': 'created',
  'beopt-sample-tiered-time-of-use-rate.json': 'created',
  'beopt-sample-time-of-use-rate.json': 'created',
  'custom-tiered-tou-demand.json': 'skip: no name',
  'entergy-arkansas-lps-tou.json':
    'skip: the time zone of Entergy Arkansas Inc (Arkansas) is not known (no LSE with a zone; give --time-zone)',
  'peco-gs-ht.json': 'skip: the time zone of PECO Energy Co is not known (no LSE with a zone; give --time-zone)',
  'pge-e-19-secondary.json': 'created',
  'psco-residential-demand-rd.json': 'created',
  'pysam-urdbv7-tiered-tou-demand-minimums.json': 'skip: no name',
  'reoptjl-multi-tier-tou.json': 'skip: no name',
  'reoptjl-tiered-tou-demand.json': 'skip: no name',
  'sce-gs-2-tou-b.json': 'created',
  'south-central-ppd-lp1.json':
    'skip: energy period 1 (Jun-Sep) tier unit "kWh/kW" (limits per kW of demand) cannot be represented',
};
/** 1 kWh every hour of July 2021, one hour (July 15, 3-4 pm) at 5 kWh. */
const july = () => Array.from({ length: 744 }, (_, h) => (h === 14 * 24 + 15 ? 5 : 1));

for (const dialect of dialects) {
  describe(`URDB importer on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());
    const calculate = async (name: string, range: [string, string], values: number[], more: object[] = []) => {
      const tariff = await t.db.kysely
        .selectFrom('tariffs')
        .select('master_tariff_id')
        .where('tariff_name', '=', name)
        .where('import_key', 'is not', null)
        .executeTakeFirstOrThrow();
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate?fields=ext',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: tariff.master_tariff_id,
          fromDateTime: range[0],
          toDateTime: range[1],
          propertyInputs: [{ keyName: 'consumption', dataSeries: values, duration: 3_600_000 }, ...more],
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().results[0];
    };
    const bill = async (name: string, values: number[] = Array(744).fill(1)) =>
      (await calculate(name, ['2021-07-01', '2021-08-01'], values)).totalCost as number;

    it('imports every reference record or skips it with its reason, and a second import changes nothing', async (ctx) => {
      if (!existsSync(DIR)) return ctx.skip('../shared/reference is absent');
      const files = readdirSync(DIR)
        .filter((f) => f.endsWith('.json'))
        .sort();
      assert.deepEqual(files, Object.keys(EXPECTED).sort(), 'every reference file has its expectation');
      for (const f of files) {
        const s = await importUrdb(t.db, createReadStream(join(DIR, f)), f, OPTIONS);
        const outcome = s.created ? 'created' : `skip: ${s.skipped[0]?.reason}`;
        assert.equal(outcome, EXPECTED[f], f);
      }
      // The records whose dgrules say "Net Metering" are net metered; the others say nothing of exports.
      const arrangements = await t.db.kysely
        .selectFrom('tariffs')
        .select(['tariff_name', 'export_arrangement'])
        .where('import_key', 'is not', null)
        .orderBy('tariff_name')
        .execute();
      assert.deepEqual(
        arrangements.filter((r) => r.export_arrangement).map((r) => [r.tariff_name, r.export_arrangement]).length,
        2,
      );
      assert.ok(
        arrangements
          .filter((r) => r.export_arrangement)
          .every((r) => r.export_arrangement === 'NET_METERING' && /E-19|RD|Demand/i.test(r.tariff_name)),
        JSON.stringify(arrangements),
      );
      for (const f of files) {
        const s = await importUrdb(t.db, createReadStream(join(DIR, f)), f, OPTIONS);
        assert.equal(s.created + s.updated, 0, `${f} again`);
        assert.equal(s.unchanged, EXPECTED[f] === 'created' ? 1 : 0, `${f} again`);
      }
      // The Entergy record with the zone given: a new LSE with its EIA id.
      const entergy = await importUrdb(t.db, createReadStream(join(DIR, 'entergy-arkansas-lps-tou.json')), 'entergy', {
        timeZone: 'America/Chicago',
      });
      assert.equal(entergy.created, 1);
      assert.equal(
        (await t.db.kysely.selectFrom('lses').select('name').where('code', '=', '814').executeTakeFirstOrThrow()).name,
        'Entergy Arkansas Inc (Arkansas)',
      );
      // Its demandwindow of 15 minutes: the demand rates measure 15-minute demand.
      const demandKeys = await t.db.kysely
        .selectFrom('tariff_rates as r')
        .innerJoin('tariffs as t', 't.tariff_id', 'r.tariff_id')
        .select('r.quantity_key')
        .distinct()
        .where('t.import_key', '=', '5a592c995457a3371c423a7d')
        .where('r.charge_type', '=', 'DEMAND_BASED')
        .execute();
      assert.deepEqual(
        demandKeys.map((k) => k.quantity_key),
        ['demand15min'],
      );
    });

    it('bills an imported tiered tariff: 744 kWh in July = 150 x 0.09 + 150 x 0.11 + 444 x 0.13 + 9 = 96.72', async (ctx) => {
      if (!existsSync(DIR))
        return ctx.skip('../shared/reference is absent (the reference records are imported by the first test)');
      assert.equal(await bill('Sample Tiered Rate'), 96.72);
    });

    it('bills an imported TOU tariff: 198 weekday 11 am - 8 pm kWh at 0.11 and 546 at 0.07, plus 9 = 69.00', async (ctx) => {
      if (!existsSync(DIR))
        return ctx.skip('../shared/reference is absent (the reference records are imported by the first test)');
      // July 2021 has 22 weekdays: 22 x 9 peak hours = 198 kWh.
      assert.equal(await bill('Sample Time-of-Use Rate'), 69);
      const tous = await t.json('/rest/public/lses/1000007/tougroups', await t.credentials());
      assert.ok(
        tous.results.some((g: { timeOfUses: { touType: string }[] }) =>
          g.timeOfUses.some((x) => x.touType === 'ON_PEAK'),
        ),
        'TOU types ranked by price',
      );
    });

    it("bills an imported tiered TOU tariff with the tiers counted on the month's total (URDB / SAM)", async (ctx) => {
      if (!existsSync(DIR))
        return ctx.skip('../shared/reference is absent (the reference records are imported by the first test)');
      // Peak pays 198/744 of (150 x 0.09 + 150 x 0.11 + 444 x 0.13) = 23.344839; off-peak 546/744 of
      // (150 x 0.06 + 594 x 0.08) = 41.478387; plus 9: 73.823226.
      assert.equal(
        await bill('Sample Tiered Time-of-Use Rate'),
        Math.round(((198 / 744) * 87.72 + (546 / 744) * 56.52 + 9) * 100) / 100,
      );
      assert.equal(await bill('Sample Tiered Time-of-Use Rate'), 73.82);
    });

    it('bills an imported demand tariff: PSCo RD in July 2021 with a 5 kW peak', async (ctx) => {
      if (!existsSync(DIR))
        return ctx.skip('../shared/reference is absent (the reference records are imported by the first test)');
      // Energy 748 kWh x (0.01974 + 0.0283685) = 35.985158; summer flat demand 5 kW x (10.08 + 1.43) = 57.55;
      // fixed 15.91; 109.445158.
      assert.equal(await bill('Residential Demand Service (Schedule RD)', july()), 109.45);
    });

    it("bills PECO GS-HT's coincident demand on the demand given at the system peak, else on the customer's own peak", async (ctx) => {
      if (!existsSync(DIR)) return ctx.skip('../shared/reference is absent');
      const s = await importUrdb(t.db, createReadStream(join(DIR, 'peco-gs-ht.json')), 'peco', {
        timeZone: 'America/New_York',
      });
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
      const july2014 = () => Array.from({ length: 744 }, (_, h) => (h === 14 * 24 + 15 ? 5 : 1));
      const peco = (more: object[] = []) =>
        calculate('GS-HT (HIGH TENSION POWER) - Procurement 3', ['2014-07-01', '2014-08-01'], july2014(), more);
      // Energy 748 kWh x (0.0015 + 0.0684) = 52.2852; flat demand 5 kW x (3.55 + 1.71) = 26.30; fixed 298.92; coincident
      // demand 3 kW x 0.79 = 2.37 when given: 379.8752. Without it the 5 kW peak stands in: 3.95, 381.4552.
      const given = await peco([{ keyName: 'coincidentDemand', dataValue: 3 }]);
      assert.equal(given.totalCost, 379.88);
      const item = given.items.find((i: { quantityKey: string }) => i.quantityKey === 'coincidentDemand');
      assert.deepEqual(
        [item.itemQuantity, item.rateAmount, item.cost, item.quantityKeyDescription],
        [3, 0.79, 2.37, 'Coincident Demand (kW)'],
      );
      const assumed = await peco();
      assert.deepEqual([assumed.totalCost, assumed.accuracy], [381.46, 50]);
      // A given demand that is not a number of kW is a 400 naming the input.
      const tariff = await t.db.kysely
        .selectFrom('tariffs')
        .select('master_tariff_id')
        .where('import_key', '=', '53ac8daa5257a3406ac32a35')
        .executeTakeFirstOrThrow();
      const c = await t.credentials(['signal']);
      for (const bad of ['abc', -3, true]) {
        const res = await t.inject({
          method: 'POST',
          url: '/rest/v1/ondemand/calculate',
          headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
          payload: {
            masterTariffId: tariff.master_tariff_id,
            fromDateTime: '2014-07-01',
            toDateTime: '2014-08-01',
            propertyInputs: [
              { keyName: 'consumption', dataValue: 100 },
              { keyName: 'coincidentDemand', dataValue: bad },
            ],
          },
        });
        assert.deepEqual(
          [res.statusCode, res.json().results[0].propertyName, res.json().results[0].propertyValue],
          [400, 'propertyInputs[1].dataValue', String(bad)],
        );
      }
    });

    it('ratchets the flat demand on a URDB lookback: lookbackRange months, or lookbackMonths as a season', async () => {
      const record = (label: string, extra: object) => ({
        label,
        name: label,
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 15466,
        flatdemandstructure: [[{ rate: 10 }]],
        flatdemandmonths: Array(12).fill(0),
        ...extra,
      });
      const year = (peaks: Record<number, number>) => Array.from({ length: 8760 }, (_, h) => peaks[h] ?? 1);
      const hourOf = (local: string) =>
        DateTime.fromISO(local, { zone: 'America/Denver' }).diff(
          DateTime.fromISO('2021-01-01', { zone: 'America/Denver' }),
          'hours',
        ).hours;
      const c = await t.credentials();
      const key = async (name: string) =>
        (
          await t.json(
            `/rest/public/properties/${(await calculate(name, ['2021-01-01', '2021-02-01'], Array(744).fill(1))).items.find((i: { chargeType: string }) => i.chargeType === 'DEMAND_BASED').quantityKey}?fields=ext`,
            c,
          )
        ).results[0];

      // Range: 80% of the highest demand of the 11 months before. Denver, 2021: 1 kW every hour but a 50 kW hour on
      // July 15. Demand: January - June 1 kW, July 50, August - December 40: (6 + 50 + 200) x $10 = 2,560.
      assert.equal(
        (
          await importUrdb(
            t.db,
            Readable.from([
              JSON.stringify(
                record('Test ratchet range', {
                  energyratestructure: [[{ rate: 0.05 }]],
                  energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
                  energyweekendschedule: Array(12).fill(Array(24).fill(0)),
                  lookbackPercent: 0.8,
                  lookbackRange: 11,
                }),
              ),
            ]),
            'r.json',
          )
        ).created,
        1,
      );
      // Energy (8,760 - 1 + 50) kWh x 0.05 = 440.45.
      const range = await calculate(
        'Test ratchet range',
        ['2021-01-01', '2022-01-01'],
        year({ [hourOf('2021-07-15T15')]: 50 }),
      );
      assert.deepEqual(
        range.items
          .filter((i: { chargeType: string }) => i.chargeType === 'DEMAND_BASED')
          .map((i: { itemQuantity: number }) => i.itemQuantity),
        [1, 1, 1, 1, 1, 1, 50, 40, 40, 40, 40, 40],
      );
      assert.deepEqual([range.totalCost, range.accuracy], [3000.45, 75]);
      // Over HTTP, the demand history is a demand reading dated before the range: July 2021's 50 kW ratchets January 2022.
      const history = await calculate('Test ratchet range', ['2022-01-01', '2022-02-01'], Array(744).fill(1), [
        { keyName: 'demand', fromDateTime: '2021-07-01', toDateTime: '2021-08-01', dataValue: 50 },
      ]);
      assert.deepEqual(
        [
          history.items.find((i: { chargeType: string }) => i.chargeType === 'DEMAND_BASED').itemQuantity,
          history.summary.kW,
        ],
        [40, 1],
      );
      const rangeKey = await key('Test ratchet range');
      assert.deepEqual(
        [
          rangeKey.dataType,
          rangeKey.formulaDetail,
          rangeKey.lookbackQuantity,
          rangeKey.lookbackPeriod,
          rangeKey.lookbackSeasonId,
          rangeKey.entityId,
        ],
        ['DEMAND', '0.8 * #demand', 11, 'BILLING_PERIOD', null, 1000007],
      );

      // lookbackMonths June - September, the tariff's own summer season ($10; other months $5): half of the summer peak.
      // January 30 kW at $5 = 150; February - May 1 kW = 20; June, July 1 kW at $10 = 20; August 40 kW = 400; September
      // half of August's 40 at $10 = 200; October - December 20 kW at $5 = 300. 1,090 in all.
      const summer = record('Test ratchet months', {
        flatdemandstructure: [[{ rate: 5 }], [{ rate: 10 }]],
        flatdemandmonths: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0],
        lookbackPercent: 0.5,
        lookbackMonths: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0],
      });
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(summer)]), 'm.json')).created, 1);
      const months = await calculate(
        'Test ratchet months',
        ['2021-01-01', '2022-01-01'],
        year({ [hourOf('2021-01-20T12')]: 30, [hourOf('2021-08-10T17')]: 40 }),
      );
      assert.equal(months.totalCost, 1090);
      const monthsKey = await key('Test ratchet months');
      const seasons = await t.json('/rest/public/seasons?lseId=1000007', c);
      const seasonName = (id: number) =>
        seasons.results
          .flatMap((g: { seasons: { seasonId: number; seasonName: string }[] }) => g.seasons)
          .find((x: { seasonId: number }) => x.seasonId === id)?.seasonName;
      assert.equal(seasonName(monthsKey.lookbackSeasonId), 'Jun-Sep', "the tariff's own summer season");

      // Lookback months that are no season of the tariff get a season group of their own; a re-import replaces it.
      const julyAugust = record('Test ratchet Jul-Aug', {
        lookbackPercent: 0.5,
        lookbackMonths: [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0],
      });
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(julyAugust)]), 'j.json')).created, 1);
      assert.equal(
        (await importUrdb(t.db, Readable.from([JSON.stringify({ ...julyAugust, lookbackPercent: 0.6 })]), 'j.json'))
          .updated,
        1,
      );
      const ownKey = await key('Test ratchet Jul-Aug');
      const after = await t.json('/rest/public/seasons?lseId=1000007', c);
      const groups = after.results.filter((g: { seasons: { seasonName: string }[] }) =>
        g.seasons.some((x) => x.seasonName === 'Ratchet months Jul-Aug'),
      );
      assert.equal(groups.length, 1, 'one group after the re-import');
      assert.deepEqual(
        groups[0].seasons.map(
          (x: { seasonName: string; seasonFromMonth: number; seasonToMonth: number; seasonToDay: number }) => [
            x.seasonName,
            x.seasonFromMonth,
            x.seasonToMonth,
            x.seasonToDay,
          ],
        ),
        [
          ['Ratchet months Jul-Aug', 7, 8, 31],
          ['Other months', 9, 6, 30],
        ],
      );
      assert.equal(groups[0].seasons[0].seasonId, ownKey.lookbackSeasonId);
      assert.equal(ownKey.formulaDetail, '0.6 * #demand');
    });

    it('maps dgrules to export arrangements: sell prices credited under net billing and buy all / sell all, kWh netted under net metering', async () => {
      const weekday = Array(12).fill(Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0)));
      const weekend = Array(12).fill(Array(24).fill(0));
      const record = (label: string, dgrules: string | undefined, sell: [number, number], extra: object = {}) => ({
        label,
        name: label,
        sector: 'Residential',
        startdate: 1609459200,
        eiaid: 15466,
        dgrules,
        fixedchargefirstmeter: 5,
        fixedchargeunits: '$/month',
        energyratestructure: [[{ rate: 0.1, sell: sell[0] }], [{ rate: 0.3, sell: sell[1] }]],
        energyweekdayschedule: weekday,
        energyweekendschedule: weekend,
        ...extra,
      });
      const records = [
        record('Test net billing', 'Net Billing Instantaneous', [0.04, 0.08]),
        record('Test net metering', 'Net Metering', [0.1, 0.3]),
        record('Test buy all sell all', 'Buy All Sell All', [0.05, 0.05]),
        record('Test usenetmetering', undefined, [0, 0], { usenetmetering: true }),
        record('Test no dgrules', undefined, [0, 0]),
      ];
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(records)]), 'dg.json')).created, 5);
      const stored = await t.db.kysely
        .selectFrom('tariffs')
        .select(['tariff_name', 'export_arrangement', 'has_net_metering', 'source'])
        .where(
          'import_key',
          'in',
          records.map((r) => r.label),
        )
        .orderBy('tariff_name')
        .execute();
      assert.deepEqual(
        stored.map((f) => [f.tariff_name, f.export_arrangement, Boolean(f.has_net_metering)]),
        [
          ['Test buy all sell all', 'BUY_ALL_SELL_ALL', true],
          ['Test net billing', 'NET_BILLING', true],
          ['Test net metering', 'NET_METERING', true],
          ['Test no dgrules', null, false],
          ['Test usenetmetering', 'NET_METERING', true],
        ],
      );
      assert.match(
        stored[2]!.source ?? '',
        /dgrules Net Metering: NET_METERING, sell prices as SELL rates \(not applied under net metering\) \(true-up month and year-end rate not in URDB: December, 0\)/,
      );
      // July 2021 in Denver, 1 kWh drawn every hour (744) and 2 kWh sent 10 am - 2 pm (4 x 31 = 124 hours, all
      // off-peak). One meter nets each hour: those hours export 1 kWh net (124 kWh), the other 620 hours import 1 kWh.
      const exports = Array.from({ length: 744 }, (_, h) => (h % 24 >= 10 && h % 24 < 14 ? 2 : 0));
      const july = (name: string) =>
        calculate(name, ['2021-07-01', '2021-08-01'], Array(744).fill(1), [
          { keyName: 'consumption', dataSeries: exports.map((x) => -x), duration: 3_600_000 },
        ]);
      const sold = (b: { items: { transactionType: string; cost: number }[] }) =>
        Math.round(b.items.filter((i) => i.transactionType === 'SELL').reduce((a, i) => a + i.cost, 0) * 100) / 100;
      // Net billing: imports 22 weekdays x 5 peak hours = 110 kWh at 0.30 = 33.00, 620 - 110 = 510 off-peak at 0.10 =
      // 51.00, 5.00 fixed; 124 kWh exported off-peak at 0.04 = -4.96. 89.00 - 4.96 = 84.04.
      const billing = await july('Test net billing');
      assert.deepEqual([billing.totalCost, sold(billing)], [84.04, -4.96]);
      // Net metering: off-peak nets 510 - 124 = 386 kWh at 0.10 = 38.60; peak 33.00; fixed 5.00: 76.60. The sell
      // prices do not count.
      const metering = await july('Test net metering');
      assert.deepEqual([metering.totalCost, sold(metering)], [76.6, 0]);
      assert.equal((await july('Test usenetmetering')).totalCost, 76.6);
      // Buy all / sell all: two meters, nothing netted. Imports 744 kWh: 110 peak at 0.30 = 33.00, 634 off-peak at
      // 0.10 = 63.40, 5.00 fixed = 101.40; all 248 kWh generated sold at 0.05 = -12.40. 89.00.
      const basa = await july('Test buy all sell all');
      assert.deepEqual([basa.totalCost, sold(basa)], [89, -12.4]);
      const differing = await importUrdb(
        t.db,
        Readable.from([
          JSON.stringify({
            ...record('Test sell tiers', 'Net Billing Hourly', [0.04, 0.08]),
            energyratestructure: [
              [
                { rate: 0.1, max: 500, sell: 0.04 },
                { rate: 0.12, sell: 0.05 },
              ],
            ],
            energyweekdayschedule: weekend,
          }),
        ]),
        'dg2.json',
      );
      assert.match(differing.skipped[0]?.reason ?? '', /sell prices that differ by tier/);
      const unknown = await importUrdb(
        t.db,
        Readable.from([JSON.stringify(record('Test feed-in', 'Feed-in Tariff', [0.2, 0.2]))]),
        'dg3.json',
      );
      assert.match(unknown.skipped[0]?.reason ?? '', /dgrules "Feed-in Tariff" is not an export arrangement/);
    });

    it("measures demand over the record's demandwindow: 15-minute demand from 5-minute data", async () => {
      const record = {
        label: 'test-window',
        name: 'Test demand window',
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 15466,
        demandwindow: 15,
        flatdemandstructure: [[{ rate: 10 }]],
        flatdemandmonths: Array(12).fill(0),
      };
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(record)]), 'w.json')).created, 1);
      // July 2021 in 5-minute values: 0.25 kWh (3 kW) each, one of 2.5 kWh (30 kW). Its 15-minute window averages
      // (2.5 + 0.25 + 0.25) / 0.25 h = 12 kW: 120.00 (30 kW, 300.00, on 5-minute demand).
      const values = Array.from({ length: 744 * 12 }, (_, k) => (k === 100 ? 2.5 : 0.25));
      const tariff = await t.db.kysely
        .selectFrom('tariffs')
        .select('master_tariff_id')
        .where('import_key', '=', 'test-window')
        .executeTakeFirstOrThrow();
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate?fields=ext',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: tariff.master_tariff_id,
          fromDateTime: '2021-07-01',
          toDateTime: '2021-08-01',
          propertyInputs: [{ keyName: 'consumption', dataSeries: values, duration: 300_000 }],
        },
      });
      const r = res.json().results[0];
      assert.deepEqual(
        [r.totalCost, r.items[0].quantityKey, r.items[0].quantityKeyDescription],
        [120, 'demand15min', 'Demand (kW), 15-minute intervals'],
      );
      const key = (await t.json('/rest/public/properties/demand15min?fields=ext', c)).results[0];
      assert.deepEqual([key.dataType, key.lookbackIntervalQuantity], ['DEMAND', 15]);
    });

    it("adds URDB's monthly fuel adjustments to every kWh of their months", async () => {
      const flat = Array(12).fill(Array(24).fill(0));
      const record = {
        label: 'test-fuel',
        name: 'Test fuel adjustment',
        sector: 'Residential',
        startdate: 1609459200,
        eiaid: 15466,
        energyratestructure: [[{ rate: 0.1, max: 500 }, { rate: 0.15 }]],
        energyweekdayschedule: flat,
        energyweekendschedule: flat,
        fueladjustmentsmonthly: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.02, 0.02, 0.02, 0.02, 0.02, 0.01],
      };
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(record)]), 'fuel.json')).created, 1);
      // July: 500 kWh x 0.10 + 244 x 0.15 = 86.60, and 744 x 0.02 of fuel = 14.88: 101.48. January's adjustment is 0.01.
      assert.equal(await bill('Test fuel adjustment'), 101.48);
      const january = await calculate('Test fuel adjustment', ['2021-01-01', '2021-02-01'], Array(744).fill(1));
      assert.equal(january.totalCost, 94.04, '86.60 + 744 x 0.01');
      const seasons = await t.json('/rest/public/seasons?lseId=1000007', await t.credentials());
      assert.ok(
        seasons.results.some(
          (g: { seasons: { seasonName: string }[] }) => g.seasons.map((x) => x.seasonName).join() === 'Jul-Nov,Dec-Jun',
        ),
        'months with the same adjustment form a season',
      );
    });

    it('skips lookbacks, ratchets and demand units it cannot represent, with the reason', async () => {
      const base = {
        name: 'Test bad ratchet',
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 15466,
        flatdemandstructure: [[{ rate: 10 }]],
        flatdemandmonths: Array(12).fill(0),
      };
      const cases: [object, RegExp][] = [
        [{ lookbackPercent: 80, lookbackRange: 12 }, /lookbackPercent 80 is not a share/],
        [
          { lookbackPercent: 0.8, lookbackMonths: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0] },
          /lookbackMonths \(Jan, Jul\) are not one run/,
        ],
        [
          { lookbackPercent: 0.8, lookbackRange: 12, lookbackMonths: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0] },
          /both lookbackRange and lookbackMonths/,
        ],
        [{ lookbackPercent: 0.8 }, /without a lookbackRange or 12 lookbackMonths/],
        [{ lookbackRange: 12 }, /without a lookbackPercent/],
        [
          {
            flatdemandstructure: undefined,
            flatdemandmonths: undefined,
            demandratestructure: [[{ rate: 5 }]],
            demandweekdayschedule: Array(12).fill(Array(24).fill(0)),
            demandweekendschedule: Array(12).fill(Array(24).fill(0)),
            lookbackPercent: 0.8,
            lookbackRange: 12,
          },
          /without a flat demand charge/,
        ],
        [
          { demandratchetpercentage: [0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8] },
          /demandratchetpercentage/,
        ],
        [{ coincidentratestructure: [[{ rate: 1 }]] }, /without its 12 x 24 coincidentschedule/],
        [
          {
            coincidentratestructure: [[{ rate: 1 }]],
            coincidentschedule: Array(12).fill(Array(24).fill(0)),
            coincidentrateunit: 'kVA',
          },
          /coincident period 1 demand unit "kVA"/,
        ],
        [{ flatdemandunit: 'hp' }, /flat demand period 1 demand unit "hp"/],
        [{ demandreactivepowercharge: 0.5 }, /demandreactivepowercharge/],
        [{ demandwindow: 7 }, /demandwindow 7 is not a number of minutes that divides a day/],
        [
          {
            energyratestructure: [[{ rate: 0.1 }]],
            energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
            energyweekendschedule: Array(12).fill(Array(24).fill(0)),
            fueladjustmentsmonthly: [0.01, 0.02],
          },
          /fueladjustmentsmonthly is not 12 monthly values/,
        ],
        [{ fueladjustmentsmonthly: Array(12).fill(0.01) }, /fueladjustmentsmonthly without an energy rate structure/],
        [
          {
            demandratestructure: [[{ rate: 5 }]],
            demandweekdayschedule: Array(12).fill(Array(24).fill(0)),
            demandweekendschedule: Array(12).fill(Array(24).fill(0)),
            demandrateunit: 'kVA',
          },
          /demand period 1 demand unit "kVA"/,
        ],
      ];
      for (const [extra, reason] of cases) {
        const s = await importUrdb(t.db, Readable.from([JSON.stringify({ ...base, ...extra })]), 'bad.json');
        assert.equal(s.created, 0, JSON.stringify(extra));
        assert.match(s.skipped[0]?.reason ?? '', reason);
      }
    });

    it("keeps URDB's monthly and annual minimums", async () => {
      const flat = {
        name: 'Test minimums',
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 15466,
        energyratestructure: [[{ rate: 0.1 }]],
        energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
        energyweekendschedule: Array(12).fill(Array(24).fill(0)),
        minmonthlycharge: 80,
        annualmincharge: 1000,
      };
      assert.equal((await importUrdb(t.db, Readable.from([JSON.stringify(flat)]), 'min.json')).created, 1);
      const tariff = await t.db.kysely
        .selectFrom('tariffs')
        .select('master_tariff_id')
        .where('tariff_name', '=', 'Test minimums')
        .executeTakeFirstOrThrow();
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: tariff.master_tariff_id,
          fromDateTime: '2021-01-01',
          toDateTime: '2022-01-01',
          propertyInputs: [{ keyName: 'consumption', dataSeries: Array(8760).fill(1), duration: 3_600_000 }],
        },
      });
      // Each month's 672-744 kWh x 0.10 = 67.20-74.40 is raised to 80: 12 x 80 = 960 < 1,000, so 40.00 more in December.
      assert.equal(res.json().results[0].totalCost, 1000, res.body);
    });

    it('updates a changed record in place, and refuses a malformed source without storing any of it', async () => {
      const record = {
        label: 'test-label-1',
        name: 'Test flat',
        sector: 'Residential',
        startdate: 1609459200,
        eiaid: 15466,
        energyratestructure: [[{ rate: 0.1 }]],
        energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
        energyweekendschedule: Array(12).fill(Array(24).fill(0)),
      };
      const first = await importUrdb(t.db, Readable.from([JSON.stringify([record])]), 'a.json');
      assert.equal(first.created, 1);
      const changed = await importUrdb(
        t.db,
        Readable.from([`${JSON.stringify({ ...record, fixedmonthlycharge: 5 })}\n`]),
        'a.ndjson',
      );
      assert.equal(changed.updated, 1);
      assert.equal(await bill('Test flat'), 79.4, '744 x 0.10 + 5');
      const count = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('tariffs')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const broken = `[${JSON.stringify({ ...record, label: 'test-label-2' })}, {"name": "cut`;
      await assert.rejects(
        importUrdb(t.db, Readable.from([broken]), 'broken.json'),
        (e: Error) => e instanceof ImportFormatError && /broken\.json record 2/.test(e.message),
      );
      assert.equal(await count(), before, 'the first record of the broken file was rolled back');
    });

    it('counts its TOU groups, TOUs and periods up below the private range, whatever private ids exist', async () => {
      // A private group of the same LSE, its ids drawn from the top of the range (domain/ids/private-ids.ts).
      const owner = await t.credentials(['privateTou'], 'private-range-org');
      const privateGroup = await new TimeOfUsesRepository(t.db).createPrivate(734, owner.orgId, [
        {
          touName: 'All day',
          touType: 'OFF_PEAK',
          seasonId: null,
          calendarId: null,
          isDynamic: false,
          periods: [{ fromDayOfWeek: 0, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 }],
        },
      ]);
      assert.ok(privateGroup >= PRIVATE_ID_MIN);
      const record = {
        label: 'test-label-private-range',
        name: 'Test two-period TOU',
        sector: 'Residential',
        startdate: 1609459200,
        energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.3 }]],
        energyweekdayschedule: Array(12).fill([...Array(17).fill(0), 1, 1, 1, 0, 0, 0, 0]),
        energyweekendschedule: Array(12).fill(Array(24).fill(0)),
      };
      const s = await importUrdb(t.db, Readable.from([JSON.stringify([record])]), 'private-range.json', {
        lseId: 734,
        effectiveDate: '2021-01-01',
      });
      assert.equal(s.created, 1, JSON.stringify(s));
      const imported = await t.db.kysely
        .selectFrom('tous as u')
        .innerJoin('tou_groups as g', (j) =>
          j.onRef('g.lse_id', '=', 'u.lse_id').onRef('g.tou_group_id', '=', 'u.tou_group_id'),
        )
        .innerJoin('tou_periods as p', 'p.tou_id', 'u.tou_id')
        .select(['g.tou_group_id', 'u.tou_id', 'p.tou_period_id'])
        .where('g.source', 'like', '%test-label-private-range%')
        .execute();
      assert.ok(imported.length >= 2, 'the import made its TOUs and periods');
      for (const r of imported)
        for (const id of [r.tou_group_id, r.tou_id, r.tou_period_id])
          assert.ok(id > 0 && id < PRIVATE_ID_MIN, `imported id ${id} below the private range`);
    });
  });
}

describe('POST /rest/admin/import/urdb', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp('sqlite', { seed: true });
  });
  after(() => t.close());

  it('imports a body of records with the options as query parameters', async () => {
    const admin = await t.credentials(['admin']);
    const record = {
      name: 'HTTP flat',
      sector: 'Commercial',
      energyratestructure: [[{ rate: 0.2 }]],
      energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
      energyweekendschedule: Array(12).fill(Array(24).fill(0)),
    };
    const post = (query: string) =>
      t.inject({
        method: 'POST',
        url: `/rest/admin/import/urdb${query}`,
        headers: { authorization: t.authHeader(admin), 'content-type': 'application/json' },
        payload: JSON.stringify([record]),
      });
    const skipped = (await post('')).json().results[0];
    assert.match(skipped.skipped[0].reason, /no startdate/);
    const created = await post('?lseId=734&effectiveDate=2024-01-01');
    assert.equal(created.json().results[0].created, 1, created.body);
    const bad = await post('?lseId=734&effectiveDate=2024-01-01&timeZone=Mars/Olympus');
    assert.deepEqual([bad.statusCode, bad.json().results[0].propertyName], [400, 'timeZone']);
  });
});
