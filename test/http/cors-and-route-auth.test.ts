// CORS headers (src/http/cors.ts) and authentication attached to each route as it is registered (src/http/auth.ts):
// every route asks for credentials unless it says otherwise, HEAD twins included.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { dialects } from '../helpers/dialects.ts';

/** Routes that answer without credentials, on purpose (README: health, readiness, docs, console). */
const OPEN = [/^\/health$/, /^\/ready$/, /^\/openapi\.json$/, /^\/docs/, /^\/console/];

for (const dialect of dialects) {
  describe(`CORS and per-route authentication on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect);
    });
    after(() => t.close());

    it('asks for credentials on every registered route but the open ones, HEAD included', async () => {
      const routes = t.app.ratebook.routes.routes.filter(
        (r) => r.method !== 'OPTIONS' && !OPEN.some((re) => re.test(r.url)),
      );
      assert.ok(routes.length > 100, `only ${routes.length} routes`);
      assert.ok(routes.some((r) => r.method === 'HEAD'));
      const unguarded: string[] = [];
      for (const r of routes) {
        const url = r.url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');
        const res = await t.inject({ method: r.method as 'GET', url });
        if (res.statusCode !== 401) unguarded.push(`${r.method} ${r.url} -> ${res.statusCode}`);
      }
      assert.deepEqual(unguarded, []);
    });

    it('sends CORS headers only to requests with an Origin, and Vary: Origin to the others', async () => {
      const c = await t.credentials();
      const plain = await t.inject({ method: 'GET', url: '/rest/echo', headers: { authorization: t.authHeader(c) } });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['access-control-allow-origin'], undefined);
      assert.equal(plain.headers.vary, 'Origin');
      assert.match(String(plain.headers['x-request-id']), /^[0-9a-f-]{36}$/);
      const cross = await t.inject({
        method: 'GET',
        url: '/rest/echo',
        headers: { authorization: t.authHeader(c), origin: 'https://app.example' },
      });
      assert.equal(cross.headers['access-control-allow-origin'], '*');
      assert.match(String(cross.headers['access-control-expose-headers']), /X-Request-Id/);
    });

    it('refuses an OPTIONS that is not a preflight in the error envelope', async () => {
      const res = await t.inject({ method: 'OPTIONS', url: '/rest/echo', headers: { origin: 'https://app.example' } });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().results[0].propertyName, 'Access-Control-Request-Method');
    });
  });
}

describe('CORS with a list of origins', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp('sqlite', { env: { CORS_ORIGIN: 'https://a.example, https://b.example' } });
  });
  after(() => t.close());

  it('names an allowed origin, leaves out any other, and varies on Origin', async () => {
    const preflight = { 'access-control-request-method': 'GET' };
    const allowed = await t.inject({
      method: 'OPTIONS',
      url: '/rest/echo',
      headers: { origin: 'https://b.example', ...preflight },
    });
    assert.equal(allowed.statusCode, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://b.example');
    assert.equal(allowed.headers.vary, 'Origin');
    const other = await t.inject({ method: 'GET', url: '/rest/echo', headers: { origin: 'https://c.example' } });
    assert.equal(other.statusCode, 401);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    assert.equal(other.headers.vary, 'Origin');
  });
});
