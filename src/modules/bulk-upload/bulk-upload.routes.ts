// POST /rest/beta/loader/bulk/up: the original's bulk upload, as its Java client's BulkUploadService sends it (a
// multipart/form-data POST of fileData and fileFormat). Signal tier, as the account and profile writes; what it writes
// belongs to the caller's organization. The body is streamed to a temporary file (bulk-upload.service.ts reads it).
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { errorEnvelope } from '../../http/envelope.ts';
import { ErrorCode, invalidArgument, missingArgument } from '../../http/errors.ts';
import type { App } from '../../http/fastify-types.ts';
import { boundaryOf, spoolMultipart } from '../../http/multipart.ts';
import { responses } from '../../http/response-schemas.ts';
import { single } from '../../http/envelope.ts';
import { BulkUploadForm, BulkUploadSummarySchema } from './bulk-upload.schemas.ts';
import type { BulkUploadService } from './bulk-upload.service.ts';

/** The original accepted these; Ratebook reads CSV. espi (Green Button) has its own operation. */
const FORMATS = new Map<string, string | null>([
  ['csv', null],
  ['espi', 'Green Button (espi) files are uploaded to POST /rest/v1/profiles/{profileId}/readings as application/xml'],
  ['pvsyst', 'PVSyst exports are not read by Ratebook'],
  ['pvsim', 'PVSim exports are not read by Ratebook'],
  ['helioscope', 'Helioscope exports are not read by Ratebook'],
]);

export function bulkUploadRoutes(service: BulkUploadService, maxFileBytes: number) {
  return async (app: App): Promise<void> => {
    // The body reaches the handler as the raw stream (this plugin only): it is spooled, never held in memory.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    app.post(
      '/rest/beta/loader/bulk/up',
      {
        config: { tier: 'signal' },
        // The form is described for /openapi.json but read from the stream, not validated as a parsed body.
        validatorCompiler: () => () => true,
        schema: {
          tags: ['Bulk upload'],
          summary:
            'Upload a CSV file of accounts, usage profiles or readings (multipart/form-data: fileData, fileFormat); all or nothing',
          consumes: ['multipart/form-data'],
          body: BulkUploadForm,
          response: responses(BulkUploadSummarySchema),
        },
      },
      async (request: FastifyRequest, reply) => {
        const boundary = boundaryOf(request.headers['content-type']);
        const form = await spoolMultipart(request.body as Readable, boundary, {
          fileFields: ['fileData', 'file'],
          maxFileBytes,
        });
        try {
          const fileFormat = (form.fields.get('fileFormat') ?? '').trim().toLowerCase();
          if (!fileFormat) throw missingArgument('fileFormat', 'fileFormat is required: csv');
          if (!FORMATS.has(fileFormat))
            throw invalidArgument('fileFormat', fileFormat, 'fileFormat must be csv (Ratebook reads CSV files)');
          const refusedFormat = FORMATS.get(fileFormat);
          if (refusedFormat) throw invalidArgument('fileFormat', fileFormat, refusedFormat);
          if (!form.file) throw missingArgument('fileData', 'The form holds no file: send it as fileData');
          const field = (name: string) => form.fields.get(name)?.trim() || undefined;
          const outcome = await service.load(
            {
              path: form.file.path,
              fileName: form.file.filename,
              fileFormat,
              form: {
                profileId: field('profileId'),
                providerProfileId: field('providerProfileId'),
                quantityUnit: field('quantityUnit'),
              },
            },
            request.principal!.orgId,
          );
          // The original's Java client reads the answer as ReadingData; the result is the upload's summary.
          if ('summary' in outcome) return single('ReadingData', outcome.summary);
          const { refused, rows } = outcome;
          const more = refused.count > refused.list.length ? ` (the first ${refused.list.length} are listed)` : '';
          return reply.code(400).send(
            errorEnvelope(
              refused.list.map((r) => ({
                code: ErrorCode.InvalidArgument,
                message: `row ${r.row}${r.column ? `, column ${r.column}` : ''}: ${r.message}; nothing in the file was written (${refused.count} of ${rows} row(s) refused${more})`,
                objectName: 'BulkUpload',
                propertyName: `fileData.row[${r.row}]${r.column ? `.${r.column}` : ''}`,
                propertyValue: r.value,
              })),
            ),
          );
        } finally {
          form.cleanup();
        }
      },
    );
  };
}
