// Usage profiles (the original's /rest/v1/profiles; its older clients add them at /rest/v1/usage/profiles) and their
// readings, as JSON, CSV (text/csv) or Green Button XML (application/xml). Signal tier; private to the organization.
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { invalidArgument } from '../../http/errors.ts';
import { parseListOptions } from '../../http/list-options.ts';
import { responses } from '../../http/response-schemas.ts';
import { parseGreenButton } from '../../importers/readings/green-button.ts';
import { ReadingFormatError, type ParsedReadings } from '../../importers/readings/reading.ts';
import { parseReadingsCsv } from '../../importers/readings/readings-csv.ts';
import type { ProfileRef } from './profiles.repository.ts';
import {
  ProfileGetQuery,
  ProfileInput,
  ProfileListQuery,
  ProfileParams,
  ProfilePidParams,
  ProfileSchema,
  ReadingsQuery,
  ReadingsResultSchema,
} from './profiles.schemas.ts';
import type { ProfilesService } from './profiles.service.ts';

const tags = ['Usage profiles'];
const config = { tier: 'signal' as const };
const listRules = {
  searchable: ['profileName', 'providerProfileId'],
  defaultSearchOn: ['profileName'],
  sortable: ['profileName', 'providerProfileId', 'createdDate', 'lastUpdatedDate'],
  defaultSort: [{ field: 'createdDate', descending: false }],
};
const XML_TYPES = ['application/xml', 'text/xml', 'application/atom+xml'];

const PROFILE_PATHS = [
  {
    prefix: '/rest/v1/profiles/:profileId',
    params: ProfileParams,
    ref: (p: Record<string, string>): ProfileRef => ({ profileId: p.profileId! }),
  },
  {
    prefix: '/rest/v1/profiles/pid/:providerProfileId',
    params: ProfilePidParams,
    ref: (p: Record<string, string>): ProfileRef => ({ providerProfileId: p.providerProfileId! }),
  },
] as const;

/** A parser's complaint as the API's 400, naming the line or field. */
function readingsOf(read: () => ParsedReadings): ParsedReadings {
  try {
    return read();
  } catch (e) {
    if (e instanceof ReadingFormatError) throw invalidArgument(e.field, e.value, e.message);
    throw e;
  }
}

export function profilesRoutes(service: ProfilesService) {
  return async (app: App): Promise<void> => {
    const org = (request: FastifyRequest) => request.principal!.orgId;
    app.get(
      '/rest/v1/profiles',
      {
        config,
        schema: {
          tags,
          summary: 'Usage profiles of the organization, or of one account (accountId or providerAccountId)',
          querystring: ProfileListQuery,
          response: responses(ProfileSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, listRules);
        const { rows, total } = await service.list(org(request), request.query, options);
        return page('UsageProfile', rows, total, options.paging);
      },
    );
    for (const path of ['/rest/v1/profiles', '/rest/v1/usage/profiles']) {
      app.post(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'Add a usage profile to an account (with readingData: its readings)',
            body: ProfileInput,
            response: responses(ProfileSchema),
          },
        },
        async (request) => single('UsageProfile', (await service.create(request.body, org(request))).profile),
      );
    }
    app.put(
      '/rest/v1/profiles',
      {
        config,
        schema: {
          tags,
          summary: 'Add or update a usage profile (by profileId, else providerProfileId)',
          body: ProfileInput,
          response: responses(ProfileSchema),
        },
      },
      async (request) => single('UsageProfile', (await service.upsert(request.body, org(request))).profile),
    );

    for (const { prefix, params, ref } of PROFILE_PATHS) {
      const by = prefix.includes('/pid/') ? ' (by providerProfileId)' : '';
      app.get(
        prefix,
        {
          config,
          schema: {
            tags,
            summary: `One usage profile${by}; populateReadings adds its readings, groupBy their sums by period`,
            params,
            querystring: ProfileGetQuery,
            response: responses(ProfileSchema),
          },
        },
        async (request) => single('UsageProfile', await service.get(ref(request.params), request.query, org(request))),
      );
      app.delete(
        prefix,
        {
          config,
          schema: {
            tags,
            summary: `Delete a usage profile${by} and its readings`,
            params,
            response: responses(ProfileSchema),
          },
        },
        async (request) => single('UsageProfile', await service.remove(ref(request.params), org(request))),
      );

      // Readings: JSON ({readingData: [...]}, as the original's clients send them), CSV or Green Button XML.
      await app.register(async (scope) => {
        for (const type of ['text/csv', ...XML_TYPES])
          scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
        const upload = (mode: 'add' | 'replace') => async (request: FastifyRequest) => {
          const q = request.query as { quantityUnit?: string; usagePointId?: string };
          const profile = await service.load(ref(request.params as Record<string, string>), org(request));
          const zone = profile.account.row.time_zone ?? 'UTC';
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          const body = request.body;
          let parsed: ParsedReadings;
          let format: string;
          if (type === 'text/csv') {
            format = 'CSV';
            parsed = readingsOf(() =>
              parseReadingsCsv(String(body ?? ''), { zone, defaultUnit: q.quantityUnit ?? 'kWh' }),
            );
          } else if (XML_TYPES.includes(type)) {
            format = 'GREEN_BUTTON';
            parsed = readingsOf(() =>
              parseGreenButton(String(body ?? ''), q.usagePointId ? { usagePointId: q.usagePointId } : {}),
            );
          } else {
            format = 'JSON';
            const items = Array.isArray(body)
              ? body
              : ((body as { readingData?: unknown; readings?: unknown } | null)?.readingData ??
                (body as { readings?: unknown } | null)?.readings);
            if (!Array.isArray(items))
              throw invalidArgument(
                'readingData',
                null,
                'Send {"readingData": [{fromDateTime, toDateTime, quantityUnit, quantityValue}, ...]}, a CSV (text/csv) or a Green Button file (application/xml)',
              );
            parsed = readingsOf(() => service.parseJson(items, profile.account));
          }
          return single(
            'ReadingDataResult',
            await service.addReadings(
              ref(request.params as Record<string, string>),
              parsed,
              format,
              mode,
              org(request),
            ),
          );
        };
        const schema = (summary: string) => ({
          tags,
          summary: `${summary}${by}: JSON {readingData}, text/csv or Green Button application/xml`,
          params,
          querystring: ReadingsQuery,
          response: responses(ReadingsResultSchema),
        });
        scope.post(
          `${prefix}/readings`,
          { config, schema: schema('Add readings (each replaces the stored readings it overlaps)') },
          upload('add'),
        );
        scope.put(
          `${prefix}/readings`,
          { config, schema: schema('Replace readings (the stored ones in the span sent are removed first)') },
          upload('replace'),
        );
      });
    }
  };
}
