import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { responses } from '../../src/http/response-schemas.ts';
import { responseSerializerCompiler, rewrite } from '../../src/http/serializer-compiler.ts';

/** fast-json-stringify as Fastify's default compiler runs it, on the schema as written. */
const plainSerializer = (schema: unknown) => fastJsonStringify(schema as object);

const Item = Type.Object({
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Union([Type.Number(), Type.Null()]),
  kind: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Null()]),
  flags: Type.Union([Type.Array(Type.String()), Type.Null()]),
  when: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  nested: Type.Union([Type.Object({ x: Type.Integer() }), Type.Null()]),
  either: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Integer() })]),
});

const items = [
  {
    name: 'E-1',
    code: 'E1',
    amount: 0.30123,
    kind: 'A',
    flags: ['x', 'y'],
    when: '2026-01-01T00:00:00-08:00',
    nested: { x: 3 },
    either: { a: 'left' },
  },
  { name: 'E-TOU-C', code: null, amount: null, kind: null, flags: null, when: null, nested: null, either: { b: 2 } },
  {
    name: 'with a Date',
    code: 'q"uote',
    amount: 0,
    kind: 'B',
    flags: [],
    when: new Date(Date.UTC(2025, 5, 1)),
    nested: { x: 0 },
    either: { a: '' },
  },
];

describe('response serializers', () => {
  const compile = responseSerializerCompiler();

  it('write the same JSON as fast-json-stringify on the schemas as written', () => {
    const schema = responses(Item)[200];
    const ours = compile({ schema });
    const theirs = plainSerializer(schema);
    for (const results of [items, null, []]) {
      const envelope = { status: 'success', count: results?.length ?? 0, type: results ? 'Item' : null, results };
      assert.equal(ours(envelope), theirs(envelope));
      // And the JSON a client reads is the value itself (dates as ISO strings).
      assert.deepEqual(JSON.parse(ours(envelope)), JSON.parse(JSON.stringify(envelope)));
    }
    const error = responses(Item)['4xx'];
    const failure = {
      status: 'error',
      count: 1,
      type: 'Error',
      results: [
        { code: 'InvalidArgument', message: 'm', objectName: null, propertyName: 'zipCode', propertyValue: 'x' },
      ],
    };
    assert.equal(compile({ schema: error })(failure), plainSerializer(error)(failure));
  });

  it('turn "X or null" and unions of constants into plain types, and keep other unions', () => {
    const out = rewrite(Item) as { properties: Record<string, Record<string, unknown>> };
    assert.deepEqual(out.properties.code, { type: 'string', nullable: true });
    assert.deepEqual(out.properties.amount, { type: 'number', nullable: true });
    assert.deepEqual(out.properties.kind, { type: 'string', nullable: true });
    assert.deepEqual(out.properties.flags, { type: 'array', items: { type: 'string' }, nullable: true });
    assert.deepEqual(out.properties.when, { type: 'string', format: 'date-time', nullable: true });
    assert.equal(out.properties.nested!.nullable, true);
    // Two object shapes: only a validator can tell which one a value is, so the union stays.
    assert.equal((out.properties.either!.anyOf as unknown[]).length, 2);
    // A description beside the union survives; anything else beside it keeps the union as written.
    assert.deepEqual(rewrite({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'd' }), {
      type: 'string',
      nullable: true,
      description: 'd',
    });
    assert.ok('anyOf' in (rewrite({ anyOf: [{ type: 'string' }, { type: 'null' }], default: 'x' }) as object));
    // Constants of different JSON types stay a union.
    assert.ok('anyOf' in (rewrite(Type.Union([Type.Literal('a'), Type.Literal(1)])) as object));
  });

  it('builds one serializer per distinct schema', () => {
    const a = compile({ schema: responses(Type.Null())[200] });
    const b = compile({ schema: responses(Type.Null())[200] });
    const c = compile({ schema: responses(Type.String())[200] });
    assert.equal(a, b);
    assert.notEqual(a, c);
  });

  it('still refuses what the schema cannot write', () => {
    const ours = compile({ schema: responses(Item)[200] });
    assert.throws(() => ours({ status: 'success', count: 1, type: null, results: [{ ...items[0], either: 5 }] }));
  });
});
