// Importers over HTTP for administrators: POST /rest/admin/import/{format} with the file as the body (gzip
// accepted as Content-Encoding or application/gzip). The body is streamed into the importer, never held whole, and
// is not subject to the JSON body limit. One transaction: a malformed body is a 400 naming its line, with nothing
// stored.
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { single } from '../../http/envelope.ts';
import { responses } from '../../http/response-schemas.ts';
import { Id } from '../../http/query-schemas.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { App } from '../../http/fastify-types.ts';
import { IMPORT_FORMATS } from '../../importers/formats.ts';
import { gunzipped, ImportFormatError, isGzipError } from '../../importers/source-lines.ts';

const SummarySchema = Type.Object({
  format: Type.String(),
  source: Type.String(),
  records: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  skipped: Type.Array(Type.Object({ label: Type.String(), reason: Type.String() })),
  repeated: Type.Integer({
    description:
      'Records saying again what an earlier one of the same source said: written once. records = created + updated + unchanged + skipped + repeated',
  }),
});

export function importsRoutes(db: Db) {
  return async (app: App): Promise<void> => {
    // Every content type reaches the handler as the raw stream (this plugin only).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    app.post(
      '/rest/admin/import/:format',
      {
        config: { tier: 'admin' },
        schema: {
          tags: ['Import'],
          summary: `Import a data file (admin tier): ${Object.keys(IMPORT_FORMATS).join(', ')}`,
          params: Type.Object({ format: Type.String({ description: Object.keys(IMPORT_FORMATS).join(', ') }) }),
          querystring: Type.Object({
            lseId: Type.Optional(Id('urdb: the LSE of records without an eiaid')),
            timeZone: Type.Optional(Type.String({ description: 'urdb: IANA zone of tariffs whose LSE has none' })),
            effectiveDate: Type.Optional(
              Type.String({ description: 'urdb: YYYY-MM-DD for records without a startdate' }),
            ),
          }),
          response: responses(SummarySchema),
        },
      },
      async (request) => {
        const format = IMPORT_FORMATS[request.params.format];
        if (!format) throw notFound('ImportFormat', 'format', request.params.format);
        if (!(request.body instanceof Readable)) throw missingArgument('body', 'Send the file as the request body');
        const gzip =
          request.headers['content-encoding'] === 'gzip' || request.headers['content-type'] === 'application/gzip';
        const stream = gzip ? gunzipped(request.body) : request.body;
        try {
          return single('ImportSummary', await format.run(db, stream, 'body', request.query));
        } catch (e) {
          // A bad option (--lse-id, ...) names its query parameter; anything else in the body names the body.
          if (e instanceof ImportFormatError)
            throw invalidArgument(
              e.where.startsWith('--')
                ? e.where.slice(2).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())
                : 'body',
              null,
              e.message,
            );
          if (isGzipError(e))
            throw invalidArgument('body', null, `The body is not valid gzip (${(e as Error).message})`);
          throw e;
        }
      },
    );
  };
}
