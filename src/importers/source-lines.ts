// Reads an import source line by line without holding it in memory: a file (optionally .gz) or any byte stream
// (an HTTP request body). Lines are counted from 1 so errors can name them.
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export class ImportFormatError extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(`${where}: ${message}`);
  }
}

export interface OpenedSource {
  stream: Readable;
  /** Bytes of the file read so far (compressed bytes for .gz), and its size, for progress. */
  bytesRead(): number;
  size: number;
}

/**
 * A byte stream through gunzip. Broken gzip may fail before the importer starts reading (it opens a transaction
 * first): the stream keeps the error, so the importer's read throws it, and a listener is there from the start so the
 * failure is never an 'error' event no one hears (which ends the process).
 */
export function gunzipped(bytes: Readable): Readable {
  const gunzip = createGunzip();
  gunzip.on('error', () => {});
  bytes.on('error', (e) => gunzip.destroy(e));
  return bytes.pipe(gunzip);
}

/** zlib's failures carry codes such as Z_DATA_ERROR and Z_BUF_ERROR. */
export const isGzipError = (e: unknown): boolean =>
  typeof (e as { code?: unknown })?.code === 'string' && (e as { code: string }).code.startsWith('Z_');

/**
 * A readable of the file's bytes, gunzipped when its name ends in .gz. Progress reads the stream's own byte count:
 * a 'data' listener would set the file flowing before the importer reads it, and what flowed while the import waited
 * for the SQLite write lock was lost (the retried import began in the middle of the file).
 */
export function openSource(path: string): OpenedSource {
  const raw = createReadStream(path);
  return {
    stream: path.endsWith('.gz') ? gunzipped(raw) : raw,
    bytesRead: () => raw.bytesRead,
    size: statSync(path).size,
  };
}

/**
 * The lines of a byte stream (UTF-8, LF or CRLF; a byte order mark at the start is dropped). A stream that failed
 * before reading began (broken gzip while PostgreSQL was still opening the transaction) throws its error here:
 * readline would otherwise wait for an 'end' or 'error' that was already emitted, and the request would hang.
 */
export async function* linesOf(stream: Readable): AsyncGenerator<{ line: string; number: number }> {
  if (stream.errored) throw stream.errored;
  let number = 0;
  for await (const raw of createInterface({ input: stream, crlfDelay: Infinity })) {
    number++;
    yield { line: number === 1 ? raw.replace(/^\uFEFF/, '') : raw, number };
  }
}
