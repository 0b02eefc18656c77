// The legacy price operation (GET /rest/public/prices/{masterTariffId}, type TariffRateSummary) over HTTP: its shape
// field by field against the original's recorded answer, its numbers against the smart price for the same tariff and
// window, changes on the hour when the window starts mid-hour, defaults, bad parameters, credentials, unknown tariffs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';

const E_TOU_C = 1100102;
const GA_TOU = 1200001;

type Change = { name: string; fromDateTime: string; toDateTime: string; rateAmount: number };
type LegacyChange = {
  changeName: string;
  changeDateTime: string;
  rateAmount: number;
  relativePriceIndex: number;
  accuracy: number;
};

/** Each key of an object with the JSON type of its value: what "the same shape" means. */
const shapeOf = (o: Record<string, unknown>) =>
  Object.entries(o).map(([k, v]) => [k, v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v]);

for (const dialect of dialects) {
  describe(`legacy prices on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const smart = async (q: string) => (await t.json(`/rest/v1/prices/smart?${q}`, c)).results[0];
    const legacy = async (masterTariffId: number, q: string) => t.json(`/rest/public/prices/${masterTariffId}?${q}`, c);
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2025-07-10T19:23:45Z') });
      c = await t.credentials([]);
    });
    after(() => t.close());

    it("has the recorded answer's shape: the envelope, the summary and each price change, field by field", async (ctx) => {
      const recorded = readRecorded('legacy-prices.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const want = recorded.response;
      // The recording asks for a week from mid-hour with consumptionAmount; the same request on a PG&E TOU tariff.
      const query = new URL(recorded.request.path, 'http://x').search.slice(1);
      assert.match(query, /consumptionAmount=500/);
      const got = await legacy(E_TOU_C, query.replace(/2011-/g, '2025-'));
      assert.deepEqual(Object.keys(got), Object.keys(want), 'the envelope: status, count, type, results');
      assert.deepEqual([got.status, got.type, got.count], [want.status, want.type, got.results.length]);
      assert.equal(want.type, 'TariffRateSummary');
      // The recording's energy summary (its other one, a MINIMUM charge, is no marginal price of energy).
      const energy = want.results.find((r: { chargeType: string }) => r.chargeType === 'CONSUMPTION_BASED');
      assert.deepEqual(
        got.results.map((r: { chargeType: string }) => r.chargeType),
        ['CONSUMPTION_BASED'],
      );
      const summary = got.results[0];
      assert.deepEqual(shapeOf(summary), shapeOf(energy));
      assert.ok(summary.priceChanges.length > 5, 'a week of TOU changes');
      for (const change of summary.priceChanges) assert.deepEqual(shapeOf(change), shapeOf(energy.priceChanges[0]));
      // Its values as the recording writes them: the request's instants in the tariff's zone to the second, the
      // quantity key, the currency, accuracy 1, indexes to two decimals with 1 for the highest price.
      assert.deepEqual(
        [summary.fromDateTime, summary.toDateTime],
        ['2025-06-24T06:38:22-07:00', '2025-07-01T06:38:22-07:00'],
      );
      assert.deepEqual([summary.quantityKey, summary.currency], [energy.quantityKey, energy.currency]);
      assert.ok(
        summary.priceChanges.every(
          (x: LegacyChange) =>
            x.accuracy === 1 && Math.round(x.relativePriceIndex * 100) === x.relativePriceIndex * 100,
        ),
      );
      assert.equal(Math.max(...summary.priceChanges.map((x: LegacyChange) => x.relativePriceIndex)), 1);
      // Changes fall on the hours where the times of use change, as in the recording, though the window starts mid-hour.
      assert.ok(
        summary.priceChanges.every((x: LegacyChange) => /T\d{2}:00:00-07:00$/.test(x.changeDateTime)),
        JSON.stringify(summary.priceChanges[0]),
      );
      assert.ok(energy.priceChanges.every((x: LegacyChange) => /T\d{2}:00:00-07:00$/.test(x.changeDateTime)));
    });

    it("tells the smart price's numbers: the price at fromDateTime, then each change (Georgia Power TOU-REO, July 1-6, 2016)", async () => {
      const q = 'fromDateTime=2016-07-01&toDateTime=2016-07-06&consumptionAmount=500';
      const s = await smart(`masterTariffId=${GA_TOU}&${q}`);
      const got = (await legacy(GA_TOU, q)).results[0];
      const runs: Change[] = s.priceChanges;
      assert.equal(runs.length, 5, 'on-peak and off-peak across a weekend and a holiday');
      assert.deepEqual(
        [got.name, got.rateAmount, got.fromDateTime, got.toDateTime],
        [runs[0]!.name, runs[0]!.rateAmount, s.fromDateTime, s.toDateTime],
      );
      assert.deepEqual(
        got.priceChanges.map((x: LegacyChange) => [x.changeName, x.changeDateTime, x.rateAmount]),
        runs.slice(1).map((r) => [r.name, r.fromDateTime, r.rateAmount]),
      );
      const highest = Math.max(...runs.map((r) => r.rateAmount));
      assert.deepEqual(
        got.priceChanges.map((x: LegacyChange) => x.relativePriceIndex),
        runs.slice(1).map((r) => Math.round((r.rateAmount / highest) * 100) / 100),
      );
      assert.equal(got.relativePriceIndex, Math.round((runs[0]!.rateAmount / highest) * 100) / 100);
      assert.ok(got.relativePriceIndex < 1, 'off-peak at the start');
      // The tariff version in effect at fromDateTime.
      const tariff = (await t.json(`/rest/public/tariffs/${GA_TOU}?effectiveOn=2016-07-01`, c)).results[0];
      assert.equal(got.tariffId, tariff.tariffId);
      // territoryId, consumptionAmount and demandAmount reach the smart price as they are.
      const banded = 'fromDateTime=2025-07-01&toDateTime=2025-07-02&territoryId=3538';
      for (const extra of ['', '&consumptionAmount=150', '&consumptionAmount=250&demandAmount=3']) {
        const sp = await smart(`masterTariffId=522&${banded}${extra}`);
        assert.equal((await legacy(522, `${banded}${extra}`)).results[0].rateAmount, sp.priceChanges[0].rateAmount);
      }
      assert.notEqual(
        (await legacy(522, `${banded}&consumptionAmount=150`)).results[0].rateAmount,
        (await legacy(522, banded)).results[0].rateAmount,
        'the band depends on consumptionAmount',
      );
    });

    it('asks the smart price from the start of the hour when the window starts mid-hour', async () => {
      const got = (
        await legacy(E_TOU_C, 'fromDateTime=2025-06-24T09:38:22.7-0400&toDateTime=2025-06-26T09:38:22.7-0400')
      ).results[0];
      const s = await smart(
        `masterTariffId=${E_TOU_C}&fromDateTime=2025-06-24T06:00:00-07:00&toDateTime=2025-06-26T06:38:22.7-07:00`,
      );
      assert.deepEqual([got.fromDateTime, got.toDateTime], ['2025-06-24T06:38:22-07:00', '2025-06-26T06:38:22-07:00']);
      assert.deepEqual([got.name, got.rateAmount], [s.priceChanges[0].name, s.priceChanges[0].rateAmount]);
      assert.deepEqual(
        got.priceChanges.map((x: LegacyChange) => [x.changeName, x.changeDateTime, x.rateAmount]),
        s.priceChanges.slice(1).map((r: Change) => [r.name, r.fromDateTime, r.rateAmount]),
      );
      assert.deepEqual(
        got.priceChanges.map((x: LegacyChange) => x.changeDateTime),
        [
          '2025-06-24T16:00:00-07:00',
          '2025-06-24T21:00:00-07:00',
          '2025-06-25T16:00:00-07:00',
          '2025-06-25T21:00:00-07:00',
        ],
      );
      // Without a window: from now (12:23:45 in Los Angeles) for three days.
      const now = (await legacy(E_TOU_C, '')).results[0];
      assert.deepEqual([now.fromDateTime, now.toDateTime], ['2025-07-10T12:23:45-07:00', '2025-07-13T12:23:45-07:00']);
      assert.equal(now.priceChanges[0].changeDateTime, '2025-07-10T16:00:00-07:00');
    });

    it('400 names each bad parameter; credentials are needed (no tier); an unknown tariff is a 404', async () => {
      await t.expectBadParameters(`/rest/public/prices/${E_TOU_C}`, c, [
        ['fromDateTime=yesterday', 'fromDateTime'],
        ['fromDateTime=2025-07-01&toDateTime=soon', 'toDateTime'],
        ['fromDateTime=2025-07-02&toDateTime=2025-07-01', 'toDateTime'],
        ['fromDateTime=2025-07-01T09:30&toDateTime=2025-07-01T09:10', 'toDateTime'],
        ['fromDateTime=2025-07-01&toDateTime=2025-09-01', 'toDateTime'],
        ['fromDateTime=2025-07-01&consumptionAmount=-5', 'consumptionAmount'],
        ['fromDateTime=2025-07-01&demandAmount=lots', 'demandAmount'],
        ['fromDateTime=2025-07-01&territoryId=0', 'territoryId'],
        ['fromDateTime=2010-07-01', 'fromDateTime'],
      ]);
      // A 31-day window starting mid-hour is still answered (from the requested instant, not the hour).
      const month = await t.get(
        `/rest/public/prices/${E_TOU_C}?fromDateTime=2025-07-01T09:30&toDateTime=2025-08-01T09:30`,
        c,
      );
      assert.equal(month.statusCode, 200, month.body);
      const missing = await t.get('/rest/public/prices/999999', c);
      assert.deepEqual([missing.statusCode, missing.json().results[0].propertyName], [404, 'masterTariffId']);
      assert.equal((await t.get('/rest/public/prices/abc', c)).statusCode, 400);
      assert.equal((await t.inject({ method: 'GET', url: `/rest/public/prices/${E_TOU_C}` })).statusCode, 401);
    });
  });
}
