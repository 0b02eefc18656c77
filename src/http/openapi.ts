// The OpenAPI 3 document is generated from the route schemas; /docs is the interactive reference.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from './fastify-types.ts';

export async function registerOpenApi(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ratebook',
        version,
        description:
          'Self-hosted energy tariff reference and calculation API (Genability / Arcadia style). ' +
          'Every operation but /health, /ready, /docs and /openapi.json needs HTTP Basic credentials appId:appKey.',
      },
      components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
      security: [{ basicAuth: [] }],
    },
  });
  // The reference page and its assets are public, like the document they show.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), auth: false };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true }, staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: false } }, async () => app.swagger());
}
