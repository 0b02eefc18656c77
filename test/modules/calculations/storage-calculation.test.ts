// A battery in the on-demand calculation (Ratebook extension): the answer's bill is the bill of its own meter series
// (sent back as usage it bills the same to the cent), its "without battery" figure is the plain calculation of the
// usage with the PV netted in, the mass calculation shares a battery, and every bad battery field is a 400 naming it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { calculateClient } from '../../helpers/calculate-client.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E_TOU_C = 1100102;
const HOURS = 7 * 24;
/** A week of July hours: 0.5 kWh at night, 1.8 kWh from 4 to 9 pm, 0.8 otherwise. */
const load = Array.from({ length: HOURS }, (_, t) => {
  const h = t % 24;
  return h >= 16 && h < 21 ? 1.8 : h < 7 ? 0.5 : 0.8;
});
/** 5 kW of PV on clear July days: an arch from 6 am to 8 pm. */
const pv = Array.from({ length: HOURS }, (_, t) => Math.max(0, 5 * Math.sin((((t % 24) - 6) / 14) * Math.PI)));
const base = {
  masterTariffId: E_TOU_C,
  fromDateTime: '2026-07-06',
  toDateTime: '2026-07-13',
  propertyInputs: [
    { keyName: 'territoryId', dataValue: 3538 },
    { keyName: 'consumption', dataSeries: load, duration: 3_600_000 },
  ],
};
const battery = {
  batteryNameplateCapacity: 13.5,
  batteryNameplatePower: 5,
  batteryMinSoc: 0.05,
  dispatchStrategy: 'BILL_OPTIMAL',
  solar: { dataSeries: pv, duration: 3_600_000 },
};

