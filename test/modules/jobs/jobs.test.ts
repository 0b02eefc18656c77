// Portfolio jobs over the API on each engine: a calculation over a few accounts and two scenarios, each result equal
// to the account's own calculation to the cent; an account that cannot be billed (no usage profile, unknown) reported
// with its reason while the others succeed; CSV; cancel; the organization's limit; another organization's 404s;
// bad requests named.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const E1 = 522;
const ETOUC = 1100102;
const ZONE = 'America/Los_Angeles';
const start = DateTime.fromISO('2025-04-01T00:00', { zone: ZONE });
/** April 2025 hour by hour: 0.4 kWh at night, 1.1 from 16:00 to 21:00, 0.7 else; times a scale per home. */
const readings = (scale: number) =>
  Array.from({ length: 30 * 24 }, (_, k) => {
    const t = start.plus({ hours: k });
    const kwh = t.hour < 7 ? 0.4 : t.hour >= 16 && t.hour < 21 ? 1.1 : 0.7;
    return {
      fromDateTime: t.toISO(),
      toDateTime: t.plus({ hours: 1 }).toISO(),
      quantityUnit: 'kWh',
      quantityValue: Math.round(kwh * scale * 1000) / 1000,
    };
  });
const CALC = { fromDateTime: '2025-04-01', toDateTime: '2025-05-01' };

