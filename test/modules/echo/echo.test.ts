import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { readRecorded } from '../../helpers/reference.ts';

for (const dialect of dialects) {
  describe(`echo on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect);
      c = await t.credentials(['signal'], 'echo-org');
    });
    after(() => t.close());

    it('GET /rest/echo answers as the recorded original', async (ctx) => {
      const res = await t.get('/rest/echo', c);
      assert.equal(res.statusCode, 200);
      const recorded = readRecorded('echo.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      assert.deepEqual(res.json(), recorded.response);
    });

    it('GET /rest/echo/hello has two greetings, count 1, type null', async () => {
      const body = (await t.get('/rest/echo/hello', c)).json();
      assert.equal(body.count, 1);
      assert.equal(body.type, null);
      assert.equal(body.results.length, 2);
      for (const g of body.results) assert.equal(typeof g, 'string');
    });

    it('GET /rest/echo/authenticate describes the calling application', async () => {
      const body = (await t.get('/rest/echo/authenticate', c)).json();
      assert.equal(body.type, 'Application');
      assert.deepEqual(body.results[0], {
        appId: c.appId,
        orgId: c.orgId,
        organizationName: 'echo-org',
        tiers: ['signal'],
      });
      assert.equal((await t.inject({ method: 'GET', url: '/rest/echo/authenticate' })).statusCode, 401);
    });

    it('GET /rest/echo/validate parses a date-time as the recorded original does', async (ctx) => {
      const recorded = readRecorded('echo-validate.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const res = await t.get(recorded.request.path, c);
      assert.deepEqual(res.json(), recorded.response);
    });

    it('validates only the first input given', async () => {
      const body = (await t.get('/rest/echo/validate?integer=42&dateTime=garbage', c)).json();
      assert.deepEqual(body.results[0], { array: null, integer: 42, dateTime: null });
      const arr = (await t.get('/rest/echo/validate?array=a,b&array=c&integer=x', c)).json();
      assert.deepEqual(arr.results[0].array, ['a', 'b', 'c']);
      const local = (await t.get('/rest/echo/validate?dateTime=2024-03-10', c)).json();
      assert.equal(local.results[0].dateTime, '2024-03-10T00:00:00');
    });

    it('400 names the invalid input', async () => {
      await t.expectBadParameters('/rest/echo/validate', c, [
        ['dateTime=2024-02-30', 'dateTime'],
        ['integer=1.5', 'integer'],
        ['integer=2147483648', 'integer'],
        ['array=', 'array'],
        ['', 'dateTime'],
      ]);
    });

    it('GET /rest/echo/errors/{code} simulates each documented code', async () => {
      assert.equal((await t.get('/rest/echo/errors/200', c)).json().status, 'success');
      for (const code of [301, 400, 403, 404, 500]) {
        const res = await t.get(`/rest/echo/errors/${code}`, c);
        assert.equal(res.statusCode, code);
        assert.equal(res.json().status, 'error');
        assert.equal(res.json().results[0].code, 'SimulatedError');
      }
      assert.equal((await t.get('/rest/echo/errors/301', c)).headers.location, '/rest/echo');
      const bad = await t.get('/rest/echo/errors/418', c);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().results[0].propertyName, 'errorCode');
    });

    it('GET /rest/echo/errors lists the codes, each answering as listed', async () => {
      const list = (await t.get('/rest/echo/errors', c)).json();
      assert.deepEqual([list.status, list.type, list.count], ['success', 'SimulatedError', 6]);
      for (const e of list.results) {
        const res = await t.get(`/rest/echo/errors/${e.errorCode}`, c);
        assert.equal(res.statusCode, e.status, e.errorCode);
        if (e.status !== 200) assert.equal(res.json().results[0].message, e.message);
      }
    });

    it('POST /rest/echo returns the JSON body', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/rest/echo',
        payload: { a: [1, 2] },
        headers: { authorization: t.authHeader(c) },
      });
      assert.deepEqual(res.json().results, [{ a: [1, 2] }]);
    });
  });
}
