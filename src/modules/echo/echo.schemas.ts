import { Type } from '@sinclair/typebox';
import { StringList } from '../../http/query-schemas.ts';

export const ECHO_ERROR_CODES = ['200', '301', '400', '403', '404', '500'] as const;

export const EchoValidateQuery = Type.Object({
  dateTime: Type.Optional(Type.String({ description: 'ISO 8601 date or date-time, with or without offset' })),
  integer: Type.Optional(Type.String({ description: 'A 32-bit signed integer' })),
  array: Type.Optional(StringList('Comma-separated and/or repeated values')),
});

export const EchoErrorParams = Type.Object({
  errorCode: Type.String({ description: `One of ${ECHO_ERROR_CODES.join(', ')}` }),
});

export const SimulatedErrorSchema = Type.Object({
  errorCode: Type.String({ description: 'The code to ask GET /rest/echo/errors/{errorCode} for' }),
  status: Type.Integer({ description: 'The HTTP status that answer has' }),
  message: Type.String({ description: "The answer's message (null results for 200)" }),
});

export const EchoPostBody = Type.Unknown({ description: 'Any JSON value; returned as the single result' });

export const ApplicationSchema = Type.Object({
  appId: Type.String(),
  orgId: Type.Integer(),
  organizationName: Type.String(),
  tiers: Type.Array(Type.String()),
});

export const ValidateResultSchema = Type.Object({
  array: Type.Union([Type.Array(Type.String()), Type.Null()]),
  integer: Type.Union([Type.Integer(), Type.Null()]),
  dateTime: Type.Union([Type.String(), Type.Null()]),
});
