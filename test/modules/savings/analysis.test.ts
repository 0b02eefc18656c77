// The savings analysis over the API: golden analyses worked by hand on a net-metering and a net-billing tariff, the
// typical path (a ZIP code, its default tariff, a typical home, PVWatts at the place's weather station), up to 20
// designs sharing the usage, and bad inputs as 400s naming the input.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NM = 9300001;
const NB = 9300011;
const ZONE = 'America/Chicago';
const band = (id: number, rateAmount: number) => [{ tariffRateBandId: id, rateAmount }];
const fixed = (id: number) => ({
  tariffRateId: id,
  rateGroupName: 'Fixed',
  rateName: 'Customer charge',
  chargeType: 'FIXED_PRICE',
  chargePeriod: 'MONTHLY',
  rateBands: band(id + 10, 10),
});
const energy = (id: number) => ({
  tariffRateId: id,
  rateGroupName: 'Energy',
  rateName: 'Energy',
  chargeType: 'CONSUMPTION_BASED',
  rateBands: band(id + 10, 0.2),
});
const tariffs = [
  {
    tariffId: 9300002,
    masterTariffId: NM,
    tariffName: 'Savings test net metered',
    lseId: 9300003,
    lseName: 'Savings Test Electric',
    tariffType: 'DEFAULT',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: ZONE,
    exportArrangement: 'NET_METERING',
    yearEndSellRate: 0.05,
    rates: [fixed(9300021), energy(9300022)],
  },
  {
    tariffId: 9300012,
    masterTariffId: NB,
    tariffName: 'Savings test net billing',
    lseId: 9300003,
    tariffType: 'ALTERNATIVE',
    customerClass: 'RESIDENTIAL',
    effectiveDate: '2020-01-01',
    endDate: null,
    timeZone: ZONE,
    exportArrangement: 'NET_BILLING',
    rates: [
      fixed(9300041),
      energy(9300042),
      {
        tariffRateId: 9300043,
        rateGroupName: 'Exports',
        rateName: 'Export credit',
        chargeType: 'CONSUMPTION_BASED',
        transactionType: 'SELL',
        rateBands: band(9300053, 0.05),
      },
    ],
  },
];

/**
 * 2027 in Chicago hour by hour (8,760 hours: March has 743, November 721): 1 kWh drawn every hour; the panels make 3 kWh
 * in each of the wall-clock hours 10-13 (12 kWh a day), 7 kWh in June, July and August (28 kWh a day).
 */
const hours = Array.from({ length: 8760 }, (_, k) =>
  DateTime.fromISO('2027-01-01T00:00', { zone: ZONE }).plus({ hours: k }),
);
const load = hours.map(() => 1);
const pv = hours.map((t) => (t.hour >= 10 && t.hour < 14 ? ([6, 7, 8].includes(t.month) ? 7 : 3) : 0));

