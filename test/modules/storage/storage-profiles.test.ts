// POST /rest/v1/profiles/storage after the original: an account's consumption and solar profiles and a battery
// become its -usage, -solar and -storage profiles; what they hold adds up to the meter series the bill engine billed,
// a second run of the same family replaces them, other organizations see nothing, and bad input is a 400 naming it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const HOURS = 7 * 24;
const start = Date.parse('2026-07-06T00:00:00-07:00');
const stamp = (h: number) => new Date(start + h * 3_600_000).toISOString();
const load = Array.from({ length: HOURS }, (_, t) => (t % 24 >= 16 && t % 24 < 21 ? 1.8 : 0.6));
const pv = Array.from({ length: HOURS }, (_, t) => Math.max(0, 4 * Math.sin((((t % 24) - 6) / 14) * Math.PI)));
const readingData = (values: number[]) =>
  values.map((v, h) => ({ fromDateTime: stamp(h), toDateTime: stamp(h + 1), quantityUnit: 'kWh', quantityValue: v }));

for (const dialect of dialects) {
  describe(`storage profiles on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let other: NewCredentials;
    const call = async (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown, who = c) => {
      const res = await t.inject({
        method,
        url,
        headers: { authorization: t.authHeader(who), 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const request = {
      providerAccountId: 'home-1',
      providerProfileId: 'home-1-battery',
      fromDateTime: '2026-07-06T00:00:00-07:00',
      toDateTime: '2026-07-13T00:00:00-07:00',
      consumption: { providerProfileId: 'home-1-usage' },
      solar: { providerProfileId: 'home-1-pv', dataFactor: 1.25 },
      storage: {
        mainTariffId: 1100102,
        dispatchStrategy: { optimize: true },
        batteryNameplatePower: '5',
        batteryNameplateCapacity: '13.5',
        batteryInitialSoc: '0.0',
        tariffPropertyInputs: [{ keyName: 'territoryId', dataValue: '3538' }],
      },
    };
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials(['signal'], 'Storage Co');
      other = await t.credentials(['signal'], 'Other Co');
      for (const [path, body] of [
        [
          '/rest/v1/accounts',
          {
            providerAccountId: 'home-1',
            accountName: 'Home',
            address: { addressString: '1 Valencia St, San Francisco CA 94110' },
          },
        ],
        [
          '/rest/v1/profiles',
          { providerAccountId: 'home-1', providerProfileId: 'home-1-usage', readingData: readingData(load) },
        ],
        [
          '/rest/v1/profiles',
          {
            providerAccountId: 'home-1',
            providerProfileId: 'home-1-pv',
            serviceTypes: 'SOLAR_PV',
            readingData: readingData(pv),
          },
        ],
      ] as const) {
        const r = await call('PUT', path, body);
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
    });
    after(() => t.close());

    it('makes the three post-storage profiles, which add up to the billed meter series', async () => {
      const r = await call('POST', '/rest/v1/profiles/storage', request);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.type, 'StorageProfile');
      const made = r.body.results[0];
      assert.deepEqual(
        made.profiles.map((p: { providerProfileId: string; serviceTypes: string }) => [
          p.providerProfileId,
          p.serviceTypes,
        ]),
        [
          ['home-1-battery-usage', 'ELECTRICITY'],
          ['home-1-battery-solar', 'SOLAR_PV'],
          ['home-1-battery-storage', 'ELECTRICITY'],
        ],
      );
      assert.equal(made.storage.dispatchStrategy, 'BILL_OPTIMAL');
      assert.ok(made.storage.savings > 0, JSON.stringify(made.storage));
      const readings = async (id: string) => {
        const p = await call('GET', `/rest/v1/profiles/pid/${id}?populateReadings=true`);
        assert.equal(p.status, 200);
        return p.body.results[0].readingData.map((x: { quantityValue: number }) => x.quantityValue) as number[];
      };
      const usage = await readings('home-1-battery-usage');
      const solar = await readings('home-1-battery-solar');
      const storage = await readings('home-1-battery-storage');
      assert.equal(usage.length, HOURS);
      // usage - solar + storage is the meter: billed as usage it gives the storage profile's bill to the cent.
      const net = usage.map((u, h) => u - solar[h]! + storage[h]!);
      const billed = await call('POST', '/rest/v1/ondemand/calculate', {
        masterTariffId: 1100102,
        fromDateTime: request.fromDateTime,
        toDateTime: request.toDateTime,
        address: { zip: '94110' },
        propertyInputs: [
          { keyName: 'territoryId', dataValue: 3538 },
          { keyName: 'consumption', dataSeries: net, duration: 3_600_000 },
        ],
      });
      assert.equal(billed.status, 200, JSON.stringify(billed.body));
      assert.ok(
        Math.abs(billed.body.results[0].totalCost - made.totalCost) <= 0.01,
        `${billed.body.results[0].totalCost} vs ${made.totalCost}`,
      );
      // A second run of the family replaces its profiles' readings (a smaller battery moves less).
      const again = await call('POST', '/rest/v1/profiles/storage', {
        ...request,
        storage: { ...request.storage, batteryNameplateCapacity: '5' },
      });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal((await readings('home-1-battery-usage')).length, HOURS);
      assert.ok(again.body.results[0].storage.dischargeKwh < made.storage.dischargeKwh);
    });

    it('is private to the organization, and names what is wrong', async () => {
      assert.equal((await call('POST', '/rest/v1/profiles/storage', request, other)).status, 404);
      const bad = async (body: unknown, propertyName: string) => {
        const r = await call('POST', '/rest/v1/profiles/storage', body);
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.results[0].propertyName, propertyName, JSON.stringify(r.body));
      };
      await bad({ ...request, providerAccountId: undefined }, 'accountId');
      await bad({ ...request, storage: { ...request.storage, mainTariffId: 'E-1' } }, 'storage.mainTariffId');
      await bad(
        { ...request, storage: { ...request.storage, batteryNameplateCapacity: '-3' } },
        'storage.batteryNameplateCapacity',
      );
      await bad({ ...request, solar: { providerProfileId: 'home-1-pv', dataFactor: -1 } }, 'solar.dataFactor');
      await bad({ ...request, toDateTime: '2026-07-01' }, 'toDateTime');
      await bad(
        { ...request, storage: { ...request.storage, dispatchStrategy: 'SOMETIMES' } },
        'storage.dispatchStrategy',
      );
    });
  });
}
