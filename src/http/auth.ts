// HTTP Basic authentication (appId:appKey), the per-application rate limit and the permission tier
// check. All run in onRequest, before the request is parsed or validated, so an unauthorized caller
// learns nothing about parameter rules.
//
// Failed checks are rationed: each costs a full scrypt, so a client address or an application id with too many
// failures in a window is answered 429 with Retry-After before any key is hashed again. Credentials already verified
// are answered from the cache, and a key this process has seen valid before is checked even with the budget spent, so
// failures never slow down or lock out valid requests. A key never seen valid from a spent address or appId waits.
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Tier } from '../domain/keys/tiers.ts';
import { ApiError, ErrorCode, notAuthorized, unauthenticated } from './errors.ts';
import type { Principal } from '../domain/keys/principal.ts';
import type { RateLimiter, RateVerdict } from './rate-limit.ts';
import type { RequestLimiter } from './shared-rate-limit.ts';
import type { App } from './fastify-types.ts';
import { hookList } from './route-hooks.ts';

/** Longer ids and keys than any Ratebook makes; control characters no id or key holds (and PostgreSQL text refuses NUL). */
const MAX_CREDENTIAL_LENGTH = 256;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's whole job.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function parseBasicAuth(header: string | undefined): { appId: string; appKey: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const appId = decoded.slice(0, colon);
  const appKey = decoded.slice(colon + 1);
  if (
    appId.length > MAX_CREDENTIAL_LENGTH ||
    appKey.length > MAX_CREDENTIAL_LENGTH ||
    CONTROL.test(appId) ||
    CONTROL.test(appKey)
  )
    return null;
  return { appId, appKey };
}

function credentialsOf(request: FastifyRequest): { appId: string; appKey: string } {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated('Credentials are required: HTTP Basic with appId:appKey');
  const credentials = parseBasicAuth(header);
  if (!credentials) throw unauthenticated('The Authorization header is not HTTP Basic appId:appKey');
  return credentials;
}

const refused = () => unauthenticated('The appId and appKey are not valid (unknown, revoked or wrong key)');

function tooMany(verdict: RateVerdict, message: string, propertyName: string, propertyValue: string): ApiError {
  const seconds = Math.max(1, Math.ceil(verdict.resetInMs / 1000));
  return new ApiError(
    429,
    { code: ErrorCode.RateLimited, message: `${message}; retry in ${seconds} s`, propertyName, propertyValue },
    { 'retry-after': String(seconds) },
  );
}

/** The budgets of failed credential checks, per client address and per application id. */
export interface FailureLimits {
  perAddress: RateLimiter;
  perApp: RateLimiter;
}

/** A 429 when the address or the application id has used up its failures, else null. */
function failureBudgetSpent(limits: FailureLimits, ip: string, appId: string): ApiError | null {
  if (limits.perAddress.enabled) {
    const v = limits.perAddress.peek(ip);
    if (!v.allowed)
      return tooMany(v, `Too many failed credential checks from this address (${v.limit} per window)`, 'address', ip);
  }
  if (limits.perApp.enabled) {
    const v = limits.perApp.peek(appId);
    if (!v.allowed)
      return tooMany(v, `Too many failed credential checks for this appId (${v.limit} per window)`, 'appId', appId);
  }
  return null;
}

function countFailure(limits: FailureLimits, ip: string, appId: string): void {
  if (limits.perAddress.enabled) limits.perAddress.hit(ip);
  if (limits.perApp.enabled) limits.perApp.hit(appId);
}

/** The rate-limit headers, then done() with the 429 or tier refusal for an authenticated caller, or with nothing. */
function judge(
  reply: FastifyReply,
  principal: Principal,
  tier: Tier | undefined,
  verdict: RateVerdict | null,
  done: (err?: Error) => void,
): void {
  if (verdict) {
    reply.header('x-ratelimit-limit', verdict.limit);
    reply.header('x-ratelimit-remaining', verdict.remaining);
    reply.header('x-ratelimit-reset', Math.ceil(verdict.resetInMs / 1000));
    if (!verdict.allowed) {
      done(tooMany(verdict, `Rate limit of ${verdict.limit} requests exceeded`, 'appId', principal.appId));
      return;
    }
  }
  if (tier && !principal.tiers.has(tier)) {
    done(notAuthorized(tier));
    return;
  }
  done();
}

