// ZIP codes (spec section "ZIP codes").
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { toZipcode } from './zipcodes.repository.ts';
import { ZIP_SEARCHABLE, ZipcodeListQuery, ZipcodeParams, ZipcodeSchema } from './zipcodes.schemas.ts';
import type { ZipcodesService } from './zipcodes.service.ts';

const tags = ['ZIP codes'];
const listRules = {
  searchable: ZIP_SEARCHABLE,
  defaultSearchOn: ['zipcode'],
  sortable: ZIP_SEARCHABLE,
  defaultSort: [{ field: 'zipcode', descending: false }],
};

export function zipcodesRoutes(service: ZipcodesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/zipcodes/:zipCode',
      { schema: { tags, summary: 'One ZIP code', params: ZipcodeParams, response: responses(ZipcodeSchema) } },
      async (request) => single('Zipcode', toZipcode(await service.get(request.params.zipCode))),
    );
    app.get(
      '/rest/public/zipcodes',
      {
        schema: {
          tags,
          summary: 'ZIP codes, searched by ZIP prefix, city, county or state',
          querystring: ZipcodeListQuery,
          response: responses(ZipcodeSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(
          { zipCode: request.query.zipCode, state: request.query.state },
          options,
        );
        return page('Zipcode', rows.map(toZipcode), total, options.paging);
      },
    );
  };
}
