// Hostile requests generated from the OpenAPI document, so that every operation (a new one included) is fuzzed without
// a line of its own: wrong types, missing and unknown fields, numbers that are huge, negative, NaN or infinite (as
// numbers and as strings), 1 MB strings, deep JSON, invalid UTF-8, malformed JSON and percent-encoding, wrong content
// types, traversal / SQL / regex metacharacters and impossible dates. Seeded: the same seed gives the same requests.

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  minItems?: number;
  minLength?: number;
}

export interface Operation {
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  body: JsonSchema | null;
}

export interface FuzzRequest {
  operation: Operation;
  method: string;
  /** Path and query exactly as sent on the wire (possibly malformed). */
  url: string;
  headers: Record<string, string>;
  /** Raw body bytes, or null for none. */
  body: Buffer | null;
  /** What was spoilt, for the failure message. */
  what: string;
}

/** Reads every operation of an OpenAPI 3 document. */
export function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      out.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body });
    }
  }
  return out;
}

const INF = '\u0001INF\u0001';
const NEG_INF = '\u0001NEGINF\u0001';

/** Junk for a parameter or a string field (sent as text). */
export const JUNK_TEXT: readonly string[] = [
  '',
  ' ',
  'Infinity',
  '-Infinity',
  '+Infinity',
  '1e309',
  '-1e309',
  'NaN',
  '-0',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-99999999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  'x',
  'ON_PEAK',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR '1'='1",
  "'; DROP TABLE lses; --",
  '"',
  '\\',
  '%',
  '_',
  '^(([a-z]+)+)+[0-9]$',
  '(a|a)*$',
  '(?<name>x)',
  '[',
  '(',
  '*',
  '\\p{L}',
  'a{99999}',
  '(?=x)',
  '2025-02-30',
  '2024-13-01',
  '0000-00-00',
  '-002024-01-01',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1969-12-31',
  '2025-03-09T02:30',
  '2025-11-02T01:30',
  '2024-02-29T24:00',
  'T',
  '2025-07-01T00:00:00+99:00',
  'é',
  '\u202e',
  '😀',
  '\ufeff',
  'a\u0000b',
  'x'.repeat(8_000),
];

/** Junk for a JSON body field (sent as JSON; INF stands for an overflowing number literal). */
export const JUNK_JSON: readonly unknown[] = [
  ...JUNK_TEXT.filter((s) => s.length < 100),
  INF,
  NEG_INF,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  null,
  true,
  false,
  [],
  {},
  [null],
  [{}],
  [[]],
  { a: 1 },
  [1, 'x', null],
  Array(50).fill(-3),
  'y'.repeat(1 << 20),
];

export interface Rng {
  rnd(): number;
  pick<T>(xs: readonly T[]): T;
  int(n: number): number;
}

export function seededRng(seed: number): Rng {
  let state = seed >>> 0 || 1;
  // xorshift32: fast, and the same sequence on every machine.
  const rnd = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const int = (n: number) => Math.floor(rnd() * n);
  return { rnd, int, pick: (xs) => xs[int(xs.length)]! };
}

/** A value of the schema's type that the operation will most likely accept. */
export function sampleOf(schema: JsonSchema | undefined, name: string, samples: Record<string, unknown>): unknown {
  if (name in samples) return structuredClone(samples[name]);
  if (!schema) return 'a';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return sampleOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], name, samples);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOf(schema.items, name, samples));
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const key of schema.required ?? []) o[key] = sampleOf(schema.properties?.[key], key, samples);
      return o;
    }
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const enc = (v: unknown) => encodeURIComponent(String(v));

/** JSON text with INF markers written as overflowing number literals (JSON.parse reads them as ±Infinity). */
function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(INF), '1e309').replaceAll(JSON.stringify(NEG_INF), '-1e309');
}

