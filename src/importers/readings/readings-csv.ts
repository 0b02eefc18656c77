// Readings as CSV: a header row names the columns (any order, any case, a few aliases), one reading per line.
// RFC 4180 quoting, LF or CRLF, an optional UTF-8 byte order mark. Unquoted lines take a split() fast path: a year of
// 15-minute rows is 35,040 lines and must parse in milliseconds.
import { checkZone, readingFromFields, type ReadingFields, type ReadingOptions } from './reading-rows.ts';
import { MAX_READINGS, ReadingFormatError, unitOf, type ParsedReadings, type Reading } from './reading.ts';

type Key = keyof ReadingFields;

/** Lower-cased header names -> the field they fill (the bulk upload reads its readings files by the same names). */
export const READING_COLUMNS = new Map<string, Key>([
  ['fromdatetime', 'fromDateTime'],
  ['start', 'fromDateTime'],
  ['starttime', 'fromDateTime'],
  ['todatetime', 'toDateTime'],
  ['end', 'toDateTime'],
  ['endtime', 'toDateTime'],
  ['duration', 'duration'],
  ['quantityvalue', 'quantityValue'],
  ['value', 'quantityValue'],
  ['kwh', 'quantityValue'],
  ['quantityunit', 'quantityUnit'],
  ['unit', 'quantityUnit'],
  ['quantitycost', 'quantityCost'],
  ['cost', 'quantityCost'],
]);

const EXPECTED =
  'fromDateTime (or start), toDateTime (or end) or duration, quantityValue (or value, kWh), and optionally quantityUnit (or unit), quantityCost (or cost)';

