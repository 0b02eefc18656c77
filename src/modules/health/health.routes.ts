// Liveness and readiness, without credentials, for load balancers and orchestrators.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPrimary } from '../../db/read-replica.ts';
import type { App } from '../../http/fastify-types.ts';
import { RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';

export function healthRoutes(db: Db) {
  return async (app: App): Promise<void> => {
    const tags = ['Health'];
    app.get(
      '/health',
      { config: { auth: false }, schema: { tags, summary: 'Liveness: the process answers', security: [] } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/ready',
      {
        config: { auth: false },
        schema: { tags, summary: 'Readiness: 200 only when the database answers', security: [] },
      },
      async (request, reply) => {
        try {
          // A GET reads from the replica when one is configured; ready means the primary answers too.
          await Promise.all([sql`select 1`.execute(db.kysely), onPrimary(() => sql`select 1`.execute(db.kysely))]);
          return { status: 'ready', database: db.dialect };
        } catch (err) {
          request.log.warn({ err }, 'readiness check failed');
          return reply
            .code(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({ status: 'unavailable', database: db.dialect });
        }
      },
    );
  };
}
