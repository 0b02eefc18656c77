// The savings analysis takes the incentives in effect when the system is bought off its one-time price, worked by
// hand: a home system bought in 2025 gets the federal 25D credit (30 %); one bought in 2026 gets none, and the
// answer's assumptions cite the law that ended it; a leased system gets none (the lessor's credit).
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NM = 9310001;
const ZONE = 'America/Chicago';
const tariff = {
  tariffId: 9310002,
  masterTariffId: NM,
  tariffName: 'Incentives test net metered',
  lseId: 9310003,
  lseName: 'Incentives Test Electric',
  tariffType: 'DEFAULT',
  customerClass: 'RESIDENTIAL',
  effectiveDate: '2020-01-01',
  endDate: null,
  timeZone: ZONE,
  exportArrangement: 'NET_METERING',
  rates: [
    {
      tariffRateId: 9310021,
      rateGroupName: 'Fixed',
      rateName: 'Customer charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: 'MONTHLY',
      rateBands: [{ tariffRateBandId: 9310031, rateAmount: 10 }],
    },
    {
      tariffRateId: 9310022,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      chargeType: 'CONSUMPTION_BASED',
      rateBands: [{ tariffRateBandId: 9310032, rateAmount: 0.2 }],
    },
  ],
};

/** A year of hours from `from` (local midnight; a year spanning both DST changes has 8,760): 1 kWh drawn each hour, 1 kWh made at noon. */
function year(from: string) {
  const start = DateTime.fromISO(from, { zone: ZONE });
  const hours = Array.from({ length: 8760 }, (_, k) => start.plus({ hours: k }));
  return { load: hours.map(() => 1), pv: hours.map((h) => (h.hour === 12 ? 1 : 0)) };
}

for (const dialect of dialects) {
  describe(`savings analysis with incentives on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal']);
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify([tariff])]), 'incentives.json');
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
    });
    after(() => t.close());

    const analyse = async (from: string, rateInputs: object[]) => {
      const { load, pv } = year(from);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts/analysis',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: JSON.stringify({
          fromDateTime: from,
          address: { zip: '60601' },
          propertyInputs: [
            { keyName: 'masterTariffId', dataValue: NM, scenarios: 'before,after' },
            {
              keyName: 'consumption',
              scenarios: 'before,after',
              fromDateTime: from,
              duration: 3_600_000,
              dataSeries: load,
            },
            {
              keyName: 'solarProduction',
              scenarios: 'after,solar',
              fromDateTime: from,
              duration: 3_600_000,
              dataSeries: pv,
            },
            { keyName: 'projectDuration', dataValue: 1 },
          ],
          rateInputs,
          applyUtilityTax: false,
        }),
      });
      assert.equal(res.statusCode, 200, res.body.slice(0, 2000));
      const a = res.json().results[0];
      const solar = a.scenarios.find((s: { name: string }) => s.name === 'solar');
      return {
        summary: a.summary,
        assumptions: solar.assumptions as { keyName: string; dataValue: string; description: string }[],
      };
    };
    const purchase = [
      { scenarios: 'solar', chargeType: 'FIXED_PRICE', chargePeriod: 'ONE_TIME', rateBands: [{ rateAmount: 10_000 }] },
    ];

    it('takes the 25D credit off a system bought in 2025: 30 % of $10,000.00', async () => {
      const { summary, assumptions } = await analyse('2025-06-01', purchase);
      // Before: 8,760 kWh x $0.20 = $1,752.00 + 12 x $10.00 = $1,872.00.
      assert.equal(summary.preTotalCost, 1872);
      // After (net metering): 8,760 - 365 noon kWh made and used at once = 8,395 kWh x $0.20 = $1,679.00 + $120.00 = $1,799.00.
      assert.equal(summary.postTotalCost, 1799);
      // Solar: $10,000.00 less the 25D credit, 30 % = $3,000.00: $7,000.00 in year one (the term is one year).
      assert.equal(summary.totalSolarCost, 7000);
      assert.equal(summary.lifetimeSolarCost, 7000);
      // $1,872.00 - $1,799.00 - $7,000.00 = -$6,927.00.
      assert.equal(summary.netAvoidedCost, -6927);
      const credit = assumptions.find((x) => x.keyName === 'incentive1000001')!;
      assert.equal(credit.dataValue, '3000');
      assert.match(credit.description, /30 % of the price/);
      const net = assumptions.find((x) => x.keyName === 'solarIncentives')!;
      assert.equal(net.dataValue, '7000');
      assert.match(net.description, /\$10,000\.00 is \$7,000\.00 after incentives/);
    });

    it('takes nothing off a system bought in 2026, and says the 2025 budget law ended 25D', async () => {
      const { summary, assumptions } = await analyse('2026-01-01', purchase);
      // The same bills (the tariff has not changed); solar costs the full $10,000.00.
      assert.equal(summary.postTotalCost, 1799);
      assert.equal(summary.totalSolarCost, 10_000);
      // $1,872.00 - $1,799.00 - $10,000.00 = -$9,927.00.
      assert.equal(summary.netAvoidedCost, -9927);
      const credit = assumptions.find((x) => x.keyName === 'incentive1000001')!;
      assert.equal(credit.dataValue, '0');
      assert.match(credit.description, /none for a system bought on 2026-01-01/);
      assert.match(credit.description, /Public Law 119-21/);
      assert.match(credit.description, /section 70506/);
      assert.ok(!assumptions.some((x) => x.keyName === 'solarIncentives'));
    });

    it("takes nothing off a lease in 2025: the credit is the owner's", async () => {
      const lease = [
        { scenarios: 'solar', chargeType: 'FIXED_PRICE', chargePeriod: 'MONTHLY', rateBands: [{ rateAmount: 100 }] },
      ];
      const { summary, assumptions } = await analyse('2025-06-01', lease);
      // 12 x $100.00.
      assert.equal(summary.totalSolarCost, 1200);
      const credit = assumptions.find((x) => x.keyName === 'incentive1000001')!;
      assert.equal(credit.dataValue, '0');
      assert.match(credit.description, /leased/);
    });
  });
}
