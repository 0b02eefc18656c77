// Organization usage (GET /rest/v1/orgs/usage, the original's operation): every answered request of a registered
// route made with credentials is counted for its organization, operation and UTC day (usage-counter.ts), and the
// route answers the caller's own organization's counts, this process's latest included.
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { page } from '../../http/envelope.ts';
import { invalidArgument } from '../../http/errors.ts';
import type { App } from '../../http/fastify-types.ts';
import { localDateParam } from '../../http/dates.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { listInMemory, readField } from '../../http/memory-list.ts';
import { ListQuery } from '../../http/query-schemas.ts';
import { responses } from '../../http/response-schemas.ts';
import { UsageCounter } from './usage-counter.ts';
import { UsageCountsRepository } from './usage-counts.repository.ts';

/** How often a process adds its counts to the database: the delay before other processes' reads include them. */
const FLUSH_MS = 5_000;
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

const UsageQuery = Type.Object({
  ...ListQuery,
  fromDateTime: Type.Optional(Type.String({ description: 'First UTC day counted (YYYY-MM-DD); default 29 days ago' })),
  toDateTime: Type.Optional(Type.String({ description: 'Last UTC day counted (YYYY-MM-DD); default today' })),
});
const UsageSchema = Type.Object({
  day: Type.String({ description: 'UTC date, YYYY-MM-DD' }),
  operation: Type.String({ description: 'Method and route: GET /rest/public/tariffs/:masterTariffId' }),
  calls: Type.Integer(),
  errors: Type.Integer({ description: 'Of the calls, those answered with a 4xx or 5xx status' }),
});
const rules = {
  searchable: ['operation'],
  defaultSearchOn: ['operation'],
  sortable: ['day', 'operation', 'calls', 'errors'],
  defaultSort: [],
};

export async function registerUsageCounts(app: App, db: Db, now: () => Date): Promise<void> {
  const repo = new UsageCountsRepository(db);
  const counter = new UsageCounter(repo, FLUSH_MS);
  app.addHook('onReady', async () => counter.start());
  app.addHook('onClose', () => counter.close());
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (request.principal && route !== undefined)
      counter.count(request.principal.orgId, `${request.method} ${route}`, now().getTime(), reply.statusCode >= 400);
    done();
  });

  app.get(
    '/rest/v1/orgs/usage',
    {
      schema: {
        tags: ['Organization usage'],
        summary: "The calls of the caller's organization by operation and UTC day",
        querystring: UsageQuery,
        response: responses(UsageSchema),
      },
    },
    async (request) => {
      const options = parseListOptions(request.query, rules);
      const today = now().toISOString().slice(0, 10);
      const to = localDateParam('toDateTime', request.query.toDateTime, 'UTC') ?? today;
      const from =
        localDateParam('fromDateTime', request.query.fromDateTime, 'UTC') ??
        new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      if (days < 0) throw invalidArgument('toDateTime', to, 'toDateTime must not be before fromDateTime');
      if (days >= MAX_DAYS) throw invalidArgument('toDateTime', to, `At most ${MAX_DAYS} days at a time`);
      // This process's counts so far are part of the answer; a database that refuses them now keeps them for later.
      await counter.flush();
      const rows = (await repo.of(request.principal!.orgId, from, to)).map(({ orgId: _org, ...row }) => row);
      const { rows: shown, total } = listInMemory(rows, options, readField);
      return page('OrganizationUsage', shown, total, options.paging);
    },
  );
}