/** Every place in a JSON value as a path of keys, with the value there. */
function places(
  value: unknown,
  at: (string | number)[] = [],
  out: (string | number)[][] = [],
  depth = 0,
): (string | number)[][] {
  if (depth > 6 || value === null || typeof value !== 'object') return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.slice(0, 5).map((v, i) => [i, v])
    : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...at, k]);
    places(v, [...at, k], out, depth + 1);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): void {
  let cur = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else cur[last] = value;
}

function deepJson(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

type Mutation = (r: Rng, op: Operation, req: Draft) => string;

interface Draft {
  path: Record<string, string>;
  /** Raw (already encoded) query pairs. */
  query: [string, string][];
  headers: Record<string, string>;
  body: unknown;
  /** Raw body bytes that replace `body`. */
  rawBody: Buffer | null;
}

const paramMutation: Mutation = (r, op, d) => {
  const params = op.parameters.filter((p) => p.in !== 'header');
  if (!params.length) return queryJunk(r, op, d);
  const p = r.pick(params);
  const junk = r.pick(JUNK_TEXT);
  if (p.in === 'path') d.path[p.name] = enc(junk);
  else {
    d.query = d.query.filter(([k]) => k !== p.name);
    d.query.push([p.name, enc(junk)]);
  }
  return `${p.in} ${p.name}=${JSON.stringify(junk.slice(0, 40))}`;
};

const queryJunk: Mutation = (r, op, d) => {
  const params = op.parameters.filter((p) => p.in === 'query');
  const name =
    params.length && r.rnd() < 0.7 ? r.pick(params).name : r.pick(['unknownParam', 'fields', 'pageCount', 'search']);
  // Malformed percent-encoding, invalid UTF-8 and repeated names: what a careless client sends.
  const raw = r.pick([
    '%',
    '%zz',
    '%E0%A4%A',
    '%C3%28',
    '%FF%FE',
    '%ED%A0%80',
    'a%00b',
    '1&',
    '%2',
    `Infinity&${name}=1`,
  ]);
  d.query.push([name, raw]);
  if (r.rnd() < 0.3) d.query.push([name, enc(r.pick(JUNK_TEXT))]);
  return `raw query ${name}=${raw}`;
};

const pathJunk: Mutation = (r, op, d) => {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (!params.length) return queryJunk(r, op, d);
  const p = r.pick(params);
  const raw = r.pick([
    '%',
    '%zz',
    '%C3%28',
    '..',
    '%2e%2e%2f%2e%2e',
    '%00',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    '%20',
    'a%2Fb',
  ]);
  d.path[p.name] = raw;
  return `raw path ${p.name}=${raw}`;
};

const bodyField: Mutation = (r, op, d) => {
  if (d.body === undefined) return paramMutation(r, op, d);
  const spots = places(d.body);
  // A copy: the list's arrays and objects are shared, and one put inside a body that already holds it (a later
  // mutation of the same request) would make the body circular.
  const junk = structuredClone(r.pick(JUNK_JSON));
  if (!spots.length) {
    d.body = junk;
    return `body=${String(jsonText(junk)).slice(0, 60)}`;
  }
  const spot = r.pick(spots);
  const action = r.rnd();
  if (action < 0.15) {
    setAt(d.body, spot, undefined, true);
    return `body ${spot.join('.')} removed`;
  }
  if (action < 0.25) {
    setAt(d.body, [...spot.slice(0, -1), `unknownField${r.int(9)}`], junk);
    return `body ${spot.slice(0, -1).join('.')}.unknownField added`;
  }
  setAt(d.body, spot, junk);
  return `body ${spot.join('.')}=${String(jsonText(junk)).slice(0, 60)}`;
};

const wholeBody: Mutation = (r, op, d) => {
  if (d.body === undefined) return paramMutation(r, op, d);
  const kind = r.int(9);
  switch (kind) {
    case 0:
      d.rawBody = Buffer.from('{"a": 1,');
      return 'malformed JSON';
    case 1:
      d.rawBody = Buffer.from(deepJson(20_000));
      return 'JSON nested 20,000 deep';
    case 2:
      d.headers['content-type'] = r.pick([
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'bogus',
      ]);
      d.rawBody = Buffer.from(jsonText(d.body ?? {}));
      return `content-type ${d.headers['content-type']}`;
    case 3:
      d.rawBody = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]);
      return 'invalid UTF-8 in JSON';
    case 4:
      d.rawBody = Buffer.alloc(0);
      return 'empty body';
    case 5:
      d.rawBody = Buffer.from(jsonText(r.pick([null, 1, 'x', [], true, INF])));
      return `body ${d.rawBody.toString().slice(0, 20)}`;
    case 6:
      d.rawBody = Buffer.from(`{"x":"${'z'.repeat(1 << 20)}"}`);
      return '1 MB string body';
    case 7:
      d.headers['content-encoding'] = r.pick(['gzip', 'deflate', 'br']);
      d.rawBody = Buffer.from('not compressed at all');
      return `content-encoding ${d.headers['content-encoding']} on plain bytes`;
    default:
      d.rawBody = Buffer.from(`[${Array(2000).fill('1e309').join(',')}]`);
      return 'array of overflowing numbers';
  }
};

