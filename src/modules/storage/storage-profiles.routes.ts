// POST /rest/v1/profiles/storage (the original's storage profiles; signal tier, private to the organization).
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import { StorageProfileBody, StorageProfileSchema } from './storage-profiles.schemas.ts';
import type { StorageProfilesService } from './storage-profiles.service.ts';

export function storageProfilesRoutes(service: StorageProfilesService) {
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/v1/profiles/storage',
      {
        config: { tier: 'signal' },
        schema: {
          tags: ['Usage profiles'],
          summary:
            "Dispatch a battery on an account's usage and solar profiles: makes its -usage, -solar and -storage profiles",
          body: StorageProfileBody,
          response: responses(StorageProfileSchema),
        },
      },
      async (request) => single('StorageProfile', await service.create(request.body, request.principal!.orgId!)),
    );
  };
}