/**
 * Rate limit and tier check for an authenticated caller, then done(). The in-memory limiter answers at once (no
 * closure, no promise); the shared one (PostgreSQL, Redis) at once too within the block of requests this process
 * holds, else with a promise that never rejects.
 */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  tier: Tier | undefined,
  limiter: RequestLimiter,
  done: (err?: Error) => void,
): void {
  request.principal = principal;
  const verdict = limiter.enabled ? limiter.hit(principal.appId) : null;
  if (verdict instanceof Promise)
    verdict.then(
      (v) => judge(reply, principal, tier, v, done),
      (err: Error) => done(err),
    );
  else judge(reply, principal, tier, verdict, done);
}

/**
 * What authentication asks of the credential store (the keys module's KeysService): verdicts it remembers, answered at
 * once, and a full check of a presented key.
 */
export interface CredentialChecker {
  /** Whether cached verdicts may be used now (false on SQLite when the key-change log was not read in the last second). */
  cacheTrusted(): boolean;
  /** Brings the cache up to date with the key changes of other processes; rejects when the database cannot be read. */
  refreshCache(): Promise<void>;
  /** The caller a Basic token verified before stands for, while its verdict is cached. */
  cachedPrincipalOfToken(token: string): Principal | undefined;
  /** A cached verdict on these credentials: the caller, null (refused), or undefined (not cached). */
  cachedVerdict(appId: string, appKey: string): Principal | null | undefined;
  /** Whether this key proved valid for this appId before in this process (it may pass a spent failure budget). */
  provedBefore(appId: string, appKey: string): boolean;
  /** Checks the key (scrypt): the caller, or null when the credentials are not valid. */
  verify(appId: string, appKey: string): Promise<Principal | null>;
}

/** Makes the authentication hook for a route needing `tier` (or none beyond valid credentials). */
export type Authenticator = (tier?: Tier) => onRequestHookHandler;

/** The prefix of an Authorization header whose token the credential cache may know as sent. */
const BASIC = 'Basic ';

export function authenticator(
  keys: CredentialChecker,
  limiter: RequestLimiter,
  failures: FailureLimits,
): Authenticator {
  return (tier) =>
    // Callback style on purpose: a cached verdict admits the request synchronously, with no promise
    // per request; only a first sight of a key waits for scrypt.
    function authenticate(request, reply, done) {
      // Cached verdicts only while recent key changes are known to have been applied (one clock read); otherwise the
      // key-change log is read first, so a revoked key is never admitted from a stale cache.
      if (!keys.cacheTrusted()) {
        keys.refreshCache().then(
          () => authenticate.call(this, request, reply, done),
          (err: Error) => done(err),
        );
        return;
      }
      // A token verified before admits the request without decoding it (the common case, and the hot path).
      const header = request.headers.authorization;
      if (header?.startsWith(BASIC)) {
        const known = keys.cachedPrincipalOfToken(header.slice(BASIC.length));
        if (known) return admit(request, reply, known, tier, limiter, done);
      }
      let credentials: { appId: string; appKey: string };
      try {
        credentials = credentialsOf(request);
        const cached = keys.cachedVerdict(credentials.appId, credentials.appKey);
        if (cached !== undefined) {
          if (cached === null) {
            countFailure(failures, request.ip, credentials.appId);
            throw failureBudgetSpent(failures, request.ip, credentials.appId) ?? refused();
          }
          return admit(request, reply, cached, tier, limiter, done);
        }
        const spent = failureBudgetSpent(failures, request.ip, credentials.appId);
        if (spent && !keys.provedBefore(credentials.appId, credentials.appKey)) throw spent;
      } catch (err) {
        return done(err as Error);
      }
      keys.verify(credentials.appId, credentials.appKey).then(
        (principal) => {
          if (principal) return admit(request, reply, principal, tier, limiter, done);
          countFailure(failures, request.ip, credentials.appId);
          done(refused());
        },
        (err: Error) => done(err),
      );
    };
}

/**
 * Authentication as each route's own onRequest hook, given the route's tier when it is registered: the hook never
 * reads `request.routeOptions`, which Fastify builds afresh at each read (two reads per request cost about 1 us of
 * the authenticated echo). Call it after the plugins whose routes set `config.auth` in their own onRoute hooks (the
 * docs); routes with `config.auth === false` (health, readiness, docs, console) and OPTIONS (CORS preflights carry no
 * credentials) get none. The not-found handler is given `authenticate()` too (error-handler.ts), so an unknown path
 * asks for credentials before saying it does not exist.
 */
export function registerAuth(app: App, authenticate: Authenticator): void {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method === 'OPTIONS' || route.config?.auth === false) return;
    // A new array: Fastify copies a GET route's options for its HEAD twin before this runs, and the twin gets its own.
    route.onRequest = [...hookList(route.onRequest), authenticate(route.config?.tier)] as never;
  });
}
