// Calculation history over a listening server (the record is written after the answer is sent, so each read polls,
// bounded): single, mass, the older GET form and account calculations read back by requestId under both base paths;
// the savings analysis; the organization rule (others 404), the tier rule (a mass record needs enterprise), unknown
// ids, a database refusing the write, truncation, the purge (server and CLI) and HISTORY_RETENTION_DAYS=0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { ratebookArgs } from '../../helpers/server-process.ts';

const E1 = 522;
const E_TOU_C = 1100102;
const ROOT = new URL('../../../', import.meta.url).pathname;
const hourly = (hours: number) => Array.from({ length: hours }, (_, h) => (h % 24 >= 16 && h % 24 < 21 ? 1.5 : 0.5));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  text: string;
  json: any;
}

/** A server on port 0 with the calls the tests make through it. */
async function listening(t: TestApp) {
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const call = async (method: string, path: string, who: NewCredentials, body?: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: t.authHeader(who),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : null };
  };
  /** Reads a history path until it is no longer 404 (the record is written a moment after the answer), 10 s at most. */
  const poll = async (path: string, who: NewCredentials): Promise<Answer> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const a = await call('GET', path, who);
      if (a.status !== 404 || Date.now() > deadline) return a;
      await sleep(20);
    }
  };
  return { base, call, poll };
}

/** The stored answer without the history block Ratebook adds: the text as the calculation sent it. */
const withoutHistory = (text: string) => text.replace(/,"history":\{[^{}]*\}\}$/, '}');

