// CORS, and the request id every answer carries, in one onRequest hook that runs for every request before
// authentication: a preflight needs no credentials, and a refused request still tells a browser why. It replaces
// @fastify/cors, which copied its options and built the route's options twice per request: about 4 of the 38 us of
// server CPU an authenticated echo took (bench/README.md). Headers a browser reads only in CORS mode go only on
// requests that carry Origin (browsers send it on every cross-origin request); the others get `Vary: Origin`, so no
// cache hands an answer made without them to a cross-origin caller.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.ts';
import { ErrorCode } from './errors.ts';
import type { App } from './fastify-types.ts';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
/** Seconds a browser may keep a preflight's answer. */
const MAX_AGE = '86400';

/** The Access-Control-Allow-Origin for a request's Origin under CORS_ORIGIN ('*' or a comma list), or null (not allowed). */
export function allowedOrigin(corsOrigin: string): (origin: string) => string | null {
  if (corsOrigin === '*') return () => '*';
  const origins = new Set(corsOrigin.split(',').map((o) => o.trim()));
  if (origins.has('*')) return () => '*';
  return (origin) => (origins.has(origin) ? origin : null);
}

/** Answers a preflight (OPTIONS with Origin and Access-Control-Request-Method) in full; true when it did. */
function preflight(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return false;
  void reply
    .code(204)
    .header('access-control-allow-methods', ALLOW_METHODS)
    .header('access-control-allow-headers', ALLOW_HEADERS)
    .header('access-control-max-age', MAX_AGE)
    .header('content-length', '0')
    .send();
  return true;
}

export function registerCors(app: App, corsOrigin: string): void {
  const allow = allowedOrigin(corsOrigin);
  const listed = corsOrigin !== '*';
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const origin = request.headers.origin;
    if (origin === undefined || listed) reply.header('vary', 'Origin');
    if (origin !== undefined) {
      const allowed = allow(origin);
      if (allowed !== null) {
        reply.header('access-control-allow-origin', allowed);
        reply.header('access-control-expose-headers', EXPOSE_HEADERS);
      }
      if (preflight(request, reply)) return;
    }
    done();
  });
  // OPTIONS that is not a preflight (no Origin or no Access-Control-Request-Method) reaches this route.
  app.options('*', { schema: { hide: true }, config: { auth: false } }, (_request, reply) =>
    reply.code(400).send(
      errorEnvelope([
        {
          code: ErrorCode.InvalidArgument,
          message: 'OPTIONS is answered only as a CORS preflight: send Origin and Access-Control-Request-Method',
          objectName: null,
          propertyName: 'Access-Control-Request-Method',
          propertyValue: null,
        },
      ]),
    ),
  );
}
