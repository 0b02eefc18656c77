import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../src/http/errors.ts';
import { ListQuery } from '../../src/http/query-schemas.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { dialects } from '../helpers/dialects.ts';
import type { NewCredentials } from '../../src/modules/keys/keys.service.ts';

for (const dialect of dialects) {
  describe(`error envelope and statuses on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, {
        env: { BODY_LIMIT_BYTES: '2048', RATE_LIMIT_MAX: '1000' },
        extend: (app) => {
          app.get('/test/list', { schema: { querystring: Type.Object(ListQuery) } }, async () => ({ ok: true }));
          app.get('/test/thing/:id', async (req) => {
            throw notFound('Thing', 'id', (req.params as { id: string }).id);
          });
          app.get('/test/crash', async () => {
            throw new Error('secret internal detail');
          });
          app.post(
            '/test/body',
            {
              schema: { body: Type.Object({ scenarios: Type.Array(Type.Object({ masterTariffId: Type.Integer() })) }) },
            },
            async () => ({ ok: true }),
          );
        },
      });
      c = await t.credentials();
    });
    after(() => t.close());

    const send = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      extra: { payload?: string; headers?: Record<string, string> } = {},
    ) =>
      t.inject({ method, url, payload: extra.payload, headers: { authorization: t.authHeader(c), ...extra.headers } });

    function assertError(
      res: { statusCode: number; json: () => any },
      status: number,
      code: string,
      propertyName?: string | null,
    ) {
      assert.equal(res.statusCode, status);
      const body = res.json();
      assert.equal(body.status, 'error');
      assert.equal(body.type, 'Error');
      assert.equal(body.count, body.results.length);
      const item = body.results[0];
      assert.deepEqual(Object.keys(item), ['code', 'message', 'objectName', 'propertyName', 'propertyValue']);
      assert.equal(item.code, code);
      if (propertyName !== undefined) assert.equal(item.propertyName, propertyName);
      return item;
    }

    it('400 names a bad query parameter and its value', async () => {
      const item = assertError(await send('GET', '/test/list?pageCount=abc'), 400, 'InvalidArgument', 'pageCount');
      assert.equal(item.propertyValue, 'abc');
      assertError(await send('GET', '/test/list?pageCount=1001'), 400, 'InvalidArgument', 'pageCount');
      assertError(await send('GET', '/test/list?pageStart=-1'), 400, 'InvalidArgument', 'pageStart');
      assertError(await send('GET', '/test/list?startsWith=maybe'), 400, 'InvalidArgument', 'startsWith');
    });

    it('400 names a missing or bad body field by its path', async () => {
      const json = { 'content-type': 'application/json' };
      assertError(
        await send('POST', '/test/body', { payload: '{}', headers: json }),
        400,
        'MissingArgument',
        'scenarios',
      );
      const item = assertError(
        await send('POST', '/test/body', { payload: '{"scenarios":[{"masterTariffId":"x"}]}', headers: json }),
        400,
        'InvalidArgument',
        'scenarios[0].masterTariffId',
      );
      assert.equal(item.propertyValue, 'x');
    });

    it('400 for malformed JSON', async () => {
      assertError(
        await send('POST', '/test/body', {
          payload: '{"scenarios": [',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'InvalidJson',
        'body',
      );
    });

    it('404 for an unknown object and an unknown route', async () => {
      const item = assertError(await send('GET', '/test/thing/42'), 404, 'ObjectNotFound', 'id');
      assert.equal(item.objectName, 'Thing');
      assertError(await send('GET', '/rest/public/unknown'), 404, 'RouteNotFound', 'path');
    });

    it('405 with Allow when the path exists for other methods', async () => {
      const res = await send('DELETE', '/rest/echo');
      assertError(res, 405, 'MethodNotAllowed', 'method');
      assert.equal(res.headers.allow, 'GET, HEAD, POST');
    });

    it('413 for a body over the limit', async () => {
      assertError(
        await send('POST', '/test/body', {
          payload: JSON.stringify({ scenarios: [], pad: 'x'.repeat(4096) }),
          headers: { 'content-type': 'application/json' },
        }),
        413,
        'PayloadTooLarge',
      );
    });

    it('415 for a body that is not JSON', async () => {
      assertError(
        await send('POST', '/test/body', {
          payload: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
        'UnsupportedMediaType',
        'Content-Type',
      );
      assertError(
        await send('POST', '/test/body', { payload: 'hello', headers: { 'content-type': 'text/plain' } }),
        415,
        'UnsupportedMediaType',
      );
    });

    it('500 says only how to report it, and logs the request id', async () => {
      const res = await send('GET', '/test/crash', { headers: { 'x-request-id': 'trace-123' } });
      const item = assertError(res, 500, 'ServerError');
      assert.equal(res.headers['x-request-id'], 'trace-123');
      assert.match(item.message, /trace-123/);
      assert.doesNotMatch(res.body, /secret internal detail|at .*\.ts/);
    });

    it('400 for a NUL character anywhere in the input, naming where', async () => {
      assertError(await send('GET', '/test/list?search=a%00b'), 400, 'InvalidArgument', 'search');
      assertError(await send('GET', '/test/thing/4%002'), 400, 'InvalidArgument', 'id');
      const body = JSON.stringify({ scenarios: [{ masterTariffId: 1, name: 'a\u0000b' }] });
      assertError(
        await send('POST', '/test/body', { payload: body, headers: { 'content-type': 'application/json' } }),
        400,
        'InvalidArgument',
        'scenarios[0].name',
      );
    });

    it('400, not a database error, for ids and offsets beyond 32 bits', async () => {
      assertError(await send('GET', '/rest/public/lses/99999999999'), 400, 'InvalidArgument', 'lseId');
      assertError(await send('GET', '/rest/public/timeofuses/2147483648'), 400, 'InvalidArgument', 'touId');
      assertError(await send('GET', '/rest/public/territories?lseId=3000000000'), 400, 'InvalidArgument', 'lseId');
      assertError(
        await send('GET', '/rest/public/lses?pageStart=100000000000000000000'),
        400,
        'InvalidArgument',
        'pageStart',
      );
    });

    it('answers with and without a trailing slash', async () => {
      assert.equal((await send('GET', '/rest/echo/')).statusCode, 200);
      assert.equal((await send('GET', '/rest/echo/hello/')).statusCode, 200);
    });
  });

  describe(`rate limit on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
    });
    after(() => t.close());

    it('429 with Retry-After once an application spends its budget; others are unaffected', async () => {
      const a = await t.credentials();
      const b = await t.credentials();
      for (let i = 0; i < 3; i++) {
        const ok = await t.get('/rest/echo', a);
        assert.equal(ok.statusCode, 200);
        assert.equal(ok.headers['x-ratelimit-remaining'], String(2 - i));
      }
      const limited = await t.get('/rest/echo', a);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().results[0].code, 'RateLimited');
      const retry = Number(limited.headers['retry-after']);
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
      assert.equal((await t.get('/rest/echo', b)).statusCode, 200);
    });
  });
}
