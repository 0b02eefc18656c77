// HTTP Basic authentication (appId:appKey), the per-application rate limit and the permission tier
// check. All run in onRequest, before the request is parsed or validated, so an unauthorized caller
// learns nothing about parameter rules.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, notAuthorized, unauthenticated } from './errors.ts';
import type { KeysService, Principal } from '../modules/keys/keys.service.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { App } from './fastify-types.ts';

export function parseBasicAuth(header: string | undefined): { appId: string; appKey: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { appId: decoded.slice(0, colon), appKey: decoded.slice(colon + 1) };
}

function credentialsOf(request: FastifyRequest): { appId: string; appKey: string } {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated('Credentials are required: HTTP Basic with appId:appKey');
  const credentials = parseBasicAuth(header);
  if (!credentials) throw unauthenticated('The Authorization header is not HTTP Basic appId:appKey');
  return credentials;
}

const refused = () => unauthenticated('The appId and appKey are not valid (unknown, revoked or wrong key)');

/** Rate limit and tier check for an authenticated caller. */
function admit(request: FastifyRequest, reply: FastifyReply, principal: Principal, limiter: RateLimiter): void {
  request.principal = principal;
  if (limiter.enabled) {
    const verdict = limiter.hit(principal.appId);
    const resetSeconds = Math.ceil(verdict.resetInMs / 1000);
    reply.header('x-ratelimit-limit', verdict.limit);
    reply.header('x-ratelimit-remaining', verdict.remaining);
    reply.header('x-ratelimit-reset', resetSeconds);
    if (!verdict.allowed) {
      throw new ApiError(
        429,
        { code: ErrorCode.RateLimited, message: `Rate limit of ${verdict.limit} requests exceeded; retry in ${resetSeconds} s`, propertyName: 'appId', propertyValue: principal.appId },
        { 'retry-after': String(Math.max(1, resetSeconds)) },
      );
    }
  }
  const tier = request.routeOptions.config.tier;
  if (tier && !principal.tiers.has(tier)) throw notAuthorized(tier);
}

export function registerAuth(app: App, keys: KeysService, limiter: RateLimiter): void {
  app.decorateRequest('principal', null);
  // Callback style on purpose: a cached verdict admits the request synchronously, with no promise
  // per request; only a first sight of a key waits for scrypt.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // CORS preflight carries no credentials by design; @fastify/cors answers it.
    if (request.method === 'OPTIONS' || request.routeOptions.config.auth === false) return done();
    let credentials: { appId: string; appKey: string };
    try {
      credentials = credentialsOf(request);
      const cached = keys.cachedVerdict(credentials.appId, credentials.appKey);
      if (cached !== undefined) {
        if (cached === null) throw refused();
        admit(request, reply, cached, limiter);
        return done();
      }
    } catch (err) {
      return done(err as Error);
    }
    keys.verify(credentials.appId, credentials.appKey).then(
      (principal) => {
        try {
          if (!principal) throw refused();
          admit(request, reply, principal, limiter);
          done();
        } catch (err) {
          done(err as Error);
        }
      },
      (err: Error) => done(err),
    );
  });
}
