// A CALCULATION job reads each account's usage once for all its scenarios, and a chunk's tariffs once for all its
// accounts: each scenario's bill must still be the account's own calculation of it, to the cent. Three accounts in
// chunks of two (so two accounts share a chunk's tariffs): a plain one, one with a solar profile taken off its usage
// (the solar assumption is made once and said in each bill), one whose own tariff changes inside the range (its own
// scenario is two parts, the others one); four scenarios each: its own tariff, E-1, E-TOU-C and E-ELEC.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E1 = 522;
const ETOUC = 1100102;
const EELEC = 1700000;
const ZONE = 'America/Los_Angeles';
const start = DateTime.fromISO('2026-03-01T00:00', { zone: ZONE });
const HOURS = start.plus({ months: 2 }).diff(start, 'hours').hours;
/** Hourly readings from 2026-03-01 for two months (the spring-forward day is 23 hours): `kwh(hour of day)`. */
const hourly = (kwh: (hour: number) => number) =>
  Array.from({ length: HOURS }, (_, k) => {
    const t = start.plus({ hours: k });
    return {
      fromDateTime: t.toISO(),
      toDateTime: t.plus({ hours: 1 }).toISO(),
      quantityUnit: 'kWh',
      quantityValue: kwh(t.hour),
    };
  });
const RANGE = { fromDateTime: '2026-03-01', toDateTime: '2026-05-01' };
const SCENARIOS: { name: string; masterTariffId?: number }[] = [
  { name: 'own' },
  { name: 'e1', masterTariffId: E1 },
  { name: 'touc', masterTariffId: ETOUC },
  { name: 'elec', masterTariffId: EELEC },
];

for (const dialect of dialects) {
  describe(`a job's scenarios over one reading of the usage, on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await t.send(c, method, url, body);
      assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    before(async () => {
      t = await buildTestApp(dialect, { seed: true, env: { JOBS_CHUNK_SIZE: '2' } });
      c = await t.credentials(['signal'], 'Shared Reading Co');
      const homes = [
        { pid: 'plain', tariffs: [{ masterTariffId: E1, effectiveDate: '2026-01-01' }], solar: false },
        { pid: 'solar', tariffs: [{ masterTariffId: ETOUC, effectiveDate: '2026-01-01' }], solar: true },
        {
          pid: 'switched',
          tariffs: [
            { masterTariffId: E1, effectiveDate: '2026-01-01' },
            { masterTariffId: ETOUC, effectiveDate: '2026-04-01' },
          ],
          solar: false,
        },
      ];
      for (const [k, home] of homes.entries()) {
        await send('POST', '/rest/v1/accounts', {
          providerAccountId: home.pid,
          address: { zip: '94110' },
          properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
          tariffs: home.tariffs,
        });
        await send('POST', '/rest/v1/profiles', {
          providerAccountId: home.pid,
          providerProfileId: `${home.pid}-meter`,
          source: { sourceId: 'ReadingEntry' },
          readingData: hourly((h) => (h >= 16 && h < 21 ? 1.2 : 0.5) * (1 + k / 4)),
        });
        if (home.solar)
          await send('POST', '/rest/v1/profiles', {
            providerAccountId: home.pid,
            providerProfileId: `${home.pid}-pv`,
            serviceTypes: 'SOLAR_PV',
            isDefault: true,
            source: { sourceId: 'ReadingEntry' },
            readingData: hourly((h) => (h >= 9 && h < 16 ? 1.5 : 0)),
          });
      }
    });
    after(() => t.close());

    it('bills every scenario of every account as its own calculation does, to the cent', async () => {
      await t.app.ratebook.jobs!.startWorker();
      const job = (
        await send('POST', '/rest/v1/jobs', {
          kind: 'CALCULATION',
          providerAccountIds: ['plain', 'solar', 'switched'],
          calculation: RANGE,
          scenarios: SCENARIOS,
        })
      ).results[0];
      let state = job;
      for (let i = 0; i < 600 && state.state !== 'COMPLETED'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await send('GET', `/rest/v1/jobs/${job.jobId}`)).results[0];
      }
      assert.equal(state.state, 'COMPLETED');
      const results = (await send('GET', `/rest/v1/jobs/${job.jobId}/results`)).results;
      assert.equal(results.length, 3);
      const costs = new Set<number>();
      for (const result of results) {
        assert.equal(result.status, 'SUCCESS', JSON.stringify(result.error));
        for (const [i, scenario] of SCENARIOS.entries()) {
          const body =
            scenario.masterTariffId === undefined ? RANGE : { ...RANGE, masterTariffId: scenario.masterTariffId };
          const one = (await send('POST', `/rest/v1/accounts/pid/${result.providerAccountId}/calculate`, body))
            .results[0];
          const got = result.scenarios[i];
          const what = `${result.providerAccountId} ${scenario.name}`;
          assert.equal(got.totalCost, one.totalCost, what);
          assert.equal(got.kWh, one.summary.kWh, what);
          assert.equal(got.masterTariffId, one.masterTariffId, what);
          costs.add(got.totalCost);
          if (result.providerAccountId === 'solar')
            assert.ok(
              one.assumptions.some((a: { keyName: string }) => a.keyName === 'solarPv'),
              'the solar profile is taken off',
            );
        }
      }
      const [plain, solar, switched] = results;
      // Own tariffs: plain's is E-1, solar's E-TOU-C, so those own scenarios repeat them; every other bill differs (a
      // mix-up of tariffs or usage between scenarios or accounts would repeat figures): 12 bills, 10 figures.
      assert.equal(plain.scenarios[0].totalCost, plain.scenarios[1].totalCost);
      assert.equal(solar.scenarios[0].totalCost, solar.scenarios[2].totalCost);
      assert.equal(costs.size, 10);
      assert.ok(solar.scenarios[1].kWh < plain.scenarios[1].kWh, 'solar is taken off the usage');
      // The switched account's own scenario bills E-1 in March and E-TOU-C in April: neither tariff's alone.
      assert.ok(
        ![switched.scenarios[1].totalCost, switched.scenarios[2].totalCost].includes(switched.scenarios[0].totalCost),
      );
    });
  });
}