for (const dialect of dialects) {
  describe(`portfolio jobs on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let other: NewCredentials;
    let jobId: string;
    const send = async (method: string, url: string, body?: unknown, who = () => c, accept?: string) => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: {
          authorization: t.authHeader(who()),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(accept ? { accept } : {}),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.body, type: res.headers['content-type'], json: () => res.json() };
    };
    const waitFor = async (id: string, state: string) => {
      for (let i = 0; i < 600; i++) {
        const job = (await send('GET', `/rest/v1/jobs/${id}`)).json().results[0];
        if (job.state === state) return job;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail(`job ${id} never reached ${state}`);
    };

    before(async () => {
      t = await buildTestApp(dialect, {
        seed: true,
        now: () => new Date('2025-06-15T12:00:00Z'),
        env: { JOBS_MAX_CONCURRENT_PER_ORG: '2', JOBS_CHUNK_SIZE: '2' },
      });
      c = await t.credentials(['signal'], 'Portfolio Co');
      other = await t.credentials(['signal'], 'Someone Else');
      for (const [pid, scale] of [
        ['home-1', 1],
        ['home-2', 1.7],
        ['home-3', 0],
      ] as const) {
        const acct = await send('POST', '/rest/v1/accounts', {
          providerAccountId: pid,
          address: { zip: '94110' },
          properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
          tariffs: [{ masterTariffId: E1, effectiveDate: '2025-01-01' }],
        });
        assert.equal(acct.status, 200, acct.body);
        if (!scale) continue; // home-3 has no usage profile: its calculation is a 400 naming profileId
        const p = await send('POST', '/rest/v1/profiles', {
          providerAccountId: pid,
          providerProfileId: `${pid}-meter`,
          source: { sourceId: 'ReadingEntry' },
        });
        assert.equal(p.status, 200, p.body);
        const up = await send('POST', `/rest/v1/profiles/${p.json().results[0].profileId}/readings`, {
          readingData: readings(scale),
        });
        assert.equal(up.status, 200, up.body);
      }
    });
    after(() => t.close());

    it('answers 202 at once with the job queued, and its progress', async () => {
      const r = await send('POST', '/rest/v1/jobs', {
        kind: 'CALCULATION',
        name: 'April bills',
        providerAccountIds: ['home-1', 'home-2', 'home-3', 'nobody'],
        calculation: CALC,
        scenarios: [{ name: 'own' }, { name: 'touc', masterTariffId: ETOUC }],
      });
      assert.equal(r.status, 202, r.body);
      const job = r.json().results[0];
      jobId = job.jobId;
      assert.equal(job.state, 'QUEUED');
      assert.equal(job.accountCount, 4);
      assert.equal(job.processedCount, 0);
      assert.deepEqual(job.scenarios, ['own', 'touc']);
      assert.equal(job.csvUrl, `/rest/v1/jobs/${jobId}/results.csv`);
    });

    it("cancels a queued job, and refuses more than the organization's limit of open jobs", async () => {
      const body = { kind: 'CALCULATION', providerAccountIds: ['home-1'], calculation: CALC };
      const second = await send('POST', '/rest/v1/jobs', body);
      assert.equal(second.status, 202, second.body);
      const third = await send('POST', '/rest/v1/jobs', body);
      assert.equal(third.status, 429, third.body);
      assert.match(third.json().results[0].message, /JOBS_MAX_CONCURRENT_PER_ORG/);
      const id = second.json().results[0].jobId;
      const cancelled = await send('DELETE', `/rest/v1/jobs/${id}`);
      assert.equal(cancelled.status, 200, cancelled.body);
      assert.equal(cancelled.json().results[0].state, 'CANCELLED');
      const again = await send('POST', `/rest/v1/jobs/${id}/cancel`);
      assert.equal(again.status, 400);
      assert.equal(again.json().results[0].propertyName, 'jobId');
    });

    it('works the job: every account once, the one that cannot be billed failed with its reason', async () => {
      await t.app.ratebook.jobs!.startWorker();
      const job = await waitFor(jobId, 'COMPLETED');
      assert.deepEqual([job.processedCount, job.succeededCount, job.failedCount, job.progress], [4, 2, 2, 1]);
      const r = await send('GET', `/rest/v1/jobs/${jobId}/results?pageCount=10`);
      assert.equal(r.status, 200, r.body);
      const results = r.json().results;
      assert.deepEqual(
        results.map((x: { position: number; providerAccountId: string; status: string }) => [
          x.position,
          x.providerAccountId,
          x.status,
        ]),
        [
          [0, 'home-1', 'SUCCESS'],
          [1, 'home-2', 'SUCCESS'],
          [2, 'home-3', 'FAILED'],
          [3, 'nobody', 'FAILED'],
        ],
      );
      // Each figure is the account's own calculation, to the cent.
      for (const result of results.slice(0, 2)) {
        const pid = result.providerAccountId;
        for (const [i, body] of [CALC, { ...CALC, masterTariffId: ETOUC }].entries()) {
          const one = await send('POST', `/rest/v1/accounts/pid/${pid}/calculate`, body);
          assert.equal(one.status, 200, one.body);
          const cost = one.json().results[0];
          assert.equal(result.scenarios[i].totalCost, cost.totalCost, `${pid} ${result.scenarios[i].name}`);
          assert.equal(result.scenarios[i].kWh, cost.summary.kWh);
          assert.equal(result.scenarios[i].masterTariffId, cost.masterTariffId);
        }
        assert.ok(result.scenarios[0].totalCost > 0);
        assert.notEqual(result.scenarios[0].totalCost, result.scenarios[1].totalCost, 'E-1 and E-TOU-C differ');
      }
      assert.ok(results[1].scenarios[0].totalCost > results[0].scenarios[0].totalCost, 'home-2 uses 1.7 times more');
      assert.equal(results[2].error.propertyName, 'profileId');
      assert.match(results[2].error.message, /^own: The account has no usage profile/);
      assert.equal(results[3].error.code, 'ObjectNotFound');
      const failed = await send('GET', `/rest/v1/jobs/${jobId}/results?status=failed`);
      assert.equal(failed.json().count, 2);
    });

    it('gives the results as CSV: a row per account and scenario', async () => {
      const r = await send('GET', `/rest/v1/jobs/${jobId}/results.csv`);
      assert.equal(r.status, 200, r.body);
      assert.match(String(r.type), /^text\/csv/);
      const lines = r.body.trim().split('\r\n');
      assert.equal(lines.length, 1 + 4 * 2);
      assert.equal(
        lines[0],
        'position,accountId,providerAccountId,accountStatus,scenario,status,masterTariffId,tariffName,totalCost,kWh,errorCode,errorMessage,errorPropertyName,errorPropertyValue',
      );
      const json = (await send('GET', `/rest/v1/jobs/${jobId}/results`)).json().results;
      const first = lines[1]!.split(',');
      assert.deepEqual([first[2], first[4], Number(first[8])], ['home-1', 'own', json[0].scenarios[0].totalCost]);
      assert.match(lines[8]!, /,nobody,FAILED,touc,FAILED,1100102,.*ObjectNotFound/);
      const byAccept = await send('GET', `/rest/v1/jobs/${jobId}/results`, undefined, () => c, 'text/csv');
      assert.equal(byAccept.body, r.body);
    });

    it("lists the organization's jobs; another organization sees none of them", async () => {
      const list = (await send('GET', '/rest/v1/jobs')).json();
      assert.equal(list.count, 2);
      assert.deepEqual(list.results.map((j: { state: string }) => j.state).sort(), ['CANCELLED', 'COMPLETED']);
      assert.equal((await send('GET', '/rest/v1/jobs?state=cancelled')).json().count, 1);
      assert.equal((await send('GET', '/rest/v1/jobs', undefined, () => other)).json().count, 0);
      for (const [method, url] of [
        ['GET', `/rest/v1/jobs/${jobId}`],
        ['GET', `/rest/v1/jobs/${jobId}/results`],
        ['GET', `/rest/v1/jobs/${jobId}/results.csv`],
        ['POST', `/rest/v1/jobs/${jobId}/cancel`],
        ['DELETE', `/rest/v1/jobs/${jobId}`],
      ] as const) {
        const r = await send(method, url, undefined, () => other);
        assert.equal(r.status, 404, `${method} ${url}`);
      }
      const bare = await t.inject({ method: 'GET', url: '/rest/v1/jobs' });
      assert.equal(bare.statusCode, 401);
      // The signal tier, as the calculations a job runs.
      const untiered = await t.credentials([], 'Portfolio Co');
      const refused = await send('POST', '/rest/v1/jobs', { kind: 'CALCULATION' }, () => untiered);
      assert.equal(refused.status, 403, refused.body);
      assert.equal((await send('GET', '/rest/v1/jobs', undefined, () => untiered)).status, 403);
    });

    it("runs a savings analysis per account: the figures are the analysis' own summary", async () => {
      const analysis = {
        fromDateTime: '2025-07-01',
        propertyInputs: [
          { keyName: 'masterTariffId', dataValue: String(E1) },
          { keyName: 'projectDuration', dataValue: '3' },
          { keyName: 'consumption', duration: 3_600_000, dataSeries: Array(8760).fill(0.6) },
          {
            keyName: 'solarProduction',
            dataSeries: Array.from({ length: 8760 }, (_, h) => (h % 24 >= 10 && h % 24 < 15 ? 1.5 : 0)),
          },
        ],
      };
      const made = await send('POST', '/rest/v1/jobs', {
        kind: 'SAVINGS_ANALYSIS',
        providerAccountIds: ['home-1'],
        analysis,
      });
      assert.equal(made.status, 202, made.body);
      await waitFor(made.json().results[0].jobId, 'COMPLETED');
      const [result] = (await send('GET', `/rest/v1/jobs/${made.json().results[0].jobId}/results`)).json().results;
      assert.equal(result.status, 'SUCCESS', JSON.stringify(result.error));
      const one = await send('POST', '/rest/v1/accounts/analysis', { ...analysis, providerAccountId: 'home-1' });
      assert.equal(one.status, 200, one.body);
      const summary = one.json().results[0].summary;
      assert.deepEqual(result.scenarios[0].figures, summary);
      assert.ok(summary.netAvoidedCost > 0, 'solar saves on E-1');
    });

    it("compares each account's tariffs: the cheapest, as the account's own comparison ranks it", async () => {
      // A year of usage given (these accounts' readings cover April only, and this database has no typical loads).
      const comparison = {
        fromDateTime: '2025-07-01',
        propertyInputs: [{ keyName: 'consumption', duration: 3_600_000, dataSeries: Array(8760).fill(0.6) }],
      };
      const made = await send('POST', '/rest/v1/jobs', {
        kind: 'COMPARISON',
        providerAccountIds: ['home-1', 'home-2'],
        comparison,
      });
      assert.equal(made.status, 202, made.body);
      const id = made.json().results[0].jobId;
      await waitFor(id, 'COMPLETED');
      const results = (await send('GET', `/rest/v1/jobs/${id}/results`)).json().results;
      assert.equal(results.length, 2);
      for (const result of results) {
        assert.equal(result.status, 'SUCCESS', JSON.stringify(result.error));
        const one = await send('POST', `/rest/v1/accounts/pid/${result.providerAccountId}/compare`, comparison);
        assert.equal(one.status, 200, one.body);
        const answer = one.json().results[0];
        const best = answer.tariffs.find((x: { rank: number }) => x.rank === 1);
        const outcome = result.scenarios[0];
        assert.equal(outcome.masterTariffId, best.masterTariffId);
        assert.equal(outcome.totalCost, best.totalCost);
        assert.equal(outcome.figures.currentCost, answer.currentCost);
        assert.equal(outcome.figures.bestSavings, best.savings);
      }
    });

    it('a filter finds the accounts; bad requests are a 400 naming the parameter', async () => {
      const cases: [unknown, string][] = [
        [{ kind: 'SOMETHING', accountIds: ['a'] }, 'kind'],
        [{ kind: 'CALCULATION', calculation: CALC }, 'accountIds'],
        [{ kind: 'CALCULATION', accountIds: ['a'] }, 'calculation'],
        [{ kind: 'CALCULATION', accountIds: ['a', 'a'], calculation: CALC }, 'accountIds'],
        [{ kind: 'CALCULATION', accountIds: [], calculation: CALC }, 'accountIds'],
        [
          { kind: 'CALCULATION', accountIds: ['a'], providerAccountIds: ['b'], calculation: CALC },
          'providerAccountIds',
        ],
        [
          { kind: 'CALCULATION', accountIds: ['a'], calculation: { ...CALC, fromDateTime: 'May' } },
          'calculation.fromDateTime',
        ],
        [
          { kind: 'CALCULATION', accountIds: ['a'], calculation: { ...CALC, toDateTime: '2025-03-01' } },
          'calculation.toDateTime',
        ],
        [{ kind: 'CALCULATION', accountFilter: { zipCode: '10001' }, calculation: CALC }, 'accountFilter'],
        [
          { kind: 'CALCULATION', accountIds: ['a'], calculation: CALC, scenarios: [{ name: 'x' }, { name: 'x' }] },
          'scenarios[1].name',
        ],
        [
          { kind: 'SAVINGS_ANALYSIS', accountIds: ['a'], scenarios: [{ masterTariffId: E1 }] },
          'scenarios[0].masterTariffId',
        ],
        [{ kind: 'SAVINGS_ANALYSIS', accountIds: ['a'], calculation: CALC }, 'calculation'],
      ];
      for (const [body, name] of cases) {
        const r = await send('POST', '/rest/v1/jobs', body);
        assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.body}`);
        assert.equal(r.json().results[0].propertyName, name, JSON.stringify(body));
      }
      const bad = await send('GET', `/rest/v1/jobs/${jobId}/results?status=MAYBE`);
      assert.equal(bad.json().results[0].propertyName, 'status');
      const filtered = await send('POST', '/rest/v1/jobs', {
        kind: 'CALCULATION',
        accountFilter: { zipCode: '94110', customerClass: 'RESIDENTIAL' },
        calculation: CALC,
      });
      assert.equal(filtered.status, 202, filtered.body);
      const job = await waitFor(filtered.json().results[0].jobId, 'COMPLETED');
      assert.deepEqual([job.accountCount, job.succeededCount, job.failedCount], [3, 2, 1]);
    });
  });
}
