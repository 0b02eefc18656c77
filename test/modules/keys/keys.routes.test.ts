// The admin key operations over HTTP: list (never a key), create, revoke and rotate; admin tier only; a change made here is
// refused by this process at once; unknown or bad appIds answered 404 / 400 naming appId; on both engines.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

for (const dialect of dialects) {
  describe(`admin key operations on ${dialect}`, () => {
    let t: TestApp;
    let admin: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { env: { AUTH_CACHE_TTL_MS: '3600000' } });
      admin = await t.credentials(['admin'], 'operators');
    });
    after(() => t.close());
    const post = (url: string, who: NewCredentials = admin) =>
      t.inject({ method: 'POST', url, headers: { authorization: t.authHeader(who) } });
    const echo = async (who: { appId: string; appKey: string }) => (await t.get('/rest/echo', who)).statusCode;

    it('lists every application with its organization and status, never a key or its hash', async () => {
      const user = await t.credentials(['signal'], 'customer-a');
      const res = await t.get('/rest/admin/applications', admin);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const listed = res.json().results.find((a: { appId: string }) => a.appId === user.appId);
      assert.deepEqual(
        { ...listed, createdAt: typeof listed.createdAt },
        {
          appId: user.appId,
          orgId: user.orgId,
          organization: 'customer-a',
          name: 'default',
          tiers: ['signal'],
          status: 'ACTIVE',
          createdAt: 'string',
          keyRotatedAt: null,
          revokedAt: null,
        },
      );
      assert.doesNotMatch(res.body, new RegExp(user.appKey));
      assert.doesNotMatch(res.body, /scrypt|salt/i);
    });

    it('creates an application whose key, answered once, works with the tiers given', async () => {
      const create = (payload: object) =>
        t.inject({
          method: 'POST',
          url: '/rest/admin/applications',
          payload,
          headers: { authorization: t.authHeader(admin), 'content-type': 'application/json' },
        });
      const res = await create({ organization: 'customer-new', tiers: ['signal', 'privateTou'], name: 'pv-app' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const made = res.json().results[0];
      assert.deepEqual(made.tiers, ['signal', 'privateTou']);
      assert.equal(made.organization, 'customer-new');
      assert.equal(await echo(made), 200);
      const tax = await t.get('/rest/v1/utilitytaxes?search=oakland&searchOn=location', made);
      assert.equal(tax.statusCode, 200, 'the signal tier');
      assert.equal((await t.get('/rest/admin/applications', made)).statusCode, 403, 'not admin');
      const plain = (await create({ organization: 'customer-new' })).json().results[0];
      assert.deepEqual([plain.tiers, plain.orgId], [[], made.orgId], 'the same organization, public data only');
      for (const [payload, name] of [
        [{ tiers: ['signal'] }, 'organization'],
        [{ organization: '' }, 'organization'],
        [{ organization: 'x', tiers: ['gold'] }, 'tiers'],
        // A field the operation does not take: the body is named (Ratebook's rule for additional properties).
        [{ organization: 'x', appKey: 'chosen' }, 'body'],
      ] as const) {
        const bad = await create(payload);
        assert.equal(bad.statusCode, 400, `${JSON.stringify(payload)}: ${bad.body}`);
        assert.match(bad.json().results[0].propertyName, new RegExp(`^${name}`), JSON.stringify(payload));
      }
    });

    it('needs the admin tier: any other caller is refused before anything changes', async () => {
      const user = await t.credentials(['signal', 'enterprise', 'privateTou'], 'customer-b');
      assert.equal((await t.get('/rest/admin/applications', user)).statusCode, 403);
      assert.equal((await post(`/rest/admin/applications/${user.appId}/revoke`, user)).statusCode, 403);
      assert.equal((await post(`/rest/admin/applications/${user.appId}/rotate`, user)).statusCode, 403);
      assert.equal((await post('/rest/admin/applications', user)).statusCode, 403);
      const anonymous = await t.inject({ method: 'POST', url: `/rest/admin/applications/${user.appId}/revoke` });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(await echo(user), 200, 'still valid');
    });

    it('revokes: the key, cached a moment ago, is refused at the next request; revoking again changes nothing', async () => {
      const user = await t.credentials(['signal'], 'customer-c');
      assert.equal(await echo(user), 200, 'verified and cached (for an hour)');
      const res = await post(`/rest/admin/applications/${user.appId}/revoke`);
      assert.equal(res.statusCode, 200, res.body);
      const revoked = res.json().results[0];
      assert.equal(revoked.status, 'REVOKED');
      assert.match(revoked.revokedAt, /^\d{4}-\d\d-\d\dT/);
      assert.equal(await echo(user), 401);
      const again = (await post(`/rest/admin/applications/${user.appId}/revoke`)).json().results[0];
      assert.equal(again.revokedAt, revoked.revokedAt, 'the first revocation stands');
      const rotated = await post(`/rest/admin/applications/${user.appId}/rotate`);
      assert.equal(rotated.statusCode, 404, 'a revoked application gets no new key');
      assert.equal(rotated.json().results[0].propertyName, 'appId');
    });

    it('rotates: the new key is answered once and works, the old one is refused at once', async () => {
      const user = await t.credentials(['signal', 'privateTou'], 'customer-d');
      assert.equal(await echo(user), 200);
      const res = await post(`/rest/admin/applications/${user.appId}/rotate`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const fresh = res.json().results[0];
      assert.deepEqual(
        { ...fresh, appKey: typeof fresh.appKey },
        {
          appId: user.appId,
          appKey: 'string',
          orgId: user.orgId,
          organization: 'customer-d',
          tiers: ['signal', 'privateTou'],
        },
      );
      assert.notEqual(fresh.appKey, user.appKey);
      assert.equal(await echo(user), 401, 'the old key');
      assert.equal(await echo({ appId: user.appId, appKey: fresh.appKey }), 200, 'the new key');
      const listed = (await t.get('/rest/admin/applications', admin))
        .json()
        .results.find((a: { appId: string }) => a.appId === user.appId);
      assert.match(listed.keyRotatedAt, /^\d{4}-/);
    });

    it('answers an unknown appId 404 naming appId, and one too long for any path 400 naming the path', async () => {
      for (const op of ['revoke', 'rotate']) {
        const unknown = await post(`/rest/admin/applications/no-such-app/${op}`);
        assert.equal(unknown.statusCode, 404, unknown.body);
        assert.deepEqual(
          [unknown.json().results[0].propertyName, unknown.json().results[0].propertyValue],
          ['appId', 'no-such-app'],
        );
        // Fastify refuses any path parameter over 100 characters before routing (error-handler.ts names the path).
        const long = await post(`/rest/admin/applications/${'x'.repeat(101)}/${op}`);
        assert.equal(long.statusCode, 400, long.body);
        assert.equal(long.json().results[0].propertyName, 'path');
      }
      assert.equal(await echo(admin), 200);
    });
  });
}
