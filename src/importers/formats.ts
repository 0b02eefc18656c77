// The import formats, one list for the CLI (`ratebook import <format>`) and the admin HTTP operation.
import type { Readable } from 'node:stream';
import type { Db } from '../db/database.ts';
import { importLookups } from './lookups.importer.ts';
import type { ImportSummary } from './summary.ts';
import { importTariffJson } from './tariff-json.importer.ts';
import { importUrdb, type UrdbOptions } from './urdb.importer.ts';
import { importZipUtilities } from './zip-utilities.importer.ts';

export interface ImportFormat {
  description: string;
  /** The file kinds it reads (each optionally .gz). */
  files: string;
  /** CLI flags of the options it takes (the same names, camelCased, as HTTP query parameters). */
  options?: [flag: string, text: string][];
  run(
    db: Db,
    stream: Readable,
    source: string,
    options: UrdbOptions,
    onRecord?: (count: number) => void,
  ): Promise<ImportSummary>;
}

export const IMPORT_FORMATS: Record<string, ImportFormat> = {
  urdb: {
    description:
      'OpenEI URDB rate records (v7 or v8): a JSON array, the API answer {"items": [...]}, or one record per line',
    files: '.json, .ndjson',
    options: [
      ['--lse-id <id>', 'the LSE of records without an eiaid'],
      ['--time-zone <zone>', 'IANA zone of tariffs whose LSE has none'],
      ['--effective-date <date>', 'YYYY-MM-DD, for records without a startdate'],
    ],
    run: (db, stream, source, options, onRecord) => importUrdb(db, stream, source, options, onRecord),
  },
  tariffs: {
    description:
      'tariffs as the original API answers GET /rest/public/tariffs/{id}?populateRates=true&populateProperties=true (one, a list, or one per line), ids kept',
    files: '.json, .ndjson',
    run: (db, stream, source, _options, onRecord) => importTariffJson(db, stream, source, onRecord),
  },
  lookups: {
    description:
      'lookup values CSV: keyName,subKeyName,fromDateTime,toDateTime,actualValue[,bestValue,lseForecastValue,forecastValue]',
    files: '.csv',
    run: (db, stream, source, _options, onRecord) => importLookups(db, stream, source, onRecord),
  },
  'zip-utilities': {
    description: "NREL's ZIP-to-utility CSV: zip,eiaid,utility_name,state,service_type,ownership,...",
    files: '.csv',
    run: (db, stream, source, _options, onRecord) => importZipUtilities(db, stream, source, onRecord),
  },
};
