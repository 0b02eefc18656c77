// CSV records (RFC 4180: comma-separated, fields in double quotes may hold commas, doubled quotes and line breaks),
// read from lines as they stream, with the header naming the columns.
import { ImportFormatError } from './source-lines.ts';

export interface CsvRecord {
  /** Line number of the record's first line. */
  line: number;
  values: Record<string, string>;
}

/** Splits one record's text into fields; returns null when a quoted field is still open (the record goes on). */
export function splitFields(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

export async function* csvRecords(
  lines: AsyncIterable<{ line: string; number: number }>,
  source: string,
  required: readonly string[],
): AsyncGenerator<CsvRecord> {
  let header: string[] | null = null;
  let pending = '';
  let start = 0;
  for await (const { line, number } of lines) {
    // PostgreSQL text cannot hold NUL: such a file is malformed, not a database error.
    if (line.includes('\u0000'))
      throw new ImportFormatError(
        `${source} line ${number}`,
        'contains a NUL character, which no text column can hold',
      );
    const text = pending ? `${pending}\n${line}` : line;
    if (!pending) start = number;
    const fields = splitFields(text);
    if (fields === null) {
      pending = text;
      continue;
    }
    pending = '';
    if (header === null) {
      header = fields.map((f) => f.trim());
      const missing = required.filter((r) => !header!.includes(r));
      if (missing.length)
        throw new ImportFormatError(
          `${source} line ${start}`,
          `the header lacks ${missing.join(', ')} (it has ${header.join(', ')})`,
        );
      continue;
    }
    if (text.trim() === '') continue;
    if (fields.length !== header.length)
      throw new ImportFormatError(
        `${source} line ${start}`,
        `${fields.length} fields where the header has ${header.length}`,
      );
    yield { line: start, values: Object.fromEntries(header.map((h, k) => [h, fields[k]!.trim()])) };
  }
  if (pending) throw new ImportFormatError(`${source} line ${start}`, 'a quoted field is never closed');
  if (header === null) throw new ImportFormatError(source, 'the file is empty (no header)');
}