const MUTATIONS: readonly [Mutation, number][] = [
  [paramMutation, 4],
  [queryJunk, 1],
  [pathJunk, 1],
  [bodyField, 4],
  [wholeBody, 1],
];

function pickMutation(r: Rng): Mutation {
  const total = MUTATIONS.reduce((s, [, w]) => s + w, 0);
  let x = r.rnd() * total;
  for (const [m, w] of MUTATIONS) {
    x -= w;
    if (x < 0) return m;
  }
  return MUTATIONS[0]![0];
}

export interface FuzzPlan {
  operations: Operation[];
  /** Valid values by parameter or field name (an LSE id that exists, ...). */
  samples: Record<string, unknown>;
  /** Valid bodies by "METHOD path", to start from something that reaches deep code. */
  bodies: Record<string, unknown>;
  /** Valid query pairs by "METHOD path". */
  queries?: Record<string, Record<string, string>>;
}

/**
 * `count` requests spread round-robin over the operations, each with one to three spoils; but the first round sends
 * each operation its sample request unspoilt, so that every operation is reached past its validation at least once
 * whatever the seed and however many operations share the requests.
 */
export function* fuzzRequests(plan: FuzzPlan, seed: number, count: number): Generator<FuzzRequest> {
  const r = seededRng(seed);
  for (let n = 0; n < count; n++) {
    const op = plan.operations[n % plan.operations.length]!;
    const key = `${op.method} ${op.path}`;
    const d: Draft = { path: {}, query: [], headers: {}, body: undefined, rawBody: null };
    for (const p of op.parameters) {
      if (p.in === 'path') d.path[p.name] = enc(sampleOf(p.schema, p.name, plan.samples));
    }
    for (const [k, v] of Object.entries(plan.queries?.[key] ?? {})) d.query.push([k, enc(v)]);
    // An operation whose body the document does not describe (a streamed import) takes its sample body from the plan.
    if (op.body || key in plan.bodies) {
      d.body = key in plan.bodies ? structuredClone(plan.bodies[key]) : sampleOf(op.body!, 'body', plan.samples);
      d.headers['content-type'] = 'application/json';
    }
    const spoils: string[] = [];
    const times = n < plan.operations.length ? 0 : 1 + r.int(3);
    for (let k = times; k > 0; k--) spoils.push(pickMutation(r)(r, op, d));
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => d.path[name] ?? 'x');
    const query = d.query.map(([k, v]) => `${k}=${v}`).join('&');
    const body = d.rawBody ?? (d.body === undefined ? null : Buffer.from(jsonText(d.body)));
    yield {
      operation: op,
      method: op.method,
      url: query ? `${path}?${query}` : path,
      headers: d.headers,
      body,
      what: spoils.join('; ') || 'unspoilt (the first round)',
    };
  }
}
