// Bulk upload (the original's POST /rest/beta/loader/bulk/up, its Java client's BulkUploadService): the form it
// sends and the summary Ratebook answers.
import { Type } from '@sinclair/typebox';
import { ReadingDataSummarySchema } from '../profiles/profiles.schemas.ts';

export const FILE_TYPES = ['ACCOUNTS', 'PROFILES', 'READINGS'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** The form's fields, for /openapi.json (the body is read as a stream, see bulk-upload.routes.ts). */
export const BulkUploadForm = Type.Object({
  fileData: Type.String({
    format: 'binary',
    description:
      'The file: CSV with a header row. Its columns say what it holds: accounts, usage profiles or readings (docs/api-notes/bulk-upload.md)',
  }),
  fileFormat: Type.String({
    description: 'csv (the Flexible Column layout, or the Powermeter layout Time, Usage (kWh), IsInitial)',
  }),
  profileId: Type.Optional(
    Type.String({ description: 'Readings files: the profile of rows that name none (or providerProfileId)' }),
  ),
  providerProfileId: Type.Optional(Type.String()),
  quantityUnit: Type.Optional(Type.String({ description: 'Readings files: the unit of rows that name none (kWh)' })),
});

const Record_ = Type.Object({
  accountId: Type.Union([Type.String(), Type.Null()]),
  providerAccountId: Type.Union([Type.String(), Type.Null()]),
  profileId: Type.Union([Type.String(), Type.Null()]),
  providerProfileId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String({ description: 'CREATED, UPDATED, or READINGS (readings added to the profile)' }),
  readingsSent: Type.Optional(Type.Integer()),
  readingDataSummaries: Type.Optional(Type.Array(ReadingDataSummarySchema)),
});

export const BulkUploadSummarySchema = Type.Object({
  fileFormat: Type.String(),
  fileType: Type.String({ description: FILE_TYPES.join(', ') }),
  layout: Type.String({ description: 'COLUMNS (named columns) or POWERMETER' }),
  fileName: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Integer({ description: 'Data rows read (the header and blank lines not counted)' }),
  accountsCreated: Type.Integer(),
  accountsUpdated: Type.Integer(),
  profilesCreated: Type.Integer(),
  profilesUpdated: Type.Integer(),
  readingsWritten: Type.Integer(),
  readingsReplaced: Type.Integer({ description: 'Stored readings the file replaced (they overlapped one it sent)' }),
  records: Type.Array(Record_, { description: 'What each account or profile written became (the first 1,000)' }),
  notes: Type.Array(Type.String()),
});