for (const dialect of dialects) {
  describe(`savings analysis on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const analyse = async (body: object) => {
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts/analysis',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const ok = async (body: object) => {
      const r = await analyse(body);
      assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 2000));
      return r.body;
    };
    const refused = async (body: object, propertyName: string) => {
      const r = await analyse(body);
      assert.equal(r.status, 400, JSON.stringify(r.body).slice(0, 1000));
      assert.equal(r.body.results[0].propertyName, propertyName, JSON.stringify(r.body));
      return r.body.results[0];
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal']);
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify(tariffs)]), 'savings.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
    });
    after(() => t.close());

    const golden = (
      masterTariffId: number,
      extra: { keyName: string; [k: string]: unknown }[] = [],
      rateInputs: object[] = [],
    ) => ({
      fromDateTime: '2027-01-01',
      address: { zip: '60601' },
      propertyInputs: [
        { keyName: 'masterTariffId', dataValue: masterTariffId, scenarios: 'before,after' },
        {
          keyName: 'consumption',
          scenarios: 'before,after',
          fromDateTime: '2027-01-01',
          duration: 3_600_000,
          dataSeries: load,
        },
        {
          keyName: 'solarProduction',
          scenarios: 'after,solar',
          fromDateTime: '2027-01-01',
          duration: 3_600_000,
          dataSeries: pv,
        },
        { keyName: 'projectDuration', dataValue: 3 },
        { keyName: 'rateInflation', dataValue: 3, scenarios: 'before,after' },
        { keyName: 'solarDegradation', dataValue: 0, scenarios: 'solar' },
        ...extra,
      ],
      rateInputs,
      applyUtilityTax: false,
    });

    it('projects a net-metered customer with a PPA, worked by hand', async () => {
      const [a] = (
        await ok(
          golden(
            NM,
            [{ keyName: 'trueUpMonth', dataValue: 9, scenarios: 'after' }],
            [{ scenarios: 'solar', chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.1 }] }],
          ),
        )
      ).results;
      const s = a.summary;
      // Before: 8,760 kWh x 0.20 = 1,752.00 + 12 x 10.00 = 1,872.00.
      assert.equal(s.preTotalCost, 1872);
      // After, month by month, netted per month (hourly netting first: the meter records each hour's net):
      // Jan 744 h - 31 x 12 = 372 kWh; Feb 672 - 336 = 336; Mar 743 - 372 = 371; Apr 720 - 360 = 360; May 372.
      // Jun 720 - 30 x 28 = -120 (credit 120 kWh), Jul 744 - 868 = -124 (244), Aug -124 (368): no energy charge.
      // Sep 720 - 360 = 360, all met by credit; 8 kWh left at the true-up (September, the input's trueUpMonth)
      // paid at the tariff's year-end rate 0.05 = -0.40. Oct 372, Nov 721 - 360 = 361, Dec 372 (credit reset).
      // kWh billed 372 + 336 + 371 + 360 + 372 + 372 + 361 + 372 = 2,916 x 0.20 = 583.20 + 120.00 - 0.40 = 702.80.
      assert.equal(s.postTotalCost, 702.8);
      // Solar: 273 days x 12 + 92 days x 28 = 3,276 + 2,576 = 5,852 kWh x 0.10 = 585.20.
      assert.equal(s.totalSolarKWh, 5852);
      assert.equal(s.totalSolarCost, 585.2);
      // Year one: 1,872.00 - 702.80 - 585.20 = 584.00.
      assert.equal(s.netAvoidedCost, 584);
      // Three years at 3 % utility inflation: before 1,872.00 + 1,928.16 + 1,986.00 (1,986.0048) = 5,786.16;
      // after 702.80 + 723.88 (723.884) + 745.60 (745.6005) = 2,172.28; solar 3 x 585.20 = 1,755.60 (no escalator).
      assert.equal(s.lifetimeWithoutCost, 5786.16);
      assert.equal(s.lifetimeWithCost, 2172.28);
      assert.equal(s.lifetimeSolarCost, 1755.6);
      // 5,786.16 - 2,172.28 - 1,755.60 = 1,858.28.
      assert.equal(s.lifetimeAvoidedCost, 1858.28);
      // kWh: 8,760 used; after, drawn 8,760 - 4 x 365 = 7,300, sent 4 x (273 x 2 + 92 x 6) = 4,392, net 2,908.
      assert.deepEqual([s.preTotalKWh, s.postImportedKWh, s.postExportedKWh, s.postTotalKWh], [8760, 7300, 4392, 2908]);

      const series = (scenario: string, period: string) =>
        a.series.find(
          (x: { scenario: string; seriesPeriod: string }) => x.scenario === scenario && x.seriesPeriod === period,
        );
      const data = (id: number) => a.seriesData.filter((m: { seriesId: number }) => m.seriesId === id);
      const afterMonths = data(series('after', 'MONTH').seriesId);
      assert.deepEqual(
        afterMonths.map((m: { cost: number }) => m.cost),
        [84.4, 77.2, 84.2, 82, 84.4, 10, 10, 10, 9.6, 84.4, 82.2, 84.4],
      );
      assert.deepEqual(
        afterMonths.map((m: { qty: number }) => m.qty),
        [372, 336, 371, 360, 372, -120, -124, -124, 360, 372, 361, 372],
      );
      // June: 600 hours draw 1 kWh; 120 hours (4 a day) send 7 - 1 = 6 kWh each, 720 kWh.
      assert.equal(afterMonths[5].exportedKWh, 720);
      // Net metering credits kWh, not dollars by the hour: the exports by period have no dollar credit.
      assert.deepEqual(afterMonths[5].exportPeriods, [{ touName: null, exportedKWh: 720, exportCredit: null }]);
      assert.equal(afterMonths[5].importedKWh, 600);
      assert.equal(afterMonths[0].fromDateTime, '2027-01-01T00:00:00-06:00');
      assert.equal(afterMonths[6].fromDateTime, '2027-07-01T00:00:00-05:00');
      // The months' charges by type add up to the month.
      for (const m of afterMonths)
        assert.ok(
          Math.abs(Object.values(m.charges as Record<string, number>).reduce((x, y) => x + y, 0) - m.cost) < 0.011,
          JSON.stringify(m),
        );
      assert.deepEqual(
        data(series('savings', 'YEAR').seriesId).map((m: { cost: number }) => m.cost),
        [584, 619.08, 655.2],
      );
      assert.equal(series('savings', 'ALL').cost, 1858.28);
      assert.equal(a.series.length, 12);
      assert.equal(a.weatherStation, null);
      const assumed = a.scenarios.flatMap((x: { assumptions: { keyName: string }[] }) =>
        x.assumptions.map((y) => y.keyName),
      );
      assert.ok(
        assumed.includes('projectDuration') && assumed.includes('solarProduction') && assumed.includes('solarRate'),
        assumed.join(),
      );
    });

    it('bills a net-billing customer: exports earn the sell rate, worked by hand', async () => {
      const [a] = (await ok(golden(NB))).results;
      // Drawn 7,300 kWh x 0.20 = 1,460.00 + 120.00 fixed - 4,392 kWh sent x 0.05 = 219.60: 1,360.40.
      assert.equal(a.summary.postTotalCost, 1360.4);
      // No price of solar: the savings are the utility savings, 1,872.00 - 1,360.40 = 511.60 (and it says so).
      assert.equal(a.summary.totalSolarCost, 0);
      assert.equal(a.summary.netAvoidedCost, 511.6);
      // June: drawn 720 - 120 = 600 x 0.20 = 120.00 + 10.00 - 720 x 0.05 = 36.00: 94.00.
      const afterMonth = a.series.find(
        (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'MONTH',
      );
      const months = a.seriesData.filter((m: { seriesId: number }) => m.seriesId === afterMonth.seriesId);
      assert.equal(months[5].cost, 94);
      // Its exports by TOU period (the tariff has none): 720 kWh sent, credited 720 x 0.05 = 36.00.
      assert.deepEqual(months[5].exportPeriods, [{ touName: null, exportedKWh: 720, exportCredit: 36 }]);
      assert.ok(a.scenarios[2].assumptions.some((x: { keyName: string }) => x.keyName === 'solarRate'));
    });

    // #37: an arrangement tagged after reached the bill under another name and was ignored (a net-billing tariff
    // sent NET_METERING billed as net billing; a tariff with no sell rate credited nothing).
    it('bills the export arrangement the after scenario names', async () => {
      const tagged = (arrangement: string, more: { keyName: string; [k: string]: unknown }[] = []) => [
        { keyName: 'exportArrangement', dataValue: arrangement, scenarios: 'after' },
        ...more,
      ];
      // The net-billing tariff as net metering with the net-metered tariff's terms (true-up in September, 0.05 for
      // what is left): the net-metered golden above, 702.80, not net billing's 1,360.40.
      const nm = (
        await ok(
          golden(
            NB,
            tagged('NET_METERING', [
              { keyName: 'trueUpMonth', dataValue: 9, scenarios: 'after' },
              { keyName: 'yearEndSellRate', dataValue: 0.05, scenarios: 'after' },
            ]),
          ),
        )
      ).results[0];
      assert.equal(nm.summary.postTotalCost, 702.8);
      // Net metering answers 1,360.40 - 702.80 = 657.60 more savings a year than net billing on the same tariff.
      const nb = (await ok(golden(NB, tagged('NET_BILLING')))).results[0];
      assert.equal(nb.summary.postTotalCost, 1360.4);
      assert.equal(Math.round((nm.summary.netAvoidedCost - nb.summary.netAvoidedCost) * 100) / 100, 657.6);
      // The net-metered tariff under net billing has no price for exports: drawn 7,300 x 0.20 + 120.00 = 1,580.00.
      const unpaid = (await ok(golden(NM, tagged('NET_BILLING')))).results[0];
      assert.equal(unpaid.summary.postTotalCost, 1580);
      // Given, the arrangement is never said to be assumed.
      for (const a of [nm, nb, unpaid])
        assert.ok(
          !a.scenarios[1].assumptions.some((x: { description: string }) => /is assumed/.test(x.description)),
          JSON.stringify(a.scenarios[1].assumptions),
        );
    });

    it("credits each later year at that year's export prices of the vintage, locked then floating (#37)", async () => {
      // E-ELEC under net billing at PG&E's hourly export prices; no inflation and no degradation, so that only the
      // export prices can make one year's after bill differ from another's.
      const body = (more: { keyName: string; [k: string]: unknown }[]) => {
        const b = golden(1700000, more);
        b.propertyInputs = b.propertyInputs.map((p) =>
          p.keyName === 'rateInflation'
            ? { ...p, dataValue: 0 }
            : p.keyName === 'projectDuration'
              ? { ...p, dataValue: 12 }
              : p,
        );
        return b;
      };
      const afterYears = (a: {
        series: { scenario: string; seriesPeriod: string; seriesId: number }[];
        seriesData: { seriesId: number; cost: number }[];
      }) => {
        const id = a.series.find((x) => x.scenario === 'after' && x.seriesPeriod === 'YEAR')!.seriesId;
        return a.seriesData.filter((m) => m.seriesId === id).map((m) => m.cost);
      };
      const [v2024] = (
        await ok({ ...body([{ keyName: 'exportVintage', dataValue: 2024, scenarios: 'after' }]), populateCosts: true })
      ).results;
      const costs = afterYears(v2024);
      assert.equal(costs.length, 12);
      assert.equal(costs[0], v2024.summary.postTotalCost);
      // The same energy every year: before #37's fix every year's after bill was year one's. Now each year differs.
      assert.ok(new Set(costs).size >= 10, JSON.stringify(costs));
      const said = v2024.scenarios[1].assumptions.find((x: { keyName: string }) => x.keyName === 'exportPrices');
      assert.match(said.description, /later year of the term credits exports at that calendar year's hourly/);
      const vintage = v2024.scenarios[1].assumptions.find((x: { keyName: string }) => x.keyName === 'exportVintage');
      assert.equal(vintage.dataValue, '2024');
      assert.match(vintage.description, /2024 vintage through 2032/);
      // July's exports by E-ELEC's TOU periods: together the month's kWh sent and every SELL charge it billed.
      const monthId = v2024.series.find(
        (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'MONTH',
      ).seriesId;
      const july = v2024.seriesData.filter((m: { seriesId: number }) => m.seriesId === monthId)[6];
      const periods = july.exportPeriods as { touName: string; exportedKWh: number; exportCredit: number }[];
      // The test's PV sends 6 kWh in each of Chicago's hours 10-13, 8 a.m. to noon in California: all off-peak.
      assert.deepEqual(
        periods.map((p) => [p.touName, p.exportedKWh]),
        [['Summer Off-Peak', 31 * 4 * 6]],
      );
      const sum = (k: 'exportedKWh' | 'exportCredit') =>
        Math.round(periods.reduce((x, p) => x + p[k], 0) * 1000) / 1000;
      assert.ok(Math.abs(sum('exportedKWh') - july.exportedKWh) < 0.01, JSON.stringify([periods, july.exportedKWh]));
      // E-ELEC's SELL rates are its 'Export Credits' group; the export ledger's own items there have no rate id.
      const sold = (
        v2024.seriesCosts[monthId].items as {
          rateGroupName: string;
          tariffRateId: number | null;
          fromDateTime: string;
          cost: number;
        }[]
      )
        .filter((x) => x.rateGroupName === 'Export Credits' && x.tariffRateId !== null)
        .filter((x) => x.fromDateTime.startsWith('2027-07'))
        .reduce((x, i) => x - i.cost, 0);
      assert.ok(sold > 0 && Math.abs(sum('exportCredit') - sold) < 0.03, JSON.stringify([periods, sold]));
      // Another vintage, other prices from year one on.
      const [v2026] = (await ok(body([{ keyName: 'exportVintage', dataValue: 2026, scenarios: 'after' }]))).results;
      assert.notEqual(afterYears(v2026)[0], costs[0]);
      // A vintage is a whole year.
      await refused(
        body([{ keyName: 'exportVintage', dataValue: 2024.5, scenarios: 'after' }]),
        'propertyInputs[6].dataValue',
      );
    });

    it('degrades the PV year by year and bills each year again', async () => {
      const [a] = (await ok(golden(NB))).results;
      const body = golden(NB);
      body.propertyInputs = body.propertyInputs.map((p) =>
        p.keyName === 'solarDegradation' ? { ...p, dataValue: 10 } : p,
      );
      const [d] = (await ok(body)).results;
      // Year two makes 90 % of year one's output: 2.7 and 6.3 kWh in the sunny hours, which still send 1.7 and 5.3 kWh
      // each: 4 x (273 x 1.7 + 92 x 5.3) = 3,806.8 kWh x 0.05 = 190.34; drawn still 7,300 kWh.
      // After: 1,460.00 + 120.00 - 190.34 = 1,389.66, x 1.03 = 1,431.3498: 1,431.35.
      const years = d.seriesData.filter(
        (m: { seriesId: number }) =>
          m.seriesId ===
          d.series.find(
            (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'YEAR',
          ).seriesId,
      );
      assert.equal(years[0].cost, a.summary.postTotalCost);
      assert.equal(years[1].cost, 1431.35);
      assert.equal(d.summary.totalSolarKWh, 5852);
      assert.equal(d.summary.lifetimeSolarKWh, Math.round(5852 * (1 + 0.9 + 0.81) * 1000) / 1000);
    });

    it('answers the typical path: a ZIP code, its default tariff, a typical home and PVWatts at its station', async () => {
      const body = {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        populateCosts: true,
        propertyInputs: [
          { keyName: 'systemSize', dataValue: 4, scenarios: 'solar' },
          { keyName: 'tilt', dataValue: 25 },
        ],
      };
      const [a] = (await ok(body)).results;
      assert.equal(a.weatherStation.stationId, 'TMY3-724940');
      assert.equal(a.weatherStation.climateZone, '3C');
      assert.equal(a.weatherStation.sameClimateZone, true);
      assert.match(a.weatherStation.source, /San\.Francisco/);
      assert.equal(a.scenarios[0].masterTariffId, 522);
      // After solar, the tariff a new PG&E solar customer takes (#37): E-ELEC under net billing, said with the rule;
      // its export arrangement is its own, so net metering is not assumed.
      assert.equal(a.scenarios[1].masterTariffId, 1700000);
      const chosen = a.scenarios[1].assumptions.find((x: { keyName: string }) => x.keyName === 'masterTariffId');
      assert.match(chosen.description, /a new solar customer of Pacific Gas & Electric Co takes/);
      assert.ok(
        !a.scenarios[1].assumptions.some(
          (x: { keyName: string; dataValue: string }) =>
            x.keyName === 'exportArrangement' && x.dataValue === 'NET_METERING',
        ),
      );
      // E-1 before solar: its 2026-03-01 version is open (the latest version of an open schedule stays in effect), so
      // 2027 is billed on it and no version date is assumed.
      assert.ok(
        !a.scenarios[0].assumptions.some((x: { keyName: string }) => x.keyName === 'tariffEffectiveOn'),
        'E-1 of 2026-03-01 is in effect in 2027',
      );
      // San Francisco, 4 kW at tilt 25: PVWatts-grade yield 1,400-1,600 kWh per kW.
      assert.ok(a.summary.totalSolarKWh > 5600 && a.summary.totalSolarKWh < 6400, String(a.summary.totalSolarKWh));
      assert.ok(a.summary.preTotalCost > a.summary.postTotalCost);
      // The series hold together: the YEAR series sum to ALL, the MONTH series of year one to its YEAR measure.
      for (const scenario of ['before', 'after', 'solar', 'savings']) {
        const of = (period: string) =>
          a.series.find(
            (x: { scenario: string; seriesPeriod: string }) => x.scenario === scenario && x.seriesPeriod === period,
          );
        const measures = (period: string) =>
          a.seriesData.filter((m: { seriesId: number }) => m.seriesId === of(period).seriesId);
        assert.equal(measures('MONTH').length, 12);
        assert.equal(measures('YEAR').length, 20);
        assert.ok(
          Math.abs(measures('YEAR').reduce((s: number, m: { cost: number }) => s + m.cost, 0) - of('ALL').cost) < 0.01,
        );
        assert.ok(
          Math.abs(
            measures('MONTH').reduce((s: number, m: { cost: number }) => s + m.cost, 0) - measures('YEAR')[0].cost,
          ) < 0.07,
          scenario,
        );
      }
      // July's exports on E-ELEC by TOU period: a south-facing array sends from mid-morning into the 3-4 p.m.
      // part-peak, so more than one period; together they are the month's kWh sent.
      const monthId = a.series.find(
        (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'MONTH',
      ).seriesId;
      const july = a.seriesData.filter((m: { seriesId: number }) => m.seriesId === monthId)[6];
      const periods = july.exportPeriods as { touName: string; exportedKWh: number; exportCredit: number }[];
      assert.ok(periods.length >= 2, JSON.stringify(periods));
      assert.ok(
        periods.every((p) => /^Summer/.test(p.touName) && p.exportCredit > 0),
        JSON.stringify(periods),
      );
      const sent = periods.reduce((x, p) => x + p.exportedKWh, 0);
      assert.ok(Math.abs(sent - july.exportedKWh) < 0.01, JSON.stringify([periods, july.exportedKWh]));
      assert.equal(Object.keys(a.seriesCosts).length, 2);
      const seriesCost = Object.values(a.seriesCosts as Record<string, { totalCost: number }>);
      assert.equal(seriesCost[0]!.totalCost, a.summary.preTotalCost);
      assert.equal(seriesCost[1]!.totalCost, a.summary.postTotalCost);
    });

    it('runs up to 20 designs on one usage, and refuses a 21st', async () => {
      const sizes = [2, 4, 6];
      const body = {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        propertyInputs: [{ keyName: 'loadSize', dataValue: 7000 }],
        designs: sizes.map((kw) => ({
          designId: `${kw} kW`,
          propertyInputs: [{ keyName: 'systemSize', dataValue: kw }],
        })),
      };
      const r = await ok(body);
      assert.equal(r.count, 3);
      assert.deepEqual(
        r.results.map((a: { designId: string }) => a.designId),
        ['2 kW', '4 kW', '6 kW'],
      );
      const pre = r.results.map((a: { summary: { preTotalCost: number } }) => a.summary.preTotalCost);
      assert.ok(pre.every((p: number) => p === pre[0]));
      assert.ok(Math.abs(r.results[0].summary.preTotalKWh - 7000) < 0.01, String(r.results[0].summary.preTotalKWh));
      const solar = r.results.map((a: { summary: { totalSolarKWh: number } }) => a.summary.totalSolarKWh);
      assert.ok(Math.abs(solar[1] - 2 * solar[0]) < 0.01 && Math.abs(solar[2] - 3 * solar[0]) < 0.01, solar.join());
      const post = r.results.map((a: { summary: { postTotalCost: number } }) => a.summary.postTotalCost);
      assert.ok(post[0] > post[1] && post[1] > post[2], post.join());
      await refused(
        {
          ...body,
          designs: Array.from({ length: 21 }, () => ({ propertyInputs: [{ keyName: 'systemSize', dataValue: 1 }] })),
        },
        'designs',
      );
      await refused(
        { ...body, designs: [{ propertyInputs: [{ keyName: 'loadSize', dataValue: 5 }] }] },
        'designs[0].propertyInputs[0].keyName',
      );
    });

    it('gives each design among several the answer it has alone (designs share the after bill and its grid)', async () => {
      // A TOU tariff after solar, degradation and populateCosts: the year-one items and every year's total are billed
      // on the after bill and grid the first design prepared; a design on another tariff after solar has its own.
      const base = {
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        populateCosts: true,
        propertyInputs: [
          { keyName: 'loadSize', dataValue: 7000 },
          { keyName: 'masterTariffId', dataValue: 1100102, scenarios: 'after' },
          { keyName: 'solarDegradation', dataValue: 0.7 },
          { keyName: 'rateInflation', dataValue: 3 },
        ],
      };
      const design = (kw: number, after?: number) => ({
        designId: `${kw} kW${after ? ` on ${after}` : ''}`,
        propertyInputs: [
          { keyName: 'systemSize', dataValue: kw },
          ...(after ? [{ keyName: 'masterTariffId', dataValue: after, scenarios: 'after' }] : []),
        ],
      });
      const designs = [design(3), design(7), design(5, 522), design(11)];
      const together = (await ok({ ...base, designs })).results;
      for (const [k, d] of designs.entries()) {
        const [alone] = (await ok({ ...base, designs: [d] })).results;
        // calculatedCostId is new for every bill.
        const strip = (a: object) =>
          JSON.parse(JSON.stringify(a).replace(/"calculatedCostId":"[^"]*"/g, '"calculatedCostId":""'));
        assert.deepEqual(strip(together[k]), strip(alone), d.designId);
      }
      assert.equal(together[2].scenarios[1].masterTariffId, 522);
      assert.equal(together[3].scenarios[1].masterTariffId, 1100102);
    });

    it('sizes a system to a share of the usage', async () => {
      const [a] = (
        await ok({
          address: { zip: '85004' },
          fromDateTime: '2027-01-01',
          propertyInputs: [
            { keyName: 'loadSize', dataValue: 10000 },
            { keyName: 'solarPvLoadOffset', dataValue: 80 },
          ],
        })
      ).results;
      assert.ok(Math.abs(a.summary.totalSolarKWh - 8000) < 0.01, String(a.summary.totalSolarKWh));
      assert.equal(a.weatherStation.climateZone, '2B');
    });

    it('refuses bad inputs with a 400 naming the input', async () => {
      const base = { address: { zip: '94110' }, propertyInputs: [{ keyName: 'systemSize', dataValue: 4 }] };
      const plus = (p: object) => ({ ...base, propertyInputs: [...base.propertyInputs, p] });
      assert.match(
        (await refused(plus({ keyName: 'tilt', dataValue: 120 }), 'propertyInputs[1].dataValue')).message,
        /tilt/,
      );
      await refused(
        { ...base, propertyInputs: [{ keyName: 'systemSize', dataValue: -4 }] },
        'propertyInputs[0].dataValue',
      );
      await refused({ ...base, address: { lat: 51.5, lon: -0.12 } }, 'address.lat');
      await refused({ ...base, address: { zip: '94110', country: 'GB' } }, 'country');
      await refused({ propertyInputs: base.propertyInputs }, 'address');
      await refused({ address: base.address }, 'propertyInputs');
      await refused(
        plus({ keyName: 'rateInflation', dataValue: 3, scenarios: 'before,later' }),
        'propertyInputs[1].scenarios',
      );
      await refused(plus({ keyName: 'projectDuration', dataValue: 41 }), 'propertyInputs[1].dataValue');
      await refused(plus({ keyName: 'arrayType', dataValue: 'AZIMUTH_AXIS' }), 'propertyInputs[1].dataValue');
      await refused(plus({ keyName: 'soiling', dataValue: '1,2' }), 'propertyInputs[1].dataValue');
      assert.equal((await analyse(plus({ keyName: 'soiling', dataValue: '3' }))).status, 200);
      await refused(plus({ keyName: 'bifaciality', dataValue: 1.5 }), 'propertyInputs[1].dataValue');
      const bifacial = await analyse(plus({ keyName: 'bifaciality', dataValue: 0.7 }));
      assert.equal(bifacial.status, 200);
      assert.ok(JSON.stringify(bifacial.body).includes('bifaciality 0.7'), 'the assumption names the bifaciality');
      const unknown = await analyse(plus({ keyName: 'masterTariffId', dataValue: 99999999 }));
      assert.deepEqual([unknown.status, unknown.body.results[0].propertyName], [404, 'propertyInputs[1].dataValue']);
      await refused(plus({ keyName: 'consumtion', dataValue: 5 }), 'propertyInputs[1].keyName');
      const noAccount = await analyse({ ...base, accountId: 'a-1' });
      assert.deepEqual([noAccount.status, noAccount.body.results[0].propertyName], [404, 'accountId']);
      await refused(plus({ keyName: 'providerProfileId', dataValue: 'meter-1' }), 'propertyInputs[1].keyName');
      await refused(
        { ...base, rateInputs: [{ scenarios: 'solar', chargeType: 'DEMAND_BASED', rateBands: [{ rateAmount: 1 }] }] },
        'rateInputs[0].chargeType',
      );
      await refused({ ...base, fromDateTime: '2027-13-01' }, 'fromDateTime');
      // Interval data must cover year one.
      const short = golden(NM);
      await refused(
        {
          ...short,
          propertyInputs: short.propertyInputs.map((p) =>
            p.keyName === 'consumption' ? { ...p, dataSeries: load.slice(0, 8000) } : p,
          ),
        },
        'propertyInputs[1].dataSeries',
      );
    });

    it('needs the signal tier', async () => {
      const free = await t.credentials([]);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts/analysis',
        headers: { authorization: t.authHeader(free), 'content-type': 'application/json' },
        payload: '{}',
      });
      assert.equal(res.statusCode, 403);
    });
  });
}
