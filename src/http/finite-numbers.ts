// Every number a client sends through a schema is finite, and every integer a safe integer.
//
// Ajv's type coercion reads the strings "Infinity", "-Infinity" and "1e309" as numbers and then skips the type's
// own checks (minimum, maximum) for a value that is not finite, so `pageCount=Infinity` or `"toDayOfWeek":
// "Infinity"` reached the services as Infinity: one grew an array without bound and aborted the process. This Ajv
// plugin adds a keyword to every number and integer schema as it is compiled; the keyword runs after coercion, on the
// coerced value, whatever its type, and its failure is an ordinary validation error naming the field.
import type { Ajv } from 'ajv';

const KEYWORD = 'x-finite';

type Schema = Record<string, unknown>;

function isNumeric(schema: Schema): 'integer' | 'number' | null {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return null;
}

/** A copy of the schema with the keyword on each number and integer schema (route schemas are shared; never mutated). */
export function withFiniteChecks(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withFiniteChecks);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    // `enum`, `const` and `default` hold data, not schemas.
    out[key] =
      key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : withFiniteChecks(value);
  }
  const numeric = isNumeric(out);
  if (numeric) out[KEYWORD] = numeric;
  return out;
}

interface KeywordValidate {
  (kind: 'integer' | 'number', data: unknown): boolean;
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
}

const validate: KeywordValidate = (kind, data) => {
  if (typeof data !== 'number') return true;
  if (kind === 'integer' ? Number.isSafeInteger(data) : Number.isFinite(data)) return true;
  validate.errors = [
    {
      keyword: KEYWORD,
      message: Number.isFinite(data)
        ? `must be a whole number from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`
        : 'must be a finite number',
      params: {},
    },
  ];
  return false;
};

/** The Ajv plugin (Fastify's `ajv.plugins`). */
export function finiteNumbers(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: KEYWORD, schemaType: 'string', errors: true, validate });
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: unknown, meta?: boolean) =>
    compile(withFiniteChecks(schema) as Schema, meta)) as typeof ajv.compile;
  return ajv;
}
