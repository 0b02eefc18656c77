// Response serializers (fast-json-stringify), built once per distinct schema and from a schema rewritten so that
// serializing never validates.
//
// Why (bench/README.md, authenticated echo): fast-json-stringify serializes an `anyOf` by running an Ajv validator on
// the value for each branch until one matches, so every envelope (`type` and `results` are "X or null") ran Ajv
// validators per answer, and every route and status code got its own serializer with its own Ajv instance: about
// 1,500 builds at start-up. Ajv's code generation makes thousands of short-lived objects, each with a different first
// property name (`_errs12`, `data3`, ...). V8 links every such shape to the plain-object root shape, and once that
// root holds its maximum (1,536 links) every object that gains a property afterwards gets a shape of its own until a
// full garbage collection. Node's own per-request objects (process.nextTick's tick objects, header maps) made after
// start-up got a new shape each and went through V8's runtime: this module and Ajv's `code.optimize: false` (app.ts)
// took the authenticated echo from 181k to 139k instructions. The other half of that cost, nextTick's call sites
// turned megamorphic by full collections, is src/runtime/tick-object-shape.ts's.
//
// The rewrite keeps the JSON: "X or null" becomes X with `nullable: true` (null is written as null, anything else as
// X), and a union of constants of one JSON type becomes that type. Unions of anything else keep their validators.
import fastJsonStringify from 'fast-json-stringify';
import { onFirstUse } from './built-on-first-use.ts';

type Schema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

/**
 * One root id for every response schema: fast-json-stringify files each root under an id, by default a new
 * `__fjs_root_N` per build, which is again a new first property name per build (see above).
 */
const ROOT_ID = 'ratebook-response';

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const isNullSchema = (s: unknown): boolean => isObject(s) && s.type === 'null' && Object.keys(s).length === 1;

/** The JSON type of a schema that is exactly one constant (TypeBox's Literal), or null. */
function constantType(s: unknown): string | null {
  if (!isObject(s) || !('const' in s)) return null;
  const extra = Object.keys(s).filter((k) => k !== 'const' && k !== 'type');
  if (extra.length > 0) return null;
  const t = typeof s.const;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : null;
}

/** The same union without validators, or null when it has to keep them. */
function withoutValidators(branches: unknown[]): Schema | null {
  const nonNull = branches.filter((b) => !isNullSchema(b));
  const nullable = nonNull.length < branches.length;
  if (nonNull.length === 0) return null;
  if (nonNull.length === 1) {
    const only = rewrite(nonNull[0]);
    if (!nullable || !isObject(only) || only.nullable !== undefined || Array.isArray(only.type)) return null;
    return { ...only, nullable: true };
  }
  const types = new Set(nonNull.map(constantType));
  if (types.size !== 1 || types.has(null)) return null;
  const [type] = types as Set<string>;
  return nullable ? { type, nullable: true } : { type };
}

/** A plain copy of a schema (no TypeBox symbols) with validator-free unions where the JSON stays the same. */
export function rewrite(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewrite);
  if (!isObject(schema)) return schema;
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && Object.keys(schema).every((k) => k === 'anyOf' || k === 'oneOf' || k === 'description')) {
    const plain = withoutValidators(union);
    if (plain) return schema.description === undefined ? plain : { ...plain, description: schema.description };
  }
  const copy: Schema = {};
  for (const key of Object.keys(schema)) copy[key] = rewrite(schema[key]);
  return copy;
}

/**
 * Built serializers, shared by every app of the process (a serializer depends on its schema alone): a cluster's workers
 * and the test suite's hundreds of apps build each once, and only when a response first needs it.
 */
const built = new Map<string, Serializer>();

/**
 * Fastify's `serializerCompiler`: one serializer per distinct response schema. Ratebook shares no schemas through
 * `app.addSchema`; a `$ref` to one would need them passed to fast-json-stringify as its `schema` option.
 */
export function responseSerializerCompiler(): (route: { schema: unknown }) => Serializer {
  return ({ schema }) => {
    const plain = { ...(rewrite(schema) as Schema), $id: ROOT_ID };
    const key = JSON.stringify(plain);
    let serializer = built.get(key);
    if (!serializer) {
      // Built on the first answer that uses it, or ahead once a server listens (built-on-first-use.ts).
      const real = onFirstUse(() => fastJsonStringify(plain) as Serializer);
      serializer = (data) => real()(data);
      built.set(key, serializer);
    }
    return serializer;
  };
}
