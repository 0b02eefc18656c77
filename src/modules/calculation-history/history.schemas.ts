// Shapes of the calculation history answers (the OpenAPI document; the answers are written from the stored text).
import { Type } from '@sinclair/typebox';
import { ErrorEnvelopeSchema } from '../../http/response-schemas.ts';

export const HistoryParams = Type.Object({
  requestId: Type.String({ minLength: 1, maxLength: 100, description: 'The requestId of a calculation answer' }),
});

export const HistoryMetaSchema = Type.Object(
  {
    kind: Type.String({ description: 'single, mass, account or analysis' }),
    method: Type.String(),
    url: Type.String({ description: 'Path and query string as received' }),
    appId: Type.String({ description: 'The application whose key made the calculation' }),
    createdAt: Type.String({ description: 'When the answer was sent (ISO 8601, UTC)' }),
    requestBytes: Type.Integer({ description: 'Size of the JSON body as received (0: none)' }),
    requestTruncated: Type.Boolean({
      description:
        'Only the first HISTORY_MAX_RECORD_BYTES of the body were kept: results[0] is that text, as a string',
    }),
    responseType: Type.String(),
    responseBytes: Type.Integer(),
    responseTruncated: Type.Boolean({
      description:
        'Only the first HISTORY_MAX_RECORD_BYTES of the answer were kept: results[0] is that text, as a string',
    }),
  },
  { description: 'Ratebook extension: who made the calculation, when, through which operation' },
);

const answer = (type: string, result: string, description: string) =>
  Type.Object(
    {
      status: Type.Literal('success'),
      count: Type.Integer(),
      type: Type.String({ description: type }),
      results: Type.Array(Type.Unknown({ description: result })),
      requestId: Type.String(),
      history: HistoryMetaSchema,
    },
    { description },
  );

export const RequestAnswerSchema = answer(
  'CalculationRequest',
  'The JSON body as received; for a request without a body (GET), its query parameters',
  'The calculation request as it was received',
);

export const ResponseAnswerSchema = answer(
  "The calculation answer's own type: CalculatedCost, MassCalculation or AccountAnalysis",
  "The calculation answer's result as it was sent",
  'The calculation answer as it was sent (its envelope, with the history block added)',
);

export const historyResponses = <T extends ReturnType<typeof answer>>(ok: T) => ({
  200: ok,
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
});
