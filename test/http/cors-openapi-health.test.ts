import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { dialects } from '../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`CORS, OpenAPI and health on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect);
    });
    after(() => t.close());

    it('answers a CORS preflight without credentials', async () => {
      const res = await t.inject({
        method: 'OPTIONS',
        url: '/rest/echo',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.match(String(res.headers['access-control-allow-headers']), /Authorization/i);
    });

    it('marks cross-origin answers, errors included', async () => {
      const res = await t.inject({ method: 'GET', url: '/rest/echo', headers: { origin: 'https://app.example' } });
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['access-control-allow-origin'], '*');
    });

    it('documents every registered route in a valid OpenAPI 3 document', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
      const result = await new Validator().validate(doc);
      assert.equal(result.valid, true, JSON.stringify(result.errors));
      const documented = new Set<string>();
      for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths))
        for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${path}`);
      const missing = t.app.ratebook.routes.routes
        .filter((r) => !r.hidden && !['HEAD', 'OPTIONS'].includes(r.method))
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
        .filter((r) => !documented.has(r));
      assert.deepEqual(missing, []);
      assert.ok(documented.has('GET /rest/echo/errors/{errorCode}'));
    });

    it('reports liveness and readiness', async () => {
      assert.deepEqual((await t.inject({ method: 'GET', url: '/health' })).json(), { status: 'ok' });
      assert.deepEqual((await t.inject({ method: 'GET', url: '/ready' })).json(), {
        status: 'ready',
        database: dialect,
      });
    });
  });
}

describe('readiness without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const t = await buildTestApp('sqlite');
    await t.db.close();
    const res = await t.inject({ method: 'GET', url: '/ready' });
    assert.equal(res.statusCode, 503);
    await t.app.close();
  });
});
