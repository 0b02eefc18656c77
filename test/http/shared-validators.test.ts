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

  it('compiles a validator when it is first called, not when a route asks for it; then it is that validator', () => {
    const ajv = finiteNumbers(new Ajv({ coerceTypes: true }));
    let compiles = 0;
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((s: object, meta?: boolean) => {
      compiles++;
      return compile(s, meta);
    }) as typeof ajv.compile;
    const validate = sharedValidators(ajv).compile({ type: 'object', properties: { m: { type: 'integer' } } });
    assert.equal(compiles, 0);
    assert.equal(validate({ m: 'x' }), false);
    assert.equal(compiles, 1);
    // The errors Fastify reads off the function, and the schemaEnv it looks for to pass the root's parent.
    assert.equal(validate.errors?.[0]?.instancePath, '/m');
    assert.ok(validate.schemaEnv);
    const coerced = { m: '3' };
    assert.equal(validate(coerced), true);
    assert.equal(validate.errors, null);
    assert.deepEqual(coerced, { m: 3 });
    assert.equal(compiles, 1);
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
