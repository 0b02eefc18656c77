// Wire shapes of the admin key operations: an application as listed (never its key), and new credentials.
import { Type } from '@sinclair/typebox';
import { TIERS } from '../../domain/keys/tiers.ts';

const NStr = Type.Union([Type.String(), Type.Null()]);

/** Fastify's limit for any path parameter (longer is refused before routing, naming the path); a UUID is 36. */
export const AppIdParams = Type.Object({
  appId: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The application (as listed by GET /rest/admin/applications)',
  }),
});

export const ApplicationSchema = Type.Object({
  appId: Type.String(),
  orgId: Type.Integer(),
  organization: Type.String(),
  name: Type.String(),
  tiers: Type.Array(Type.String()),
  status: Type.String({ description: 'ACTIVE or REVOKED' }),
  createdAt: Type.String(),
  keyRotatedAt: NStr,
  revokedAt: NStr,
});

export const CredentialsSchema = Type.Object({
  appId: Type.String(),
  appKey: Type.String({ description: 'Shown only in this answer: Ratebook stores only its scrypt hash' }),
  orgId: Type.Integer(),
  organization: Type.String(),
  tiers: Type.Array(Type.String()),
});

export const NewApplicationBody = Type.Object(
  {
    organization: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The organization that owns the application (made if new); its private records are its own',
    }),
    tiers: Type.Optional(
      Type.Array(Type.Union(TIERS.map((t) => Type.Literal(t))), {
        maxItems: TIERS.length,
        description: `Permission tiers beyond public reference data: ${TIERS.join(', ')}`,
      }),
    ),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The application name (default)' })),
  },
  { additionalProperties: false },
);
