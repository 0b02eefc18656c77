// Key administration over HTTP for the admin tier: list applications, create one, revoke one, rotate one's key. The same
// operations as `ratebook keys` (which needs a shell on the server); a change made here is refused by this process at
// once and by every other within a second (key-changes.ts, key-change-log.ts).
import type { FastifyReply } from 'fastify';
import { single } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { KeyNotFoundError, type KeysService } from './keys.service.ts';
import type { ApplicationRow } from './keys.repository.ts';
import { AppIdParams, ApplicationSchema, CredentialsSchema, NewApplicationBody } from './keys.schemas.ts';
import type { NewCredentials } from './keys.service.ts';

const admin = { tier: 'admin' as const };
const tags = ['Keys'];

const applicationOf = (a: ApplicationRow) => ({
  appId: a.appId,
  orgId: a.orgId,
  organization: a.orgName,
  name: a.name,
  tiers: a.tiers,
  status: a.status,
  createdAt: a.createdAt,
  keyRotatedAt: a.keyRotatedAt,
  revokedAt: a.revokedAt,
});

const credentialsOf = (c: NewCredentials) => ({
  appId: c.appId,
  appKey: c.appKey,
  orgId: c.orgId,
  organization: c.orgName,
  tiers: c.tiers,
});

/** Answers carrying a key, or saying which keys exist, are kept by no cache on the way. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function keysRoutes(keys: KeysService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/admin/applications',
      {
        config: admin,
        schema: {
          tags,
          summary: 'List every application with its organization, tiers and status, never its key (admin tier)',
          response: responses(ApplicationSchema),
        },
      },
      async (_request, reply) => {
        noStore(reply);
        const apps = (await keys.list()).map(applicationOf);
        return { status: 'success' as const, count: apps.length, type: 'Application', results: apps };
      },
    );

    app.post(
      '/rest/admin/applications',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Create an application for an organization; its appKey is answered once (admin tier)',
          body: NewApplicationBody,
          response: responses(CredentialsSchema),
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { organization, tiers = [], name = 'default' } = request.body;
        return single('Credentials', credentialsOf(await keys.create(organization, [...new Set(tiers)], name)));
      },
    );

    app.post(
      '/rest/admin/applications/:appId/revoke',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Revoke an application: its key is refused by every server within a second (admin tier)',
          params: AppIdParams,
          response: responses(ApplicationSchema),
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { appId } = request.params;
        try {
          return single('Application', applicationOf(await keys.revoke(appId)));
        } catch (e) {
          if (e instanceof KeyNotFoundError) throw notFound('Application', 'appId', appId);
          throw e;
        }
      },
    );

    app.post(
      '/rest/admin/applications/:appId/rotate',
      {
        config: admin,
        schema: {
          tags,
          summary:
            'Give an active application a new key, answered once; the old key is refused by every server within a second (admin tier)',
          params: AppIdParams,
          response: responses(CredentialsSchema),
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { appId } = request.params;
        try {
          return single('Credentials', credentialsOf(await keys.rotate(appId)));
        } catch (e) {
          if (e instanceof KeyNotFoundError) throw notFound('Application', 'appId', appId);
          throw e;
        }
      },
    );
  };
}
