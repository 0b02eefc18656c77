// Checks of values read from the original API's JSON records, shared by the tariff importer and its documents reader.
import { MAX_ID } from '../http/query-schemas.ts';

/** A JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A positive whole id that fits the database's integer columns. */
export const positiveId = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID;
