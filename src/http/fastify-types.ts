// What Ratebook adds to Fastify's types: per-route auth settings and the caller on each request.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal } from '../domain/keys/principal.ts';
import type { Tier } from '../domain/keys/tiers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no credentials needed (health, readiness, docs). */
    auth?: boolean;
    /** The permission tier the route needs beyond valid credentials. */
    tier?: Tier;
    /** A calculation whose request and response the calculation history keeps, and which kind it is. */
    history?: 'single' | 'mass' | 'account' | 'analysis';
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The JSON body's text as received, on routes with `history` (null elsewhere). */
    receivedJson: string | null;
  }
}

/** The Fastify instance every module registers its routes on. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