for (const dialect of dialects) {
  describe(`calculation history on ${dialect}`, () => {
    let t: TestApp;
    let api: Awaited<ReturnType<typeof listening>>;
    let owner: NewCredentials;
    let signalOnly: NewCredentials;
    let stranger: NewCredentials;
    let noTier: NewCredentials;
    before(async () => {
      // 'full': the typical loads and climate zones the savings analysis's typical path needs.
      t = await buildTestApp(dialect, { seed: 'full' });
      api = await listening(t);
      owner = await t.credentials(['signal', 'enterprise'], 'history-org');
      signalOnly = await t.credentials(['signal'], 'history-org');
      stranger = await t.credentials(['signal', 'enterprise'], 'another-org');
      noTier = await t.credentials([], 'history-org');
    });
    after(() => t.close());

    it('keeps a single calculation: the body as received (not as validated) and the answer as sent, under both base paths', async () => {
      // masterTariffId as a string and odd spacing: the validated body would hold a number and no spaces.
      const body = `{ "masterTariffId": "${E1}",  "fromDateTime": "2025-07-01", "toDateTime": "2025-08-01",\n "propertyInputs": [{"keyName": "consumption", "dataValue": 600}, {"keyName": "territoryId", "dataValue": 3538}] }`;
      const calc = await api.call('POST', '/rest/v1/ondemand/calculate?fields=ext', owner, body);
      assert.equal(calc.status, 200, calc.text);
      const id: string = calc.json.requestId;
      assert.match(id, /^[0-9a-f-]{36}$/);

      const req = await api.poll(`/rest/beta/calculate/history/requests/${id}`, owner);
      assert.equal(req.status, 200, req.text);
      assert.equal(req.json.type, 'CalculationRequest');
      assert.equal(req.json.requestId, id);
      assert.equal(req.json.count, 1);
      assert.deepEqual(req.json.results, [JSON.parse(body)]);
      assert.equal(req.json.results[0].masterTariffId, String(E1), 'as received: the string the client sent');
      const { createdAt, ...meta } = req.json.history;
      assert.deepEqual(meta, {
        kind: 'single',
        method: 'POST',
        url: '/rest/v1/ondemand/calculate?fields=ext',
        appId: owner.appId,
        requestBytes: Buffer.byteLength(body),
        requestTruncated: false,
        responseType: 'CalculatedCost',
        responseBytes: Buffer.byteLength(calc.text),
        responseTruncated: false,
      });
      assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 60_000, createdAt);

      const res = await api.poll(`/rest/beta/calculate/history/responses/${id}`, owner);
      assert.equal(res.status, 200, res.text);
      assert.equal(withoutHistory(res.text), calc.text, 'the answer byte for byte, the history block added');
      assert.equal(res.json.type, 'CalculatedCost');
      assert.equal(res.json.requestId, id);
      assert.equal(res.json.results[0].totalCost, 285.43);
      assert.deepEqual(res.json.history, req.json.history);

      // The original's clients call the paths without /rest.
      const bare = await api.call('GET', `/beta/calculate/history/requests/${id}`, owner);
      assert.equal(bare.text, req.text);
      assert.equal((await api.call('GET', `/beta/calculate/history/responses/${id}`, owner)).text, res.text);
      // Another application of the same organization with the same tier reads it too.
      assert.equal((await api.call('GET', `/beta/calculate/history/responses/${id}`, signalOnly)).status, 200);
    });

    it("keeps a mass calculation under the answer's requestId; reading it needs enterprise, as the calculation did", async () => {
      const body = JSON.stringify({
        fromDateTime: '2025-07-01',
        toDateTime: '2025-07-03',
        detailLevel: 'CHARGE_TYPE',
        sharedScenario: {
          propertyInputs: [
            { keyName: 'consumption', dataSeries: hourly(48), duration: 3_600_000 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        },
        scenarios: [
          { scenarioName: 'E-1', masterTariffId: E1 },
          { scenarioName: 'E-TOU-C', masterTariffId: E_TOU_C },
        ],
      });
      const calc = await api.call('POST', '/rest/v1/ondemand/calculate/mass', owner, body);
      assert.equal(calc.status, 200, calc.text);
      const id: string = calc.json.requestId;
      const req = await api.poll(`/beta/calculate/history/requests/${id}`, owner);
      assert.equal(req.status, 200, req.text);
      assert.deepEqual(req.json.results[0], JSON.parse(body));
      assert.equal(req.json.history.kind, 'mass');
      const res = await api.call('GET', `/beta/calculate/history/responses/${id}`, owner);
      assert.equal(res.json.type, 'MassCalculation');
      assert.equal(withoutHistory(res.text), calc.text);
      assert.deepEqual(Object.keys(res.json.results[0].scenarios), ['E-1', 'E-TOU-C']);

      for (const path of [`/beta/calculate/history/requests/${id}`, `/rest/beta/calculate/history/responses/${id}`]) {
        const refused = await api.call('GET', path, signalOnly);
        assert.equal(refused.status, 403, refused.text);
        assert.equal(refused.json.results[0].propertyValue, 'enterprise');
      }
    });

    it('keeps the older GET form (its query parameters as the request) and account calculations', async () => {
      const path = `/rest/public/calculate/${E1}?fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600&territoryId=3538&groupBy=MONTH`;
      const calc = await api.call('GET', path, owner);
      assert.equal(calc.status, 200, calc.text);
      const req = await api.poll(`/rest/beta/calculate/history/requests/${calc.json.requestId}`, owner);
      assert.equal(req.status, 200, req.text);
      assert.deepEqual(req.json.results, [
        {
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          consumption: '600',
          territoryId: '3538',
          groupBy: 'MONTH',
        },
      ]);
      assert.deepEqual(
        [req.json.history.method, req.json.history.url, req.json.history.requestBytes],
        ['GET', path, 0],
      );

      const account = await api.call(
        'POST',
        '/rest/v1/accounts',
        owner,
        JSON.stringify({
          providerAccountId: 'history-account',
          accountName: 'History',
          address: { zip: '94110' },
          properties: { customerClass: { keyName: 'customerClass', dataValue: 'RESIDENTIAL' } },
        }),
      );
      assert.equal(account.status, 200, account.text);
      const accountId: string = account.json.results[0].accountId;
      const readings = Array.from({ length: 48 }, (_, h) => ({
        fromDateTime: `2025-07-0${1 + Math.floor(h / 24)}T${String(h % 24).padStart(2, '0')}:00-07:00`,
        duration: 3_600_000,
        quantityUnit: 'kWh',
        quantityValue: 1,
      }));
      const profile = await api.call(
        'POST',
        '/rest/v1/profiles',
        owner,
        JSON.stringify({
          accountId,
          providerProfileId: 'history-profile',
          serviceTypes: 'ELECTRICITY',
          readingData: readings,
        }),
      );
      assert.equal(profile.status, 200, profile.text);
      const body = JSON.stringify({
        fromDateTime: '2025-07-01T00:00-07:00',
        toDateTime: '2025-07-03T00:00-07:00',
        masterTariffId: E_TOU_C,
      });
      const bill = await api.call('POST', `/rest/v1/accounts/${accountId}/calculate`, owner, body);
      assert.equal(bill.status, 200, bill.text);
      const res = await api.poll(`/rest/beta/calculate/history/responses/${bill.json.requestId}`, owner);
      assert.equal(res.status, 200, res.text);
      assert.equal(withoutHistory(res.text), bill.text);
      assert.equal(res.json.history.kind, 'account');
      const asked = await api.call('GET', `/rest/beta/calculate/history/requests/${bill.json.requestId}`, owner);
      assert.deepEqual(asked.json.results, [JSON.parse(body)]);
    });

    it('another organization, an unknown requestId and a caller without a tier are refused', async () => {
      const calc = await api.call(
        'POST',
        '/rest/v1/ondemand/calculate',
        owner,
        JSON.stringify({
          masterTariffId: E1,
          fromDateTime: '2025-07-01',
          toDateTime: '2025-08-01',
          propertyInputs: [{ keyName: 'consumption', dataValue: 100 }],
        }),
      );
      const id: string = calc.json.requestId;
      assert.equal((await api.poll(`/beta/calculate/history/requests/${id}`, owner)).status, 200);
      for (const kind of ['requests', 'responses']) {
        for (const base of ['/beta', '/rest/beta']) {
          const other = await api.call('GET', `${base}/calculate/history/${kind}/${id}`, stranger);
          assert.equal(other.status, 404, `another organization: ${other.text}`);
          assert.equal(other.json.results[0].propertyName, 'requestId');
          assert.equal(other.json.results[0].propertyValue, id);
          const unknown = await api.call('GET', `${base}/calculate/history/${kind}/badRequestId`, owner);
          assert.equal(unknown.status, 404, unknown.text);
          assert.equal(unknown.json.status, 'error');
          assert.equal((await api.call('GET', `${base}/calculate/history/${kind}/${id}`, noTier)).status, 403);
        }
      }
      // The answer of another organization's key is the same 404 as an id that never existed.
      const a = (await api.call('GET', `/beta/calculate/history/requests/${id}`, stranger)).json.results[0];
      const b = (await api.call('GET', '/beta/calculate/history/requests/00000000-0000-0000-0000-000000000000', owner))
        .json.results[0];
      assert.deepEqual({ ...a, message: '', propertyValue: '' }, { ...b, message: '', propertyValue: '' });
    });

    it('records no failed calculation (an error answer has no requestId), nor a HEAD whose answer has no body', async () => {
      const before = await t.app.calculationHistory.repo.count();
      const bad = await api.call(
        'POST',
        '/rest/v1/ondemand/calculate',
        owner,
        JSON.stringify({ masterTariffId: E1, fromDateTime: '2025-07-01' }),
      );
      assert.equal(bad.status, 400);
      const head = await api.call(
        'HEAD',
        `/rest/public/calculate/${E1}?fromDateTime=2025-07-01&toDateTime=2025-08-01&consumption=600`,
        owner,
      );
      assert.equal(head.status, 200);
      await t.app.calculationHistory.recorder!.idle();
      assert.equal(await t.app.calculationHistory.repo.count(), before);
    });

    it('a database refusing the history write fails no calculation; the record is written once it answers again', async () => {
      const repo = t.app.calculationHistory.repo;
      let refused = 0;
      repo.insert = async () => {
        refused++;
        throw new Error('connection terminated unexpectedly');
      };
      try {
        const calc = await api.call(
          'POST',
          '/rest/v1/ondemand/calculate',
          owner,
          JSON.stringify({
            masterTariffId: E1,
            fromDateTime: '2025-07-01',
            toDateTime: '2025-08-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 321 }],
          }),
        );
        assert.equal(calc.status, 200, calc.text);
        for (const deadline = Date.now() + 5_000; refused === 0 && Date.now() < deadline; ) await sleep(10);
        assert.equal(refused, 1, 'the first write was refused');
        delete (repo as { insert?: unknown }).insert; // the database is back (the prototype's insert)
        const res = await api.poll(`/rest/beta/calculate/history/responses/${calc.json.requestId}`, owner);
        assert.equal(res.status, 200, res.text);
        assert.equal(withoutHistory(res.text), calc.text);
      } finally {
        delete (repo as { insert?: unknown }).insert;
      }
    });

    it('keeps a savings analysis', async () => {
      const body = JSON.stringify({
        address: { zip: '94110' },
        fromDateTime: '2027-01-01',
        propertyInputs: [{ keyName: 'systemSize', dataValue: 4, scenarios: 'solar' }],
      });
      const analysis = await api.call('POST', '/rest/v1/accounts/analysis', owner, body);
      assert.equal(analysis.status, 200, analysis.text.slice(0, 1000));
      const res = await api.poll(`/beta/calculate/history/responses/${analysis.json.requestId}`, owner);
      assert.equal(res.status, 200, res.text.slice(0, 1000));
      assert.equal(withoutHistory(res.text), analysis.text);
      assert.deepEqual([res.json.type, res.json.history.kind], ['AccountAnalysis', 'analysis']);
    });

    it('the purge removes the records older than the retention and keeps the others', async () => {
      const ids: string[] = [];
      for (let k = 0; k < 3; k++) {
        const calc = await api.call(
          'POST',
          '/rest/v1/ondemand/calculate',
          owner,
          JSON.stringify({
            masterTariffId: E1,
            fromDateTime: '2025-07-01',
            toDateTime: '2025-08-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 100 + k }],
          }),
        );
        ids.push(calc.json.requestId);
      }
      await t.app.calculationHistory.recorder!.idle();
      const aged = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      await t.db.kysely
        .updateTable('calculation_history')
        .set({ created_at: aged(91) })
        .where('request_id', '=', ids[0]!)
        .execute();
      await t.db.kysely
        .updateTable('calculation_history')
        .set({ created_at: aged(89) })
        .where('request_id', '=', ids[1]!)
        .execute();
      assert.equal(await t.app.calculationHistory.purge(), 1, 'the default retention is 90 days');
      assert.equal((await api.call('GET', `/beta/calculate/history/requests/${ids[0]}`, owner)).status, 404);
      for (const id of ids.slice(1))
        assert.equal((await api.call('GET', `/beta/calculate/history/requests/${id}`, owner)).status, 200);
      assert.equal(await t.app.calculationHistory.purge(), 0);
    });

    it('every history operation is in /openapi.json, once (the /beta spelling is routed to it)', async () => {
      const doc = (await (await fetch(`${api.base}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const kind of ['requests', 'responses']) {
        assert.ok(doc.paths[`/rest/beta/calculate/history/${kind}/{requestId}`]?.get, kind);
        assert.equal(doc.paths[`/beta/calculate/history/${kind}/{requestId}`], undefined, kind);
      }
    });
  });

  describe(`calculation history limits on ${dialect}`, () => {
    it('HISTORY_MAX_RECORD_BYTES keeps the beginning of a longer request and answer, flagged', async () => {
      const t = await buildTestApp(dialect, { seed: true, env: { HISTORY_MAX_RECORD_BYTES: '1024' } });
      try {
        const api = await listening(t);
        const who = await t.credentials(['signal']);
        // A week of hourly values (168 numbers of 8 characters): about 1,700 bytes of body.
        const body = JSON.stringify({
          masterTariffId: E_TOU_C,
          fromDateTime: '2025-07-01',
          toDateTime: '2025-07-08',
          groupBy: 'HOUR',
          propertyInputs: [
            { keyName: 'consumption', dataSeries: hourly(168).map((v) => v + 0.123456), duration: 3_600_000 },
            { keyName: 'territoryId', dataValue: 3538 },
          ],
        });
        assert.ok(body.length > 1024, String(body.length));
        const calc = await api.call('POST', '/rest/v1/ondemand/calculate', who, body);
        assert.equal(calc.status, 200, calc.text);
        assert.ok(calc.text.length > 1024, 'an answer by hour is longer too');
        const req = await api.poll(`/rest/beta/calculate/history/requests/${calc.json.requestId}`, who);
        assert.equal(req.status, 200, req.text);
        assert.equal(req.json.results[0], body.slice(0, 1024), 'the kept text, as a string');
        assert.deepEqual([req.json.history.requestTruncated, req.json.history.requestBytes], [true, body.length]);
        const res = await api.call('GET', `/rest/beta/calculate/history/responses/${calc.json.requestId}`, who);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.json.type, 'CalculatedCost');
        assert.equal(res.json.requestId, calc.json.requestId);
        assert.equal(res.json.results[0], calc.text.slice(0, 1024));
        assert.deepEqual(
          [res.json.history.responseTruncated, res.json.history.responseBytes],
          [true, Buffer.byteLength(calc.text)],
        );
      } finally {
        await t.close();
      }
    });

    it('HISTORY_RETENTION_DAYS=0 records nothing', async () => {
      const t = await buildTestApp(dialect, { seed: true, env: { HISTORY_RETENTION_DAYS: '0' } });
      try {
        const api = await listening(t);
        const who = await t.credentials(['signal']);
        const calc = await api.call(
          'POST',
          '/rest/v1/ondemand/calculate',
          who,
          JSON.stringify({
            masterTariffId: E1,
            fromDateTime: '2025-07-01',
            toDateTime: '2025-08-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 600 }],
          }),
        );
        assert.equal(calc.status, 200, calc.text);
        assert.ok(calc.json.requestId, 'the answer still carries its requestId');
        assert.equal(t.app.calculationHistory.recorder, null);
        await sleep(300);
        assert.equal(await t.app.calculationHistory.repo.count(), 0);
        assert.equal(
          (await api.call('GET', `/beta/calculate/history/requests/${calc.json.requestId}`, who)).status,
          404,
        );
        assert.equal(await t.app.calculationHistory.purge(), 0);
      } finally {
        await t.close();
      }
    });
  });
}

describe('ratebook history purge', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ratebook-history-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('removes the records older than --older-than-days (default HISTORY_RETENTION_DAYS) and prints how many', async () => {
    const file = join(dir, 'rb.sqlite');
    const t = await buildTestApp('sqlite', { seed: true, database: { sqliteFile: file } });
    const ids: string[] = [];
    try {
      const api = await listening(t);
      const who = await t.credentials(['signal']);
      for (let k = 0; k < 4; k++) {
        const calc = await api.call(
          'POST',
          '/rest/v1/ondemand/calculate',
          who,
          JSON.stringify({
            masterTariffId: E1,
            fromDateTime: '2025-07-01',
            toDateTime: '2025-08-01',
            propertyInputs: [{ keyName: 'consumption', dataValue: 100 + k }],
          }),
        );
        ids.push(calc.json.requestId);
      }
      await t.app.calculationHistory.recorder!.idle();
      for (const [k, days] of [
        [0, 40],
        [1, 50],
        [2, 100],
      ] as const) {
        await t.db.kysely
          .updateTable('calculation_history')
          .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() })
          .where('request_id', '=', ids[k]!)
          .execute();
      }
    } finally {
      await t.close();
    }
    const cli = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ratebookArgs(args), {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: `sqlite:${file}`,
          LOG_LEVEL: 'silent',
          REFERENCE_DATA_DIR: join(dir, 'none'),
          ...env,
        },
        encoding: 'utf8',
      });
    const older = cli(['history', 'purge', '--older-than-days', '45']);
    assert.equal(older.status, 0, older.stderr);
    assert.match(
      older.stdout,
      /^Removed 2 calculation history records older than 45 days \(created before \d{4}-\d\d-\d\dT[\d:.]+Z\)\n$/,
    );
    const byDefault = cli(['history', 'purge'], { HISTORY_RETENTION_DAYS: '30' });
    assert.equal(byDefault.status, 0, byDefault.stderr);
    assert.match(byDefault.stdout, /^Removed 1 calculation history record older than 30 days/);
    const off = cli(['history', 'purge'], { HISTORY_RETENTION_DAYS: '0' });
    assert.equal(off.status, 1);
    assert.match(off.stderr, /--older-than-days/);
    const bad = cli(['history', 'purge', '--older-than-days', 'soon']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /whole number of days/);
    const all = cli(['history', 'purge', '--older-than-days', '0']);
    assert.equal(all.status, 0, all.stderr);
    assert.match(all.stdout, /^Removed 1 calculation history record older than 0 days/);
  });
});
