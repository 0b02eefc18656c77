// Echo and diagnostics (spec section "Echo and diagnostics").
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  ApplicationSchema,
  EchoErrorParams,
  EchoPostBody,
  EchoValidateQuery,
  SimulatedErrorSchema,
  ValidateResultSchema,
} from './echo.schemas.ts';
import { simulatedError, simulatedErrors, validateFirst } from './echo.service.ts';
import { page } from '../../http/envelope.ts';

const tags = ['Echo'];
const emptySuccess = { status: 'success', count: 0, type: null, results: null } as const;

export async function echoRoutes(app: App): Promise<void> {
  // Synchronous: Fastify sends a returned value at once, with no promise to settle (the benchmarked route).
  app.get(
    '/rest/echo',
    { schema: { tags, summary: 'Succeeds when the credentials are valid', response: responses(Type.Null()) } },
    () => emptySuccess,
  );

  app.get(
    '/rest/echo/hello',
    { schema: { tags, summary: 'Two greeting strings', response: responses(Type.String()) } },
    async () => ({
      status: 'success' as const,
      // The spec: two greeting strings, count 1.
      count: 1,
      type: null,
      results: ['Hello World!', 'Hola Mundo!'],
    }),
  );

  app.get(
    '/rest/echo/authenticate',
    {
      schema: {
        tags,
        summary: 'The calling application, when its credentials are valid',
        response: responses(ApplicationSchema),
      },
    },
    async (request) => {
      const p = request.principal!;
      return single('Application', {
        appId: p.appId,
        orgId: p.orgId,
        organizationName: p.orgName,
        tiers: [...p.tiers].sort(),
      });
    },
  );

  app.get(
    '/rest/echo/validate',
    {
      schema: {
        tags,
        summary: 'Validates the first of dateTime, integer or array',
        querystring: EchoValidateQuery,
        response: responses(ValidateResultSchema),
      },
    },
    async (request) => single(null, validateFirst(request.query as Record<string, unknown>)),
  );

  app.get(
    '/rest/echo/errors',
    {
      schema: {
        tags,
        summary: 'The simulated errors GET /rest/echo/errors/{errorCode} answers: each code, its status and message',
        response: responses(SimulatedErrorSchema),
      },
    },
    () => {
      const all = simulatedErrors();
      return page('SimulatedError', all, all.length, { pageStart: 0, pageCount: all.length });
    },
  );

  app.get(
    '/rest/echo/errors/:errorCode',
    {
      schema: {
        tags,
        summary: 'A simulated error with the given code',
        params: EchoErrorParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const error = simulatedError(request.params.errorCode);
      if (error) throw error;
      return emptySuccess;
    },
  );

  app.post(
    '/rest/echo',
    {
      schema: {
        tags,
        summary: "Ratebook extension: returns the JSON body, to check a client's request encoding",
        body: EchoPostBody,
        response: responses(Type.Unknown()),
      },
    },
    async (request) => single(null, request.body ?? null),
  );
}