/** Calls `each` with every record of CSV text and the line it starts on; blank lines are skipped. */
function forEachRecord(text: string, each: (fields: string[], line: number) => void): void {
  const len = text.length;
  let pos = 0;
  let line = 1;
  while (pos < len) {
    const first = line;
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = len;
    const lineEnd = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const raw = text.slice(pos, lineEnd);
    if (!raw.includes('"')) {
      pos = nl + 1;
      line++;
      if (raw.trim() !== '') each(raw.split(','), first);
      continue;
    }
    // A quoted field may hold commas, doubled quotes and line breaks: read it character by character.
    const fields: string[] = [];
    let field = '';
    let i = pos;
    for (;;) {
      if (i >= len || text[i] === '\n' || (text[i] === '\r' && text[i + 1] === '\n')) {
        fields.push(field);
        break;
      }
      const ch = text[i]!;
      if (ch === ',') {
        fields.push(field);
        field = '';
        i++;
      } else if (ch === '"' && field.trim() === '') {
        // Quoted field: up to the closing quote, "" being one quote.
        field = '';
        i++;
        for (;;) {
          if (i >= len)
            throw new ReadingFormatError(`line ${first}`, null, `line ${first}: a quoted field is never closed`);
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        while (text[i] === ' ' || text[i] === '\t') i++;
        if (i < len && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          throw new ReadingFormatError(
            `line ${line}`,
            null,
            `line ${line}: text after a closing quote (a quote inside a quoted field is written "")`,
          );
        }
      } else {
        field += ch;
        i++;
      }
    }
    pos = i >= len ? len : text[i] === '\r' ? i + 2 : i + 1;
    line++;
    each(fields, first);
  }
}

/** Column index of each field, from the header; refuses a header without the columns a reading needs. */
function columnsOf(
  header: string[],
  line: number,
  notes: string[],
): Partial<Record<Key, number>> & { impliedKwh: boolean } {
  const at: Partial<Record<Key, number>> = {};
  const ignored: string[] = [];
  let impliedKwh = false;
  header.forEach((name, k) => {
    const key = READING_COLUMNS.get(name.trim().toLowerCase());
    if (!key) {
      ignored.push(name.trim());
      return;
    }
    if (at[key] !== undefined) {
      throw new ReadingFormatError(
        `line ${line}`,
        name.trim(),
        `line ${line}: columns '${header[at[key]]!.trim()}' and '${name.trim()}' both give ${key}`,
      );
    }
    at[key] = k;
    if (key === 'quantityValue' && name.trim().toLowerCase() === 'kwh') impliedKwh = true;
  });
  const missing: string[] = [];
  if (at.fromDateTime === undefined) missing.push('fromDateTime');
  if (at.toDateTime === undefined && at.duration === undefined) missing.push('toDateTime or duration');
  if (at.quantityValue === undefined) missing.push('quantityValue');
  if (missing.length) {
    const looksLikeData = /^\s*\d{4}-\d{2}-\d{2}/.test(header[0] ?? '');
    const what = looksLikeData
      ? 'the first line must be a header naming the columns'
      : `the header lacks ${missing.join(', ')} (it has ${header.map((h) => h.trim()).join(', ')})`;
    throw new ReadingFormatError(
      `line ${line}`,
      header.join(',').slice(0, 100),
      `line ${line}: ${what}; expected ${EXPECTED}`,
    );
  }
  if (ignored.length) notes.push(`Columns ignored: ${ignored.join(', ')}.`);
  return { ...at, impliedKwh };
}

export function parseReadingsCsv(text: string, opts: ReadingOptions): ParsedReadings {
  checkZone(opts.zone);
  unitOf(opts.defaultUnit, 'quantityUnit');
  const notes: string[] = [];
  const readings: Reading[] = [];
  let header: string[] | null = null;
  let at: ReturnType<typeof columnsOf> | null = null;
  let rowOpts = opts;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  forEachRecord(body, (fields, line) => {
    if (!header || !at) {
      header = fields;
      at = columnsOf(fields, line, notes);
      // A value column named kWh says the unit when no unit column does.
      if (at.impliedKwh && at.quantityUnit === undefined) rowOpts = { ...opts, defaultUnit: 'kWh' };
      return;
    }
    if (fields.length !== header.length) {
      throw new ReadingFormatError(
        `line ${line}`,
        null,
        `line ${line}: ${fields.length} fields where the header has ${header.length}`,
      );
    }
    if (readings.length === MAX_READINGS)
      throw new ReadingFormatError('body', null, `body: more than ${MAX_READINGS} readings; upload them in parts`);
    const row: ReadingFields = {
      fromDateTime: fields[at.fromDateTime!],
      toDateTime: at.toDateTime === undefined ? undefined : fields[at.toDateTime],
      duration: at.duration === undefined ? undefined : fields[at.duration],
      quantityValue: fields[at.quantityValue!],
      quantityUnit: at.quantityUnit === undefined ? undefined : fields[at.quantityUnit],
      quantityCost: at.quantityCost === undefined ? undefined : fields[at.quantityCost],
    };
    try {
      readings.push(readingFromFields(row, `line ${line}`, rowOpts, readings.at(-1)?.start));
    } catch (e) {
      throw e instanceof ReadingFormatError ? asLineError(e, line, header, at) : e;
    }
  });
  if (!header)
    throw new ReadingFormatError('body', null, `body: the CSV is empty; a header row naming ${EXPECTED} is required`);
  return { readings, notes };
}

/** "line 12.toDateTime: ..." -> field "line 12", the message naming the column as the header spells it. */
function asLineError(
  e: ReadingFormatError,
  line: number,
  header: string[],
  at: Partial<Record<Key, number>>,
): ReadingFormatError {
  const where = `line ${line}`;
  if (!e.field.startsWith(`${where}.`)) return e;
  const key = e.field.slice(where.length + 1) as Key;
  const column = at[key] === undefined ? key : header[at[key]]!.trim();
  const rest = e.message.slice(e.field.length + 1).trimStart();
  return new ReadingFormatError(where, e.value, `${where}, column ${column}: ${rest}`);
}
