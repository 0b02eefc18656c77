// A battery in the savings analysis (#38): a golden year worked by hand on a net-billing tariff, the storage-only
// figures against the same analysis without the battery, designs that vary the battery, and bad inputs as 400s.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const NB = 9400011;
const ZONE = 'America/Chicago';
const band = (id: number, rateAmount: number) => [{ tariffRateBandId: id, rateAmount }];
// Net billing: 10.00 a month, 0.20 per kWh drawn, 0.05 per kWh sent.
const tariff = {
  tariffId: 9400012,
  masterTariffId: NB,
  tariffName: 'Storage test net billing',
  lseId: 9400003,
  lseName: 'Storage Test Electric',
  tariffType: 'DEFAULT',
  customerClass: 'RESIDENTIAL',
  effectiveDate: '2020-01-01',
  endDate: null,
  timeZone: ZONE,
  exportArrangement: 'NET_BILLING',
  rates: [
    {
      tariffRateId: 9400041,
      rateGroupName: 'Fixed',
      rateName: 'Customer charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: 'MONTHLY',
      rateBands: band(9400051, 10),
    },
    {
      tariffRateId: 9400042,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      chargeType: 'CONSUMPTION_BASED',
      rateBands: band(9400052, 0.2),
    },
    {
      tariffRateId: 9400043,
      rateGroupName: 'Exports',
      rateName: 'Export credit',
      chargeType: 'CONSUMPTION_BASED',
      transactionType: 'SELL',
      rateBands: band(9400053, 0.05),
    },
  ],
};

// 2027 in Chicago hour by hour: 1 kWh drawn every hour; the panels make 3 kWh in each of the wall-clock hours 10-13,
// 7 kWh in June, July and August.
const hours = Array.from({ length: 8760 }, (_, k) =>
  DateTime.fromISO('2027-01-01T00:00', { zone: ZONE }).plus({ hours: k }),
);
const load = hours.map(() => 1);
const pv = hours.map((t) => (t.hour >= 10 && t.hour < 14 ? ([6, 7, 8].includes(t.month) ? 7 : 3) : 0));

/** A 4 and a 20 kWh battery, and the plan's (10 kWh) losing 10 % of its capacity a year. */
const BATTERY_DESIGNS = [
  { designId: 'small', propertyInputs: [{ keyName: 'storageCapacity', dataValue: 4, scenarios: 'storage' }] },
  { designId: 'big', propertyInputs: [{ keyName: 'storageCapacity', dataValue: 20, scenarios: 'storage' }] },
  { designId: 'fading', propertyInputs: [{ keyName: 'storageDegradation', dataValue: 10, scenarios: 'storage' }] },
];

