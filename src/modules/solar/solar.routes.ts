// Typical solar production (the original API's typicals/solar): a place and a PV system, PVWatts v8 over the place's
// typical weather year.
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import { SolarBestQuery, SolarProductionSchema } from './solar-typicals.schemas.ts';
import type { SolarTypicalsService } from './solar-typicals.service.ts';

export function solarRoutes(service: SolarTypicalsService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/v1/typicals/solar/best',
      {
        schema: {
          tags: ['Typical solar'],
          summary: "Typical solar production for a place and a PV system (PVWatts v8 at the place's weather station)",
          querystring: SolarBestQuery,
          response: responses(SolarProductionSchema),
        },
      },
      async (request) => single('SolarProduction', await service.best(request.query)),
    );
  };
}
