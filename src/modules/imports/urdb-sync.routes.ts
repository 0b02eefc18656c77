// POST /rest/admin/sync/urdb (admin tier): `ratebook sync urdb` over HTTP, its options in the JSON body, answered
// with the summary when the sync ends. The OpenEI API key comes from the body or the server's URDB_API_KEY and is
// never logged or answered. A page that keeps failing answers 502 with the offset to resume from (the pages before
// it stay imported; send "resume": true to continue). One sync at a time per server process.
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { single } from '../../http/envelope.ts';
import { ApiError, ErrorCode, invalidArgument } from '../../http/errors.ts';
import type { App } from '../../http/fastify-types.ts';
import { responses } from '../../http/response-schemas.ts';
import { ImportFormatError } from '../../importers/source-lines.ts';
import { MAX_URDB_PAGE_SIZE, URDB_SECTORS } from '../../importers/urdb/api-client.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_PAGE_SIZE, syncUrdb, UrdbSyncError } from '../../importers/urdb/sync.ts';

const SyncBody = Type.Object({
  apiKey: Type.Optional(
    Type.String({ description: "Your OpenEI API key (default: the server's URDB_API_KEY); never logged" }),
  ),
  eia: Type.Optional(Type.String({ description: 'EIA utility id' })),
  utility: Type.Optional(Type.String({ description: 'Utility name as URDB spells it (ratesforutility)' })),
  zip: Type.Optional(Type.String({ description: 'ZIP code (address)' })),
  sector: Type.Optional(Type.String({ description: URDB_SECTORS.join(', ') })),
  since: Type.Optional(
    Type.String({
      description:
        'Only records revised after this: YYYY-MM-DD (UTC), an ISO 8601 date-time, or "last" (the start of the last completed sync of the same filters)',
    }),
  ),
  all: Type.Optional(Type.Boolean({ description: 'No filter: the whole database' })),
  pageSize: Type.Optional(
    Type.Integer({ description: `Records per request, 1-${MAX_URDB_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})` }),
  ),
  maxAttempts: Type.Optional(
    Type.Integer({ description: `Requests per page before giving up (default ${DEFAULT_MAX_ATTEMPTS})` }),
  ),
  resume: Type.Optional(
    Type.Boolean({ description: 'Continue an interrupted sync of the same filters from the page it stopped at' }),
  ),
  lseId: Type.Optional(Type.Integer({ description: 'The LSE of records without an eiaid' })),
  timeZone: Type.Optional(Type.String({ description: 'IANA zone of tariffs whose LSE has none' })),
  effectiveDate: Type.Optional(Type.String({ description: 'YYYY-MM-DD for records without a startdate' })),
});

const SyncSummarySchema = Type.Object({
  query: Type.Record(Type.String(), Type.String()),
  since: Type.Union([Type.String(), Type.Null()]),
  resumedFrom: Type.Union([Type.Integer(), Type.Null()]),
  pages: Type.Integer(),
  records: Type.Integer(),
  filtered: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  skipped: Type.Array(Type.Object({ label: Type.String(), reason: Type.String() })),
  retries: Type.Integer(),
  nextOffset: Type.Integer(),
  completed: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Array(Type.String()),
});

/** "--time-zone" -> "timeZone": the body field an option error names. */
const fieldOf = (flag: string) => flag.replace(/^--/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

export function urdbSyncRoutes(db: Db, config: Config) {
  let running = false;
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/admin/sync/urdb',
      {
        config: { tier: 'admin' },
        schema: {
          tags: ['Import'],
          summary: 'Bring URDB tariffs up to date from the OpenEI API (admin tier)',
          description:
            'Pages of the OpenEI URDB API (version 8) by EIA id, utility, ZIP code and sector, optionally only records revised since a date, each imported by the URDB importer (idempotent; skips with reasons); retried with backoff; resumable; never deletes (a superseded version ends where its successor starts).',
          body: SyncBody,
          response: responses(SyncSummarySchema),
        },
      },
      async (request) => {
        if (running)
          throw new ApiError(
            503,
            {
              code: ErrorCode.ServiceUnavailable,
              message: 'A URDB sync is already running in this server; try again when it has ended',
            },
            { 'retry-after': '60' },
          );
        running = true;
        try {
          const { apiKey, ...options } = request.body;
          const summary = await syncUrdb(db, options, {
            apiUrl: config.urdb.apiUrl,
            apiKey: apiKey ?? config.urdb.apiKey,
            stateFile: config.urdb.stateFile,
            retryBaseMs: config.urdb.retryBaseMs,
            resumeHint: '"resume": true',
          });
          return single('UrdbSyncSummary', summary);
        } catch (e) {
          if (e instanceof ImportFormatError) {
            const field = e.where.startsWith('--') ? fieldOf(e.where) : 'body';
            throw invalidArgument(
              field,
              field === 'apiKey' ? null : ((request.body as Record<string, unknown>)[field] ?? null),
              e.message.replace(/^--[\w-]+: /, '').replace(/--([\w-]+)/g, (_m, f: string) => fieldOf(f)),
            );
          }
          // The upstream failed: a gateway error, with how far the sync came in the message.
          if (e instanceof UrdbSyncError)
            throw new ApiError(502, { code: ErrorCode.ServiceUnavailable, message: e.message });
          throw e;
        } finally {
          running = false;
        }
      },
    );
  };
}
