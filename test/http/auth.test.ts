import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { dialects } from '../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`authentication and tiers on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, {
        extend: (app) => {
          // A tier-guarded route with a required parameter: the tier is checked before validation.
          app.get('/test/signal', { config: { tier: 'signal' }, schema: { querystring: Type.Object({ must: Type.Integer() }) } }, async () => ({ ok: true }));
          app.get('/test/admin', { config: { tier: 'admin' } }, async () => ({ ok: true }));
        },
      });
    });
    after(() => t.close());

    const errorOf = (res: { json: () => any }) => res.json().results[0];

    it('answers 401 with WWW-Authenticate when credentials are missing', async () => {
      const res = await t.inject({ method: 'GET', url: '/rest/echo' });
      assert.equal(res.statusCode, 401);
      assert.match(String(res.headers['www-authenticate']), /^Basic /);
      assert.equal(res.json().status, 'error');
      assert.equal(errorOf(res).code, 'Unauthenticated');
    });

    it('answers 401 for a malformed header, an unknown app and a wrong key', async () => {
      const c = await t.credentials();
      for (const authorization of ['Bearer abc', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, t.authHeader({ appId: 'nobody', appKey: c.appKey }), t.authHeader({ appId: c.appId, appKey: 'wrong' })]) {
        const res = await t.inject({ method: 'GET', url: '/rest/echo', headers: { authorization } });
        assert.equal(res.statusCode, 401, authorization);
      }
      assert.equal((await t.get('/rest/echo', c)).statusCode, 200);
    });

    it('stops a revoked key and a rotated-away key at once', async () => {
      const c = await t.credentials();
      assert.equal((await t.get('/rest/echo', c)).statusCode, 200);
      const rotated = await t.keys.rotate(c.appId);
      assert.equal((await t.get('/rest/echo', c)).statusCode, 401);
      assert.equal((await t.get('/rest/echo', rotated)).statusCode, 200);
      await t.keys.revoke(c.appId);
      assert.equal((await t.get('/rest/echo', rotated)).statusCode, 401);
    });

    it('answers 403 without the tier, before validating parameters', async () => {
      const plain = await t.credentials([]);
      const res = await t.get('/test/signal', plain);
      assert.equal(res.statusCode, 403);
      assert.equal(errorOf(res).code, 'NotAuthorized');
      assert.equal(errorOf(res).propertyValue, 'signal');
      const signal = await t.credentials(['signal']);
      assert.equal((await t.get('/test/signal', signal)).statusCode, 400, 'with the tier, validation runs');
      assert.equal((await t.get('/test/signal?must=3', signal)).statusCode, 200);
      assert.equal((await t.get('/test/admin', signal)).statusCode, 403);
      const enterprise = await t.credentials(['enterprise']);
      assert.equal((await t.get('/test/signal?must=1', enterprise)).statusCode, 200, 'enterprise includes signal');
    });

    it('needs no credentials for health, readiness, docs and the OpenAPI document', async () => {
      for (const url of ['/health', '/ready', '/openapi.json', '/docs/']) {
        const res = await t.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 200, url);
      }
    });

    it('asks for credentials before saying a route does not exist', async () => {
      assert.equal((await t.inject({ method: 'GET', url: '/rest/nothing-here' })).statusCode, 401);
    });
  });
}