for (const dialect of dialects) {
  describe(`savings analysis with a battery on ${dialect}`, () => {
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
      return r.body.results;
    };
    const refused = async (body: object, propertyName: string) => {
      const r = await analyse(body);
      assert.equal(r.status, 400, JSON.stringify(r.body).slice(0, 1000));
      assert.equal(r.body.results[0].propertyName, propertyName, JSON.stringify(r.body));
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: 'full', now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal']);
      const s = await importTariffJson(t.db, Readable.from([JSON.stringify([tariff])]), 'storage-savings.json');
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
    });
    after(() => t.close());

    const battery: { keyName: string; dataValue: number; scenarios: string }[] = [
      { keyName: 'storageCapacity', dataValue: 10, scenarios: 'storage' },
      { keyName: 'storagePower', dataValue: 5, scenarios: 'storage' },
      { keyName: 'storageRoundTripEfficiency', dataValue: 100, scenarios: 'storage' },
    ];
    const body = (extra: object[] = []) => ({
      fromDateTime: '2027-01-01',
      address: { zip: '60601' },
      propertyInputs: [
        { keyName: 'masterTariffId', dataValue: NB, scenarios: 'before,after' },
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
      applyUtilityTax: false,
    });

    it('saves what a self-consumption battery keeps from export, worked by hand', async () => {
      const [withBattery] = await ok(body(battery));
      const [pvOnly] = await ok(body());
      const s = withBattery.summary;
      // A 10 kWh, 5 kW battery, no losses, half full at the start, charging from PV only:
      // - Jan-May and Sep-Dec (273 days): the 4 hours of 3 kWh leave 2 kWh each to store (8 kWh); hours 14-21 draw
      //   them back (1 kWh an hour), so 8 kWh a day are drawn from the battery instead of bought at 0.20, and no
      //   longer sent at 0.05: 8 x (0.20 - 0.05) = 1.20 a day.
      // - Jun-Aug (92 days): 6 kWh spare an hour, the battery takes 5 + 5 in hours 10-11 (full); hours 14-23 draw
      //   the 10 kWh: 10 x (0.20 - 0.05) = 1.50 a day.
      // - Jan 1 starts with 5 kWh stored, drawn in hours 0-4: 5 x 0.20 = 1.00 more. Every other night starts empty.
      // Year one: 273 x 1.20 + 92 x 1.50 + 1.00 = 327.60 + 138.00 + 1.00 = 466.60 (the credits never exceed the
      // month's energy charges, so net billing's dollar carry-over does not arise).
      assert.equal(s.storageAvoidedCost, 466.6);
      assert.equal(Math.round((pvOnly.summary.postTotalCost - s.postTotalCost) * 100) / 100, 466.6);
      assert.equal(pvOnly.summary.storageAvoidedCost, undefined, 'no battery, no storage figures');
      // Each of the 3 years the same (no fade), escalated 3 % a year as the bills: 466.60 + 480.60 (480.598)
      // + 495.02 (495.01594) = 1,442.22.
      assert.equal(s.lifetimeStorageAvoidedCost, 1442.22);
      // Energy: drawn from the battery 273 x 8 + 5 + 92 x 10 = 3,109 kWh; stored 273 x 8 + 92 x 10 = 3,104 kWh
      // (3,104 + the 5 it started with); 3,109 / 10 kWh = 310.9 cycles.
      assert.deepEqual([s.storageChargedKWh, s.storageDischargedKWh, s.storageCycles], [3104, 3109, 310.9]);
      const afterMonths = withBattery.series.find(
        (x: { scenario: string; seriesPeriod: string }) => x.scenario === 'after' && x.seriesPeriod === 'MONTH',
      ).seriesId;
      const months = withBattery.seriesData.filter((m: { seriesId: number }) => m.seriesId === afterMonths);
      // January: 31 days x 8 + 5 = 253 kWh out (248 in), 253 / 10 kWh = 25.3 cycles; July 31 x 10 = 310 in and out.
      assert.deepEqual(
        [
          months[0].dischargedKWh,
          months[0].chargedKWh,
          months[0].cycles,
          months[6].dischargedKWh,
          months[6].chargedKWh,
        ],
        [253, 248, 25.3, 310, 310],
      );
      const storage = withBattery.scenarios.find((x: { name: string }) => x.name === 'storage');
      assert.deepEqual(
        storage.inputs.map((i: { keyName: string }) => i.keyName),
        ['storageCapacity', 'storagePower', 'storageRoundTripEfficiency'],
      );
      const said = storage.assumptions.map((a: { keyName: string }) => a.keyName);
      for (const key of ['storageDispatch', 'storageReserve', 'storageDegradation', 'storageGridCharging'])
        assert.ok(said.includes(key), key);
    });

    it("takes the battery under the original's names, its shares as fractions", async () => {
      // The golden battery above as a storage profile names it: 10 kWh, 5 kW, round trip 1.0 (100 %): 466.60.
      const [a] = await ok(
        body([
          { keyName: 'batteryNameplateCapacity', dataValue: 10, scenarios: 'storage' },
          { keyName: 'batteryNameplatePower', dataValue: '5', scenarios: 'storage' },
          { keyName: 'batteryRoundTripEfficiency', dataValue: '1.0', scenarios: 'storage' },
          { keyName: 'batteryReserve', dataValue: 0, scenarios: 'storage' },
        ]),
      );
      assert.equal(a.summary.storageAvoidedCost, 466.6);
      // A reserve of 0.2 is 20 %: 2 of the 10 kWh are never dispatched, so it saves less.
      const [reserved] = await ok(
        body([
          { keyName: 'batteryNameplateCapacity', dataValue: 10, scenarios: 'storage' },
          { keyName: 'batteryNameplatePower', dataValue: 5, scenarios: 'storage' },
          { keyName: 'batteryReserve', dataValue: 0.2, scenarios: 'storage' },
        ]),
      );
      const storage = reserved.scenarios.find((x: { name: string }) => x.name === 'storage');
      const echoed = storage.inputs.find((x: { keyName: string }) => x.keyName === 'storageReserve');
      assert.equal(echoed?.dataValue, '20', JSON.stringify(storage.inputs));
      assert.ok(reserved.summary.storageAvoidedCost < 466.6, String(reserved.summary.storageAvoidedCost));
      // DC coupling by the original's flag is the same 400 as storageCoupling DC.
      await refused(
        body([...battery, { keyName: 'batteryDcCoupled', dataValue: true, scenarios: 'storage' }]),
        'propertyInputs[9].dataValue',
      );
    });

    it('couples the battery on the DC side: it stores what the inverter would clip', async () => {
      // 10 kW DC on a 5 kW AC inverter (DC/AC 2.0) in San Francisco, PVWatts-modelled: summer middays clip. The same
      // battery AC-coupled stores only what passes the inverter; DC-coupled also what it would clip.
      const place = (coupling: string) => ({
        fromDateTime: '2027-01-01',
        address: { zip: '94110' },
        propertyInputs: [
          { keyName: 'masterTariffId', dataValue: NB, scenarios: 'before,after' },
          {
            keyName: 'consumption',
            scenarios: 'before,after',
            fromDateTime: '2027-01-01',
            duration: 3_600_000,
            dataSeries: load,
          },
          { keyName: 'systemSize', dataValue: 10 },
          { keyName: 'dcAcRatio', dataValue: 2 },
          { keyName: 'projectDuration', dataValue: 1 },
          ...battery,
          { keyName: 'storageCoupling', dataValue: coupling, scenarios: 'storage' },
        ],
        applyUtilityTax: false,
      });
      const [ac] = await ok(place('AC'));
      const [dc] = await ok(place('DC'));
      assert.ok(
        dc.summary.storageChargedKWh > ac.summary.storageChargedKWh,
        JSON.stringify([dc.summary.storageChargedKWh, ac.summary.storageChargedKWh]),
      );
      assert.ok(dc.summary.storageAvoidedCost > 0);
      const said = dc.scenarios
        .find((x: { name: string }) => x.name === 'storage')
        .assumptions.find((x: { keyName: string }) => x.keyName === 'storageCoupling');
      assert.equal(said.dataValue, 'DC');
      assert.match(said.description, /what the inverter would clip too/);
    });

    it('lets designs vary the battery; a fading battery saves less over the term', async () => {
      const [small, big, fading] = await ok({
        ...body(battery),
        designs: BATTERY_DESIGNS,
      });
      // 4 kWh: every day stores 4 of its spare kWh and draws them back: 365 x 4 x (0.20 - 0.05) = 219.00, and the
      // first night draws the 2 kWh it starts with: 2 x 0.20 = 0.40; 219.40.
      assert.equal(small.summary.storageAvoidedCost, 219.4);
      // 20 kWh, 5 kW: non-summer days store all 8 spare, as the 10 kWh battery does; summer days 4 hours x 5 = 20, all
      // drawn back in the 20 dark hours: 273 x 1.20 + 92 x 3.00 + 10 x 0.20 (10 kWh at the start) = 327.60 + 276.00
      // + 2.00 = 605.60.
      assert.equal(big.summary.storageAvoidedCost, 605.6);
      assert.equal(fading.summary.storageAvoidedCost, 466.6, 'year one has its whole capacity');
      assert.ok(fading.summary.lifetimeStorageAvoidedCost < 1442.22);
    });

    it('BILL_OPTIMAL on the optimiser threads: the hand figures, and the same answer as on the request thread', async () => {
      // On a flat 0.20 / 0.05 tariff the optimal dispatch saves what self-consumption does (storing spare kWh at 0.05
      // and drawing them back at 0.20 is all a battery can do): the figures worked by hand above.
      const optimal = [...battery, { keyName: 'storageDispatch', dataValue: 'BILL_OPTIMAL', scenarios: 'storage' }];
      const request = {
        ...body(optimal),
        designs: BATTERY_DESIGNS,
      };
      assert.equal(t.config.optimiserThreads > 0, true, 'the test app solves on threads');
      const planned = { ...t.app.ratebook.optimiser!.planned };
      const threaded = await ok(request);
      // Planned on a thread: year one of 'small' and 'big' (their later years are year one's: nothing degrades) and
      // the 3 years of 'fading'.
      assert.equal(t.app.ratebook.optimiser!.planned.onThreads - planned.onThreads, 5);
      assert.equal(t.app.ratebook.optimiser!.planned.here, planned.here);
      const [small, big, fading] = threaded;
      assert.equal(small.summary.storageAvoidedCost, 219.4);
      assert.equal(big.summary.storageAvoidedCost, 605.6);
      assert.equal(fading.summary.storageAvoidedCost, 466.6);
      // The same request on an app whose programs are solved on the request's own thread: every figure equal.
      const here = await buildTestApp(dialect, {
        seed: 'full',
        now: () => new Date('2026-11-25T12:00:00Z'),
        env: { OPTIMISER_THREADS: '0' },
      });
      try {
        const s = await importTariffJson(here.db, Readable.from([JSON.stringify([tariff])]), 'storage-savings.json');
        assert.equal(s.created, 1);
        const res = await here.inject({
          method: 'POST',
          url: '/rest/v1/accounts/analysis',
          headers: {
            authorization: here.authHeader(await here.credentials(['signal'])),
            'content-type': 'application/json',
          },
          payload: JSON.stringify(request),
        });
        assert.equal(res.statusCode, 200);
        const onThread = res.json().results;
        assert.deepEqual(here.app.ratebook.optimiser!.planned, { onThreads: 0, here: 5 });
        for (const [k, design] of threaded.entries()) {
          assert.deepEqual(design.summary, onThread[k].summary, design.designId);
          assert.deepEqual(design.series, onThread[k].series, design.designId);
        }
      } finally {
        await here.close();
      }
    });

    it('dispatches a battery on a fixed schedule, worked by hand', async () => {
      // Charge 10:00-14:00 (from PV only: no grid charging), discharge 18:00-22:00, idle otherwise, every day.
      const schedule = JSON.stringify({
        chargeTous: [{ touPeriods: [{ fromHour: 10, toHour: 14 }] }],
        dischargeTous: [{ touPeriods: [{ fromHour: 18, toHour: 22 }] }],
      });
      const fixed = [
        ...battery,
        { keyName: 'storageDispatch', dataValue: 'FIXED_SCHEDULE', scenarios: 'storage' },
        { keyName: 'storageSchedule', dataValue: schedule, scenarios: 'storage' },
      ];
      const [withBattery] = await ok(body(fixed));
      const [pvOnly] = await ok(body());
      // The 10 kWh battery starts half full (5 kWh) and idles through the night. Jan 1: PV leaves 2 kWh spare in each
      // of hours 10-13 (6 in summer); it takes 2 + 2 + 1 = 5 kWh to be full. Hours 18-21 it covers the 1 kWh load
      // (it may not export): 4 kWh out, 6 left. Every later day it takes 4 kWh back (to full) and gives 4 out.
      // Stored from PV: 5 + 364 x 4 = 1,461 kWh, no longer sent at 0.05: 73.05 less credit.
      // Given to the load: 365 x 4 = 1,460 kWh, no longer bought at 0.20: 292.00 less cost.
      // Year one: 292.00 - 73.05 = 218.95 (6 kWh are left in the battery at the year's end).
      assert.equal(withBattery.summary.storageAvoidedCost, 218.95);
      assert.equal(Math.round((pvOnly.summary.postTotalCost - withBattery.summary.postTotalCost) * 100) / 100, 218.95);
      const said = withBattery.scenarios
        .flatMap((x: { assumptions: { keyName: string; description: string }[] }) => x.assumptions)
        .find((a: { keyName: string }) => a.keyName === 'storageDispatch');
      assert.match(said.description, /charge windows of storageSchedule/);
    });

    it('400 names each bad battery input', async () => {
      const at = 6;
      await refused(
        body([{ keyName: 'storageCapacity', dataValue: 10, scenarios: 'storage' }]),
        `propertyInputs[${at}].keyName`,
      );
      await refused(body([{ ...battery[0]!, scenarios: 'after' }, battery[1]!]), `propertyInputs[${at}].scenarios`);
      await refused(
        body([...battery, { keyName: 'storageRoundTripEfficiency', dataValue: 120, scenarios: 'storage' }]),
        `propertyInputs[${at + 3}].keyName`,
      );
      await refused(
        body([
          battery[0]!,
          battery[1]!,
          { keyName: 'storageRoundTripEfficiency', dataValue: 120, scenarios: 'storage' },
        ]),
        `propertyInputs[${at + 2}].dataValue`,
      );
      await refused(
        body([...battery, { keyName: 'storageCoupling', dataValue: 'DC', scenarios: 'storage' }]),
        `propertyInputs[${at + 3}].dataValue`,
      );
      await refused(
        body([...battery, { keyName: 'storageDispatch', dataValue: 'WHENEVER', scenarios: 'storage' }]),
        `propertyInputs[${at + 3}].dataValue`,
      );
      // FIXED_SCHEDULE without its windows; windows without FIXED_SCHEDULE; windows that are no JSON, or no schedule.
      const dispatch = { keyName: 'storageDispatch', dataValue: 'FIXED_SCHEDULE', scenarios: 'storage' };
      const windows = (dataValue: string) => ({ keyName: 'storageSchedule', dataValue, scenarios: 'storage' });
      await refused(body([...battery, dispatch]), `propertyInputs[${at + 3}].dataValue`);
      await refused(
        body([...battery, windows('{"chargeTous":[],"dischargeTous":[]}')]),
        `propertyInputs[${at + 3}].keyName`,
      );
      await refused(body([...battery, dispatch, windows('{chargeTous')]), `propertyInputs[${at + 4}].dataValue`);
      await refused(
        body([
          ...battery,
          dispatch,
          windows('{"chargeTous":[{"touPeriods":[{"fromHour":25,"toHour":3}]}],"dischargeTous":[]}'),
        ]),
        `propertyInputs[${at + 4}].dataValue.chargeTous[0].touPeriods[0].fromHour`,
      );
      await refused(
        body([
          ...battery,
          dispatch,
          windows(
            '{"chargeTous":[{"touPeriods":[{"fromHour":10,"toHour":14}]}],"dischargeTous":[{"touPeriods":[{"fromHour":12,"toHour":20}]}]}',
          ),
        ]),
        `propertyInputs[${at + 4}].dataValue.dischargeTous[0].touPeriods[0]`,
      );
    });
  });
}
