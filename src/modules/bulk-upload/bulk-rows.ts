// What the three kinds of bulk file share: reading the spooled CSV row by row (streamed from disk), telling which
// kind a header makes it, and turning a row's failure into a refusal that names its row and column.
import { createReadStream } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import { csvRecords, splitFields } from '../../importers/csv.ts';
import { ReadingFormatError } from '../../importers/readings/reading.ts';
import { READING_COLUMNS } from '../../importers/readings/readings-csv.ts';
import { ImportFormatError, linesOf } from '../../importers/source-lines.ts';
import type { FileType } from './bulk-upload.schemas.ts';

/** A row the upload refused: its line in the file (the header is line 1), the column at fault, and why. */
export interface Refusal {
  row: number;
  column: string | null;
  value: string | null;
  message: string;
}

/** Refusals listed in the answer: past this many the count goes on, the list stops. */
export const MAX_LISTED = 1000;

export class Refusals {
  readonly list: Refusal[] = [];
  count = 0;
  add(r: Refusal): void {
    this.count++;
    if (this.list.length < MAX_LISTED) this.list.push(r);
  }
}

/** A data row: its line and its cells by header name as written. */
export interface Row {
  line: number;
  cells: Record<string, string>;
}

/** The header's names, looked up in any case. */
export class Header {
  private readonly byLower = new Map<string, string>();
  constructor(readonly names: readonly string[]) {
    for (const n of names) this.byLower.set(n.toLowerCase(), n);
  }
  /** The column as the file spells it, or undefined. */
  find(name: string): string | undefined {
    return this.byLower.get(name.toLowerCase());
  }
  has(name: string): boolean {
    return this.byLower.has(name.toLowerCase());
  }
  /** A cell by column name in any case; an empty cell is undefined (not set). */
  cell(row: Row, name: string): string | undefined {
    const column = this.find(name);
    const value = column === undefined ? undefined : row.cells[column];
    return value === undefined || value === '' ? undefined : value;
  }
}

/**
 * The rows of the spooled file, read from disk as they are needed (never the whole file in memory). A structural
 * fault (a row with another number of fields than the header, an unclosed quote) ends the file: it is a refusal of
 * that line, and nothing after it is read.
 */
export async function* rowsOf(path: string, onFault: (r: Refusal) => void): AsyncGenerator<Row> {
  try {
    for await (const { line, values } of csvRecords(linesOf(createReadStream(path)), 'fileData', []))
      yield { line, cells: values };
  } catch (e) {
    if (!(e instanceof ImportFormatError)) throw e;
    const line = /line (\d+)/.exec(e.where)?.[1];
    onFault({ row: line ? Number(line) : 1, column: null, value: null, message: e.message });
  }
}

/** The header of the spooled file (its first line that is not blank), or a 400 naming fileData when it has none. */
export async function headerOf(path: string): Promise<Header> {
  for await (const { line } of linesOf(createReadStream(path))) {
    if (line.trim() === '') continue;
    const names = splitFields(line);
    if (names === null) throw invalidArgument('fileData', null, 'line 1: the header has a quoted name never closed');
    return new Header(names.map((n) => n.trim()));
  }
  throw invalidArgument('fileData', null, 'The file is empty: a CSV file with a header row is expected');
}

/** Which kind of file a header makes it, and its layout; a 400 naming fileData when its columns say nothing. */
export function kindOf(header: Header): { fileType: FileType; layout: 'COLUMNS' | 'POWERMETER' } {
  const names = header.names.map((n) => n.toLowerCase());
  if (names.includes('time') && names.some((n) => n.startsWith('usage')))
    return { fileType: 'READINGS', layout: 'POWERMETER' };
  if (names.some((n) => READING_COLUMNS.get(n) === 'fromDateTime')) return { fileType: 'READINGS', layout: 'COLUMNS' };
  if (['providerprofileid', 'profilename', 'profileid', 'servicetypes', 'sourceid'].some((n) => names.includes(n)))
    return { fileType: 'PROFILES', layout: 'COLUMNS' };
  if (['provideraccountid', 'accountname'].some((n) => names.includes(n)))
    return { fileType: 'ACCOUNTS', layout: 'COLUMNS' };
  throw invalidArgument(
    'fileData',
    header.names.join(',').slice(0, 200),
    'The header names no column of an accounts file (providerAccountId, accountName), a profiles file (providerProfileId, profileName) or a readings file (fromDateTime, or Time and Usage (kWh))',
  );
}

/**
 * A row's failure as a refusal: a 400 or 404 of the account and profile services (the same checks as their own
 * operations), or a reading parser's complaint; `columnOf` turns the field it names into the file's column. Anything
 * else (a database fault) is not the row's doing and goes up.
 */
export function refusalOf(e: unknown, row: number, columnOf: (field: string | null) => string | null): Refusal {
  if (e instanceof ApiError && (e.statusCode === 400 || e.statusCode === 404))
    return {
      row,
      column: columnOf(e.item.propertyName),
      value: e.item.propertyValue,
      message: e.item.message,
    };
  if (e instanceof ReadingFormatError) {
    const field = e.field.replace(/^row \d+\.?/, '') || null;
    const message = e.message.replace(/^row \d+(\.\w+)?: /, '');
    return { row, column: columnOf(field), value: e.value, message };
  }
  throw e;
}

/**
 * The first fault the API's own schema finds in a body made from a row (the same TypeBox schema its JSON operation
 * validates with: lengths, types), as a refusal naming the column; null when the body passes.
 */
export function schemaFault(
  schema: TSchema,
  body: unknown,
  row: number,
  columnOf: (field: string | null) => string | null,
): Refusal | null {
  const [first] = Value.Errors(schema, body);
  if (!first) return null;
  const field = first.path.split('/').filter(Boolean).join('.') || null;
  return {
    row,
    column: columnOf(field),
    value: first.value === undefined ? null : String(first.value),
    message: `${field ?? 'row'}: ${first.message}`,
  };
}

/** true/false in the spellings spreadsheets write; undefined for an empty cell, null for anything else. */
export function booleanCell(text: string | undefined): boolean | undefined | null {
  if (text === undefined) return undefined;
  const t = text.toLowerCase();
  if (['true', '1', 'yes', 'y'].includes(t)) return true;
  if (['false', '0', 'no', 'n'].includes(t)) return false;
  return null;
}
