// JSON records as they stream: a JSON array of records (split record by record at the top level, strings and
// nesting tracked, so a large download is never parsed whole), newline-delimited records (one per line), or an API
// answer holding them (a page, read whole): URDB's {"items": [...]}, the original API's envelope {"results": [...]},
// or a recorded exchange {"response": {"results": [...]}}.
import type { Readable } from 'node:stream';
import { findNul } from '../http/input-guard.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-depth.ts';
import { ImportFormatError } from './source-lines.ts';

export interface JsonRecordAt {
  record: Record<string, unknown>;
  /** "record N" (1-based) or "line N" for NDJSON, for messages. */
  where: string;
}

type Json = Record<string, unknown>;

function parseObject(text: string, source: string, where: string): Json {
  // Deeper text would overflow the recursive readers (JSON.stringify of the record for its hash, among others).
  if (nestsDeeperThan(text))
    throw new ImportFormatError(`${source} ${where}`, `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ImportFormatError(`${source} ${where}`, `not JSON (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ImportFormatError(`${source} ${where}`, 'not a JSON object');
  // PostgreSQL text cannot hold NUL: such a record is malformed, not a database error.
  const nul = findNul(value);
  if (nul !== null)
    throw new ImportFormatError(`${source} ${where}`, `${nul} contains a NUL character, which no text column can hold`);
  return value as Json;
}

/** The records an API answer holds, or null when the object is a record itself. */
function heldRecords(value: Json): unknown[] | null {
  if (Array.isArray(value.items)) return value.items;
  if (Array.isArray(value.results) && typeof value.status === 'string') return value.results;
  const response = value.response as Json | undefined;
  if (response && typeof response === 'object' && Array.isArray(response.results)) return response.results;
  return null;
}

/** The records of one parsed object: those it holds when it is an API answer, else itself. */
function* recordsOf(value: Json, source: string, where: string): Generator<JsonRecordAt> {
  const held = heldRecords(value);
  if (held === null) {
    yield { record: value, where };
    return;
  }
  for (const [k, item] of held.entries()) {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new ImportFormatError(`${source} ${where} item ${k + 1}`, 'not a JSON object');
    yield { record: item as Json, where: `${where} item ${k + 1}` };
  }
}

export async function* jsonRecords(stream: Readable, source: string): AsyncGenerator<JsonRecordAt> {
  // Decoded as UTF-8 by the stream, so a character split between chunks is never cut.
  stream.setEncoding('utf8');
  const chunks = stream[Symbol.asyncIterator]();
  let head = '';
  // Enough of the start to tell the forms apart: the first non-blank character, and the first line.
  while (!/\S/.test(head) || (head.trimStart()[0] === '{' && !head.includes('\n'))) {
    const next = await chunks.next();
    if (next.done) break;
    head += String(next.value);
  }
  const rest = async function* () {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield String(next.value);
  };
  const first = head.trimStart()[0];
  if (first === undefined) return;
  if (first === '[') {
    yield* arrayRecords(rest(), source);
    return;
  }
  if (first !== '{')
    throw new ImportFormatError(
      source,
      'expected a JSON array of records, one JSON record per line, or an API answer holding them',
    );
  const firstLine = head.trimStart().split('\n')[0]!;
  let oneLine = true;
  try {
    JSON.parse(firstLine);
  } catch {
    oneLine = false;
  }
  if (!oneLine) {
    // A pretty-printed object: one record or an API answer, read whole.
    let all = '';
    for await (const piece of rest()) all += piece;
    yield* recordsOf(parseObject(all, source, 'record 1'), source, 'record 1');
    return;
  }
  let buffer = '';
  let line = 0;
  for await (const piece of rest()) {
    buffer += piece;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      line++;
      if (text.trim()) yield* recordsOf(parseObject(text, source, `line ${line}`), source, `line ${line}`);
    }
  }
  if (buffer.trim()) yield* recordsOf(parseObject(buffer, source, `line ${line + 1}`), source, `line ${line + 1}`);
}

async function* arrayRecords(pieces: AsyncIterable<string>, source: string): AsyncGenerator<JsonRecordAt> {
  let opened = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = '';
  let count = 0;
  let closed = false;
  for await (const piece of pieces) {
    for (const ch of piece) {
      if (!opened) {
        if (ch === '[') opened = true;
        continue;
      }
      if (depth === 0) {
        if (ch === '{') {
          depth = 1;
          current = '{';
        } else if (ch === ']') closed = true;
        else if (!/[\s,]/.test(ch) && !closed)
          throw new ImportFormatError(`${source} record ${count + 1}`, `unexpected "${ch}" between records`);
        continue;
      }
      current += ch;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth++;
      else if ((ch === '}' || ch === ']') && --depth === 0) {
        count++;
        yield { record: parseObject(current, source, `record ${count}`), where: `record ${count}` };
        current = '';
      }
    }
  }
  if (depth !== 0 || !closed)
    throw new ImportFormatError(`${source} record ${count + 1}`, 'the JSON array ends before its records do');
}
