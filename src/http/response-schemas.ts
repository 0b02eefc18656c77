// TypeBox shapes of the envelopes, for route response schemas (OpenAPI and fast serialization).
import { Type, type TSchema } from '@sinclair/typebox';

export const ErrorItemSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  objectName: Type.Union([Type.String(), Type.Null()]),
  propertyName: Type.Union([Type.String(), Type.Null()]),
  propertyValue: Type.Union([Type.String(), Type.Null()]),
});

export const ErrorEnvelopeSchema = Type.Object(
  {
    status: Type.Literal('error'),
    count: Type.Integer(),
    type: Type.Literal('Error'),
    results: Type.Array(ErrorItemSchema),
  },
  { description: 'Every failure: 400, 401, 403, 404, 405, 413, 415, 429, 500' },
);

/** {status, count, type, results[item]} with the paging and request id extras. */
export function Envelope<T extends TSchema>(item: T, description = 'Success') {
  return Type.Object(
    {
      status: Type.Literal('success'),
      count: Type.Integer(),
      type: Type.Union([Type.String(), Type.Null()]),
      results: Type.Union([Type.Array(item), Type.Null()]),
      pageStart: Type.Optional(Type.Integer()),
      pageCount: Type.Optional(Type.Integer()),
      requestId: Type.Optional(Type.String()),
    },
    { description },
  );
}

/** The response map of a route: its success shape, and the error envelope for every failure. */
export function responses<T extends TSchema>(item: T, description?: string) {
  return { 200: Envelope(item, description), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema };
}
