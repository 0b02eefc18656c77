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
          app.get(
            '/test/signal',
            { config: { tier: 'signal' }, schema: { querystring: Type.Object({ must: Type.Integer() }) } },
            async () => ({ ok: true }),
          );
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
      for (const authorization of [
        'Bearer abc',
        'Basic !!!',
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        t.authHeader({ appId: 'nobody', appKey: c.appKey }),
        t.authHeader({ appId: c.appId, appKey: 'wrong' }),
      ]) {
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

    it('knows a token seen valid as sent, and still takes the same credentials written otherwise', async () => {
      const c = await t.credentials();
      const token = Buffer.from(`${c.appId}:${c.appKey}`).toString('base64');
      const echo = (authorization: string) =>
        t.inject({ method: 'GET', url: '/rest/echo', headers: { authorization } }).then((r) => r.statusCode);
      assert.equal(await echo(`Basic ${token}`), 200);
      assert.ok(t.keys.cachedPrincipalOfToken(token), 'the canonical token is known as sent');
      // Other spellings of the same credentials decode to the same pair: answered from the pair's cached verdict.
      for (const other of [`basic ${token}`, `Basic  ${token}`, `Basic ${token.replace(/=+$/, '')}`, `Basic ${token} `])
        assert.equal(await echo(other), 200, other);
      // A token known valid is dropped with its application's key: refused at once after a revocation.
      await t.keys.revoke(c.appId);
      assert.equal(t.keys.cachedPrincipalOfToken(token), undefined);
      assert.equal(await echo(`Basic ${token}`), 401);
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

for (const dialect of dialects) {
  describe(`failed credential budgets on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, {
        env: { AUTH_FAILURES_PER_ADDRESS: '5', AUTH_FAILURES_PER_APP: '8', AUTH_FAILURE_WINDOW_MS: '60000' },
      });
    });
    after(() => t.close());

    const from = (remoteAddress: string, c: { appId: string; appKey: string }) =>
      t.inject({ method: 'GET', url: '/rest/echo', remoteAddress, headers: { authorization: t.authHeader(c) } });

    it('answers 429 with Retry-After once an address has used up its failures, and only that address', async () => {
      for (let k = 0; k < 5; k++)
        assert.equal((await from('10.0.0.1', { appId: `nobody-${k}`, appKey: 'guess' })).statusCode, 401);
      const res = await from('10.0.0.1', { appId: 'nobody-5', appKey: 'guess' });
      assert.equal(res.statusCode, 429, res.body);
      assert.equal(res.json().results[0].propertyName, 'address');
      const retryAfter = Number(res.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      assert.equal(
        (await from('10.0.0.2', { appId: 'nobody-6', appKey: 'guess' })).statusCode,
        401,
        'another address is still checked',
      );
    });

    it('answers 429 once an appId has used up its failures from any addresses, yet its owner still gets in', async () => {
      const owner = await t.credentials();
      assert.equal((await from('10.1.0.1', owner)).statusCode, 200, 'the owner, seen valid once');
      for (let k = 0; k < 8; k++)
        assert.equal((await from(`10.2.0.${k}`, { appId: owner.appId, appKey: `guess-${k}` })).statusCode, 401);
      const res = await from('10.2.0.99', { appId: owner.appId, appKey: 'guess-9' });
      assert.equal(res.statusCode, 429, res.body);
      assert.equal(res.json().results[0].propertyName, 'appId');
      assert.ok(Number(res.headers['retry-after']) >= 1);
      // The owner's key, cached or proven before, is never refused for someone else's guesses.
      assert.equal((await from('10.1.0.1', owner)).statusCode, 200);
      assert.equal((await from('10.3.0.1', owner)).statusCode, 200, 'from a new address too');
      // An application that no one attacked is unaffected.
      assert.equal((await from('10.2.0.99', await t.credentials())).statusCode, 200);
    });

    it('refuses a key never seen valid once the budget is spent, without hashing it', async () => {
      const victim = await t.credentials();
      for (let k = 0; k < 8; k++) await from(`10.4.0.${k}`, { appId: victim.appId, appKey: `guess-${k}` });
      // What one hashed refusal costs on this machine now: a wrong key for an application no one attacked.
      const bystander = await t.credentials();
      const checks: number[] = [];
      for (let k = 0; k < 3; k++) {
        const at = performance.now();
        assert.equal((await from(`10.6.0.${k}`, { appId: bystander.appId, appKey: `wrong-${k}` })).statusCode, 401);
        checks.push(performance.now() - at);
      }
      const started = performance.now();
      for (let k = 0; k < 20; k++)
        assert.equal((await from(`10.5.0.${k}`, { appId: victim.appId, appKey: `more-${k}` })).statusCode, 429);
      const refusals = performance.now() - started;
      // Hashed, 20 refusals would cost 20 checks (30-45 ms each here); from the budget they take a few milliseconds.
      // Measured against this machine's own check, so a busy machine slows both sides alike.
      assert.ok(
        refusals < 10 * Math.min(...checks),
        `20 refusals ${refusals.toFixed(0)} ms, one check ${Math.min(...checks).toFixed(0)} ms`,
      );
    });
  });

  describe(`refusal timing on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { env: { AUTH_FAILURES_PER_ADDRESS: '0', AUTH_FAILURES_PER_APP: '0' } });
    });
    after(() => t.close());

    it('takes about as long to refuse an unknown appId as a known appId with a wrong key', async () => {
      const known = await t.credentials();
      const unknown: number[] = [];
      const wrongKey: number[] = [];
      const time = async (appId: string, appKey: string) => {
        const started = performance.now();
        const res = await t.inject({
          method: 'GET',
          url: '/rest/echo',
          headers: { authorization: t.authHeader({ appId, appKey }) },
        });
        assert.equal(res.statusCode, 401);
        return performance.now() - started;
      };
      for (let k = 0; k < 15; k++) {
        unknown.push(await time(`nobody-${k}`, `key-${k}`));
        wrongKey.push(await time(known.appId, `key-${k}`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ratio = median(unknown) / median(wrongKey);
      // Without the decoy key an unknown appId was refused in well under a millisecond against 30-45 ms.
      assert.ok(
        ratio > 0.5 && ratio < 2,
        `unknown ${median(unknown).toFixed(1)} ms, wrong key ${median(wrongKey).toFixed(1)} ms`,
      );
    });
  });
}
