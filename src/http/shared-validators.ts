// The apps of one process share their compiled request validators.
//
// Fastify gives every app its own Ajv, and Ajv compiling each route's schemas again was most of the time an app took to
// start (about 0.4 s of CPU for some 150 routes): little for one server, but a cluster's workers and above all the test
// suite (hundreds of apps, one or more per test file) paid it every time. A validator depends only on its schema and on
// Ajv's options and keywords, so one compiled for an app serves every later app of the process built the same way.
//
// And each is compiled on its route's first request, or ahead of it once a server listens (built-on-first-use.ts).
import type { Ajv, ValidateFunction } from 'ajv';
import { onFirstUse } from './built-on-first-use.ts';

type Compile = Ajv['compile'];

/** A validator that compiles its schema the first time it is called (or ahead), and then is that compiled validator. */
function compiledOnFirstUse(make: () => ValidateFunction): ValidateFunction {
  const real = onFirstUse(make);
  const validate = function (this: unknown, ...args: Parameters<ValidateFunction>) {
    const valid = real().apply(this, args);
    // Fastify reads the errors off the function it was given.
    validate.errors = real().errors;
    return valid;
  } as ValidateFunction;
  // Fastify hands a validator with a schemaEnv (every compiled one has it) the request as the root's parent, so
  // that coercion can replace a root value: the same for this one, read (and so compiled) on the route's first request.
  Object.defineProperty(validate, 'schemaEnv', { get: () => real().schemaEnv });
  return validate;
}

const compiled = new Map<string, ReturnType<Compile>>();

/**
 * The Ajv plugin (Fastify's `ajv.plugins`, after the plugins that add keywords): `compile` answers from the process's
 * cache, keyed by the Ajv's options and the schema's JSON (a route schema is plain JSON; TypeBox's symbols mean nothing
 * to Ajv).
 */
export function sharedValidators(ajv: Ajv): Ajv {
  // Ajv's options hold modules (its URI resolver) that refer to themselves: each object once, functions by name.
  const seen = new WeakSet<object>();
  const options = JSON.stringify(ajv.opts, (_key, value: unknown) => {
    if (typeof value === 'function') return `function ${value.name}`;
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return '(seen)';
    seen.add(value);
    return value;
  });
  const compile = ajv.compile.bind(ajv) as Compile;
  ajv.compile = ((schema: Parameters<Compile>[0], meta?: boolean) => {
    const key = `${options}\n${meta === true}\n${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compiledOnFirstUse(() => compile(schema, meta)) as ReturnType<Compile>;
      compiled.set(key, validate);
    }
    return validate;
  }) as Compile;
  return ajv;
}
