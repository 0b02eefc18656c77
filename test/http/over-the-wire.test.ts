// Requests through a real socket, where a body arrives as Node's request stream rather than as app.inject's payload:
// the streamed admin imports, and bodies nested deeper than any recursion could follow.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findNul } from '../../src/http/input-guard.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('over the wire', () => {
  let t: TestApp;
  let base: string;
  let auth: string;
  before(async () => {
    t = await buildTestApp('sqlite', { seed: true });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    auth = t.authHeader(await t.credentials(['admin', 'signal']));
  });
  after(() => t.close());

  const post = (path: string, contentType: string, body: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': contentType }, body });

  it('streams a CSV body into the lookups importer', async () => {
    const res = await post(
      '/rest/admin/import/lookups',
      'text/csv',
      'keyName,subKeyName,fromDateTime,toDateTime,actualValue\nwireTestKey,,2024-01-01,2024-02-01,0.1\n',
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as { results: { created: number }[] }).results[0]!.created, 1);
  });

  it('streams a JSON body into the URDB importer', async () => {
    const schedule = Array(12).fill(Array(24).fill(0));
    const record = {
      label: 'wire-test',
      name: 'Wire test',
      sector: 'Commercial',
      startdate: 1609459200,
      eiaid: 15466,
      energyratestructure: [[{ rate: 0.1 }]],
      energyweekdayschedule: schedule,
      energyweekendschedule: schedule,
    };
    const res = await post('/rest/admin/import/urdb', 'application/json', JSON.stringify([record]));
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as { results: { created: number }[] }).results[0]!.created, 1);
  });

  it('answers a body nested 100,000 deep with a 4xx, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await post(
      '/rest/v1/ondemand/calculate',
      'application/json',
      `{"masterTariffId": 512, "fromDateTime": "2016-01-01", "toDateTime": "2016-02-01", "rateInputs": ${deep}}`,
    );
    assert.ok(res.status >= 400 && res.status < 500, `${res.status}: ${(await res.text()).slice(0, 300)}`);
    assert.equal((await fetch(`${base}/health`)).status, 200, 'still serving');
  });

  // Clients of the original that set `Content-Type: application/json` on every request (issue #39).
  it('takes an empty body with a JSON content type as no body', async () => {
    const call = (method: string, path: string) =>
      fetch(`${base}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' } });
    const list = await call('GET', '/rest/public/lses?pageCount=1');
    assert.equal(list.status, 200, await list.clone().text());
    const gone = await call('DELETE', '/rest/v1/accounts/no-such-account');
    assert.equal(gone.status, 404, await gone.clone().text());
    // A route that needs a body still says so, naming it.
    const post = await call('POST', '/rest/v1/ondemand/calculate');
    assert.equal(post.status, 400);
    const error = ((await post.json()) as { results: { propertyName: string | null; message: string }[] }).results[0]!;
    assert.match(`${error.propertyName} ${error.message}`, /body/);
  });

  it("answers the original's operations without the /rest prefix, and lists them once", async () => {
    const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: auth } });
    const prefixed = await get('/rest/v1/documents?pageCount=2');
    const bare = await get('/v1/documents?pageCount=2');
    assert.equal(bare.status, 200, await bare.clone().text());
    assert.deepEqual(await bare.json(), await prefixed.json());
    assert.equal((await get('/public/lses?pageCount=1')).status, 200);
    assert.equal((await get('/beta/calculate/history/requests/no-such-id')).status, 404);
    const paths = Object.keys(((await (await get('/openapi.json')).json()) as { paths: object }).paths);
    assert.ok(paths.includes('/rest/beta/calculate/history/requests/{requestId}'));
    assert.deepEqual(
      paths.filter((path) => !path.startsWith('/rest')).filter((path) => /^\/(v1|beta|public)\//.test(path)),
      [],
    );
  });

  it('finds a NUL however deep it lies', () => {
    let nested: unknown = 'a\u0000b';
    for (let k = 0; k < 50_000; k++) nested = [nested];
    assert.equal(findNul({ x: nested })?.slice(0, 5), 'x[0][');
    assert.equal(findNul({ scenarios: [{ name: 'ok' }, { name: 'n\u0000' }] }), 'scenarios[1].name');
  });
});
