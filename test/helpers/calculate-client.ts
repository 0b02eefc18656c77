// POSTs to the calculation operations as one application: the answer, its first result when it must succeed, or
// the 400 it must be naming a parameter. Shared by the calculation tests that post many bodies.
import assert from 'node:assert/strict';
import type { NewCredentials } from '../../src/modules/keys/keys.service.ts';
import type { TestApp } from './test-app.ts';

const CALCULATE = '/rest/v1/ondemand/calculate';

/** `app` and `who` are read at each call: tests set them in `before`. A string body is sent as it is (raw JSON). */
export function calculateClient(app: () => TestApp, who: () => NewCredentials) {
  const post = async (url: string, body: unknown) => {
    const t = app();
    const res = await t.inject({
      method: 'POST',
      url,
      headers: { authorization: t.authHeader(who()), 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ok = async (body: unknown, url = CALCULATE) => {
    const r = await post(url, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results[0];
  };
  const refused = async (body: unknown, propertyName: string, url = CALCULATE) => {
    const r = await post(url, body);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.results[0].propertyName, propertyName, JSON.stringify(r.body));
    return r.body.results[0];
  };
  return { post, ok, refused };
}