for (const dialect of dialects) {
  describe(`calculation with a battery on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const { ok, refused, post } = calculateClient(
      () => t,
      () => c,
    );
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials(['signal', 'enterprise']);
    });
    after(() => t.close());

    it('bills its meter series with the bill engine, and says what the battery saved', async () => {
      const r = await ok({ ...base, storage: battery });
      const s = r.storage;
      assert.equal(s.dispatchStrategy, 'BILL_OPTIMAL');
      assert.equal(s.intervals.net.length, HOURS);
      assert.equal(s.intervals.duration, 3_600_000);
      assert.equal(s.intervals.fromDateTime, '2026-07-06T00:00:00-07:00');
      assert.equal(s.optimiser.billingPeriods, 1);
      // The same meter series sent as usage: the same bill to the cent.
      const again = await ok({
        ...base,
        propertyInputs: [
          base.propertyInputs[0],
          { keyName: 'consumption', dataSeries: s.intervals.net, duration: 3_600_000 },
        ],
      });
      assert.equal(r.totalCost, again.totalCost);
      // Without the battery: the usage with the PV netted in, as any calculation bills it.
      const plain = await ok({
        ...base,
        propertyInputs: [
          ...base.propertyInputs,
          { keyName: 'consumption', dataSeries: pv, duration: 3_600_000, operator: '-' },
        ],
      });
      assert.equal(s.totalCostWithoutBattery, plain.totalCost);
      assert.equal(s.savings, Math.round((plain.totalCost - r.totalCost) * 100) / 100);
      assert.ok(s.savings > 5, `a week of evening peaks covered saves dollars: ${s.savings}`);
      assert.ok(s.dischargeKwh > 40 && s.gridToBatteryKwh === 0 && s.batteryToGridKwh === 0, JSON.stringify(s));
      assert.ok(r.assumptions.some((a: { keyName: string }) => a.keyName === 'storage'));
      // E-TOU-C's baseline credit is a rising tier: the program states it exactly.
      assert.deepEqual(s.optimiser.approximations, []);
      // Self-consumption bills no less than the optimum, the optimum no more than no battery.
      const simple = await ok({ ...base, storage: { ...battery, dispatchStrategy: { chargeOnSurplus: true } } });
      assert.equal(simple.storage.dispatchStrategy, 'SELF_CONSUMPTION');
      assert.equal(simple.storage.optimiser, null);
      assert.ok(
        r.totalCost <= simple.totalCost && simple.totalCost <= plain.totalCost,
        `${r.totalCost} ${simple.totalCost} ${plain.totalCost}`,
      );
    });

    it("takes the original's storage fields as strings, a fixed schedule, and leaves the intervals out when asked", async () => {
      const r = await ok({
        ...base,
        storage: {
          batteryNameplateCapacity: '10',
          batteryNameplatePower: '5',
          batteryInitialSoc: '0.0',
          batteryDcCoupled: 'false',
          allowGridToBattery: 'true',
          populateDispatch: false,
          dispatchStrategy: {
            fixedSchedule: {
              chargeTous: [{ touPeriods: [{ fromHour: 10, toHour: 15 }] }],
              dischargeTous: [{ touPeriods: [{ fromHour: 16, toHour: 21 }] }],
            },
          },
          solar: { dataSeries: pv, duration: 3_600_000 },
        },
      });
      assert.equal(r.storage.dispatchStrategy, 'FIXED_SCHEDULE');
      assert.equal(r.storage.intervals, undefined);
      // It discharges only what the 4-9 pm load lacks after the PV (no battery export): 2.5 kWh a day.
      assert.ok(r.storage.dischargeKwh > 15 && r.storage.batteryToGridKwh === 0, JSON.stringify(r.storage));
    });

    it('mass calculation: a shared battery on two tariffs', async () => {
      const res = await post('/rest/v1/ondemand/calculate/mass', {
        fromDateTime: base.fromDateTime,
        toDateTime: base.toDateTime,
        sharedScenario: { propertyInputs: base.propertyInputs, storage: { ...battery, populateDispatch: false } },
        scenarios: [
          { scenarioName: 'tou', masterTariffId: E_TOU_C },
          { scenarioName: 'tiered', masterTariffId: 522 },
        ],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const s = res.body.results[0].scenarios;
      assert.ok(s.tou.storage.savings > 0 && s.tiered.storage.savings > 0);
    });

    it('every bad battery field is a 400 naming it', async () => {
      const bad = (storage: Record<string, unknown>) => ({ ...base, storage: { ...battery, ...storage } });
      await refused(bad({ batteryNameplateCapacity: undefined }), 'storage.batteryNameplateCapacity');
      await refused(bad({ batteryNameplateCapacity: 'lots' }), 'storage.batteryNameplateCapacity');
      await refused(bad({ batteryNameplateCapacity: -1 }), 'storage.batteryNameplateCapacity');
      await refused(bad({ batteryNameplatePower: 0 }), 'storage.batteryNameplatePower');
      await refused(bad({ batteryMinSoc: 1.5 }), 'storage.batteryMinSoc');
      await refused(bad({ batteryMaxSoc: 0.1, batteryReserve: 0.2 }), 'storage.batteryMaxSoc');
      await refused(
        bad({ batteryRoundTripEfficiency: 0.9, batteryInputEfficiency: 0.95 }),
        'storage.batteryRoundTripEfficiency',
      );
      await refused(bad({ allowGridToBattery: 'sometimes' }), 'storage.allowGridToBattery');
      await refused(bad({ dispatchStrategy: 'CHEAPEST' }), 'storage.dispatchStrategy');
      await refused(bad({ dispatchStrategy: 'FIXED_SCHEDULE' }), 'storage.dispatchStrategy');
      await refused(bad({ dispatchStrategy: { optimize: true, chargeOnSurplus: true } }), 'storage.dispatchStrategy');
      await refused(
        bad({
          dispatchStrategy: {
            fixedSchedule: {
              chargeTous: [{ touPeriods: [{ fromHour: 10, toHour: 17 }] }],
              dischargeTous: [{ touPeriods: [{ fromHour: 16, toHour: 21 }] }],
            },
          },
        }),
        'storage.dispatchStrategy.fixedSchedule.dischargeTous[0].touPeriods[0]',
      );
      await refused(bad({ solar: { dataSeries: pv.concat(pv), duration: 3_600_000 } }), 'storage.solar.dataSeries');
      await refused(bad({ solar: { dataSeries: [1, -2], duration: 3_600_000 } }), 'storage.solar.dataSeries[1]');
      await refused(bad({ solar: { dataSeries: pv, duration: 3_600_000, side: 'DDC' } }), 'storage.solar.side');
      await refused(bad({ batteryYearsInService: 99 }), 'storage.batteryYearsInService');
      // Five-minute PV would make each billing period's program 12 times an hourly one's.
      await refused(
        bad({ solar: { dataSeries: Array(HOURS * 12).fill(0.1), duration: 300_000 } }),
        'storage.dispatchStrategy',
      );
    });
  });
}
