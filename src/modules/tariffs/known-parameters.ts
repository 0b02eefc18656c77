// A query parameter an operation does not know is a 400 naming it, for the operations that opt in (the tariff list):
// a filter the client believes it applied must never be dropped without a word. Other operations keep ignoring unknown
// parameters, as the original does (DESIGN.md).
import type { FastifyRequest } from 'fastify';
import type { TObject } from '@sinclair/typebox';
import { invalidArgument } from '../../http/errors.ts';

/**
 * Credentials the original's clients put in the query string. Ratebook authenticates by HTTP Basic only (see
 * src/http/auth.ts), so these are not read; they are let through so that such clients keep working.
 */
export const QUERY_CREDENTIALS = ['appId', 'appKey'] as const;

/** A preValidation hook refusing any query parameter that is not a property of `schema` (or a query credential). */
export function refuseUnknownQuery(schema: TObject, also: readonly string[] = QUERY_CREDENTIALS) {
  const known = new Set([...Object.keys(schema.properties), ...also]);
  const list = [...known].sort().join(', ');
  return async (request: FastifyRequest): Promise<void> => {
    const query = request.query as Record<string, unknown> | null | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [name, value] of Object.entries(query)) {
      // "?&x=1" or "?=1" carry no parameter name: nothing a client meant to send.
      if (name === '' || known.has(name)) continue;
      const shown = Array.isArray(value) ? value[0] : value;
      throw invalidArgument(
        name,
        shown,
        `${name} is not a parameter of this operation (names are case-sensitive); it takes: ${list}`,
      );
    }
  };
}
