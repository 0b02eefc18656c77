// The apps of one process share compiled validators (src/http/shared-validators.ts): only between Ajvs built the
// same way, and a shared validator still refuses for the app that got it from the cache.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { finiteNumbers } from '../../src/http/finite-numbers.ts';
import { sharedValidators } from '../../src/http/shared-validators.ts';
import { buildTestApp } from '../helpers/test-app.ts';

const schema = { type: 'object', properties: { n: { type: 'number', minimum: 0 } }, required: ['n'] };

describe('validators shared by the apps of a process', () => {
  it('an Ajv built the same way gets the validator compiled first; another options or schema, its own', () => {
    const make = (coerceTypes: boolean) => sharedValidators(finiteNumbers(new Ajv({ coerceTypes })));
    const first = make(true).compile(structuredClone(schema));
    assert.equal(make(true).compile(structuredClone(schema)), first);
    const uncoerced = make(false).compile(structuredClone(schema));
    assert.notEqual(uncoerced, first);
    assert.notEqual(make(true).compile({ ...schema, required: [] }), first);
    // Each behaves as its own options say, the finite-number keyword included.
    assert.equal(first({ n: '2' }), true);
    assert.equal(uncoerced({ n: '2' }), false);
    assert.equal(first({ n: 'Infinity' }), false);
  });

  it('a second app refuses a bad parameter as the first does, naming it', async () => {
    for (let k = 0; k < 2; k++) {
      const t = await buildTestApp('sqlite');
      try {
        const c = await t.credentials();
        await t.expectBadParameters('/rest/public/lses', c, [['pageCount=Infinity', 'pageCount']]);
      } finally {
        await t.close();
      }
    }
  });
});
