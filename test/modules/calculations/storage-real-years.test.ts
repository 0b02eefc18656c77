// Real years: a Long Beach home's hourly load (OpenEI's typical residential profile) and 6 kW of PV (PVWatts, Golden
// CO, scaled), with a 13.5 kWh / 5 kW battery, on every starter TOU tariff, as the tariff bills exports and under net
// billing with hourly export prices (a SELL rate priced at half the synthetic sampleHourlyPrice lookup, $0.025-0.075
// a kWh, the range of California's avoided-cost export prices outside their evening spikes): BILL_OPTIMAL's own dispatch
// bills no more than SELF_CONSUMPTION's, which bills no more than no battery. SQLite only: the engine is the same on
// both databases and a year of each is seconds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { referencePath } from '../../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const LOAD = referencePath('loads', 'openei-residential', 'USA_CA_Long.Beach-Daugherty.Field.722970_TMY3_BASE.csv');
const PV = referencePath('solar', 'pvlib_pvwatts-hourly_golden-co_4kw-open-rack.csv');
const TOU_TARIFFS: [string, number][] = [
  ['PG&E E-TOU-C', 1100102],
  ['SCE TOU-D-4-9PM', 1100103],
  ['SDG&E TOU-DR1', 1100105],
  ['SMUD R-TOD', 1100106],
  ['Xcel RE-TOU', 1300100],
  ['APS R-TOU-E', 1400400],
  ['Georgia Power TOU-REO', 1200001],
];

describe('a year with a battery on the starter TOU tariffs', {
  skip: !LOAD || !PV ? 'reference folder absent' : false,
}, () => {
  let t: TestApp;
  let c: NewCredentials;
  const { ok } = calculateClient(
    () => t,
    () => c,
  );
  const load = LOAD
    ? readFileSync(LOAD, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(',')[1]))
    : [];
  // PVWatts's AC output in W for 4 kW: x 1.5 / 1000 for 6 kW in kWh.
  const pv = PV
    ? readFileSync(PV, 'utf8')
        .split('\n')
        .slice(18, 18 + 8760)
        .map((line) => (Number(line.split(',')[10]) * 1.5) / 1000)
    : [];
  before(async () => {
    t = await buildTestApp('sqlite', { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
    c = await t.credentials(['signal']);
  });
  after(() => t.close());

  const year = (masterTariffId: number, netBilling: boolean, dispatchStrategy: string) =>
    ok({
      masterTariffId,
      fromDateTime: '2026-01-01',
      toDateTime: '2027-01-01',
      detailLevel: 'TOTAL',
      propertyInputs: [{ keyName: 'consumption', dataSeries: load, duration: 3_600_000 }],
      ...(netBilling
        ? {
            exportArrangement: 'NET_BILLING',
            rateInputs: [
              {
                rateName: 'Hourly export price',
                chargeType: 'CONSUMPTION_BASED',
                transactionType: 'SELL',
                variableRateKey: 'sampleHourlyPrice',
                rateBands: [{ rateAmount: 0, calculationFactor: 0.5 }],
              },
            ],
          }
        : {}),
      storage: {
        batteryNameplateCapacity: 13.5,
        batteryNameplatePower: 5,
        batteryMinSoc: 0.05,
        batteryReserve: 0.2,
        dispatchStrategy,
        populateDispatch: false,
        solar: { dataSeries: pv, duration: 3_600_000 },
      },
    });

  it('load and PV are whole years', () => {
    assert.equal(load.length, 8760);
    assert.equal(pv.length, 8760);
    assert.ok(pv.reduce((a, b) => a + b, 0) > 8000);
  });
  for (const netBilling of [false, true])
    for (const [name, id] of TOU_TARIFFS) {
      it(`${name}${netBilling ? ', net billing with hourly export prices' : ', exports as the tariff bills them'}`, async (ctx) => {
        const optimal = await year(id, netBilling, 'BILL_OPTIMAL');
        const simple = await year(id, netBilling, 'SELF_CONSUMPTION');
        const s = optimal.storage;
        const figures = `optimal ${optimal.totalCost} (${s.strategyUsed}), self-consumption ${simple.totalCost}, none ${s.totalCostWithoutBattery}; approximations ${JSON.stringify(s.optimiser.approximations)}`;
        assert.equal(s.strategyUsed, 'BILL_OPTIMAL', figures);
        assert.equal(s.optimiser.billingPeriods, 12);
        assert.ok(optimal.totalCost <= simple.totalCost, figures);
        assert.ok(simple.totalCost <= s.totalCostWithoutBattery, figures);
        // Where the program states the tariff exactly, its objective is the bill.
        if (s.optimiser.approximations.length === 0)
          assert.ok(Math.abs(s.optimiser.objective - optimal.totalCost) < 0.01, figures);
        ctx.diagnostic(figures);
      });
    }
});
