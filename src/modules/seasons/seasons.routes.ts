// Season groups of an LSE (spec section "Seasons").
import type { App } from '../../http/fastify-types.ts';
import { page } from '../../http/envelope.ts';
import { missingArgument } from '../../http/errors.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { listInMemory } from '../../http/memory-list.ts';
import { responses } from '../../http/response-schemas.ts';
import type { LsesService } from '../lses/lses.service.ts';
import { type SeasonsRepository, toSeason, type Season } from './seasons.repository.ts';
import { SeasonGroupSchema, SeasonListQuery } from './seasons.schemas.ts';

const tags = ['Seasons'];
const listRules = {
  searchable: ['seasonName'],
  defaultSearchOn: ['seasonName'],
  sortable: ['seasonGroupId'],
  defaultSort: [{ field: 'seasonGroupId', descending: false }],
};

interface SeasonGroup {
  lseId: number;
  seasonGroupId: number;
  seasons: Season[];
}

export function seasonsRoutes(repo: SeasonsRepository, lses: LsesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/seasons',
      {
        schema: {
          tags,
          summary: 'The season groups of an LSE (lseId required)',
          querystring: SeasonListQuery,
          response: responses(SeasonGroupSchema),
        },
      },
      async (request) => {
        const { lseId } = request.query;
        if (lseId === undefined) throw missingArgument('lseId');
        const options = parseListOptions(request.query, listRules);
        await lses.get(lseId);
        const groups = new Map<number, SeasonGroup>();
        for (const row of await repo.ofLse(lseId)) {
          const group = groups.get(row.season_group_id) ?? { lseId, seasonGroupId: row.season_group_id, seasons: [] };
          group.seasons.push(toSeason(row, options.ext));
          groups.set(row.season_group_id, group);
        }
        // A search matches the groups holding a season of that name.
        const { rows, total } = listInMemory([...groups.values()], options, (g, field) =>
          field === 'seasonGroupId' ? g.seasonGroupId : g.seasons.map((s) => s.seasonName).join('\n'),
        );
        return page('SeasonGroup', rows, total, options.paging);
      },
    );
  };
}
