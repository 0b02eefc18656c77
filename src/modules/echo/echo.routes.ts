// Echo and diagnostics (spec section "Echo and diagnostics").

import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { EchoErrorParams, EchoPostBody, EchoValidateQuery } from './echo.schemas.ts';
import { simulatedError, validateFirst } from './echo.service.ts';

const tags = ['Echo'];
const emptySuccess = { status: 'success', count: 0, type: null, results: null } as const;

export async function echoRoutes(app: App): Promise<void> {
  app.get('/rest/echo', { schema: { tags, summary: 'Succeeds when the credentials are valid' } }, async () => emptySuccess);

  app.get('/rest/echo/hello', { schema: { tags, summary: 'Two greeting strings' } }, async () => ({
    status: 'success',
    count: 1,
    type: null,
    results: ['Hello World!', 'Hola Mundo!'],
  }));

  app.get('/rest/echo/authenticate', { schema: { tags, summary: 'The calling application, when its credentials are valid' } }, async (request) => {
    const p = request.principal!;
    return single('Application', { appId: p.appId, orgId: p.orgId, organizationName: p.orgName, tiers: [...p.tiers].sort() });
  });

  app.get(
    '/rest/echo/validate',
    { schema: { tags, summary: 'Validates the first of dateTime, integer or array', querystring: EchoValidateQuery } },
    async (request) => ({ status: 'success', count: 1, type: null, results: [validateFirst(request.query as Record<string, unknown>)] }),
  );

  app.get('/rest/echo/errors/:errorCode', { schema: { tags, summary: 'A simulated error with the given code', params: EchoErrorParams } }, async (request) => {
    const error = simulatedError(request.params.errorCode);
    if (error) throw error;
    return emptySuccess;
  });

  app.post(
    '/rest/echo',
    { schema: { tags, summary: 'Ratebook extension: returns the JSON body, to check a client\'s request encoding', body: EchoPostBody, response: {} } },
    async (request) => single(null, request.body ?? null),
  );
}

