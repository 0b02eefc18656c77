// multipart/form-data (RFC 7578) read from the request stream as it arrives: the text fields kept (small), the one
// file part written to a temporary file, never held in memory. A form posts its fields in any order (the original's
// Java client sends the file before fileFormat), so the file is spooled first and read once the form is complete.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { invalidArgument } from './errors.ts';

export interface SpooledFile {
  /** The form field that carried the file. */
  field: string;
  /** The file name the client gave (Content-Disposition filename), or null. */
  filename: string | null;
  contentType: string | null;
  /** Where the bytes are, until `cleanup`. */
  path: string;
  bytes: number;
}

export interface SpooledForm {
  fields: Map<string, string>;
  file: SpooledFile | null;
  /** Removes the temporary file: call it when done, whatever happened. */
  cleanup(): void;
}

export interface MultipartLimits {
  /** The file fields accepted (a form with another file field is refused, naming it). */
  fileFields: readonly string[];
  maxFileBytes: number;
  /** A text field longer than this is refused (64 KiB by default). */
  maxFieldBytes?: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a multipart/form-data Content-Type, or a 400 naming the header. */
export function boundaryOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  if (type !== 'multipart/form-data' || !match)
    throw invalidArgument(
      'Content-Type',
      contentType ?? null,
      'Send the file as multipart/form-data (a form with fileData and fileFormat), with its boundary',
    );
  return (match[1] ?? match[2])!;
}

/** name="..." and filename="..." of a Content-Disposition header. */
function dispositionOf(value: string): { name: string | null; filename: string | null } {
  const name = /(?:^|;)\s*name="([^"]*)"/i.exec(value) ?? /(?:^|;)\s*name=([^;\s]+)/i.exec(value);
  const filename = /;\s*filename="([^"]*)"/i.exec(value) ?? /;\s*filename=([^;\s]+)/i.exec(value);
  return { name: name?.[1] ?? null, filename: filename?.[1] ?? null };
}

const bad = (message: string) => invalidArgument('body', null, message);

/**
 * Reads a multipart/form-data body. Text fields are kept; the part in one of `fileFields` goes to a temporary file.
 * Malformed bodies are 400s naming `body` (or the field at fault); nothing is left on disk after a failure.
 */
export async function spoolMultipart(body: Readable, boundary: string, limits: MultipartLimits): Promise<SpooledForm> {
  const dir = mkdtempSync(join(tmpdir(), 'ratebook-upload-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const fields = new Map<string, string>();
  let file: SpooledFile | null = null;
  const maxField = limits.maxFieldBytes ?? 64 * 1024;
  // The body is read as if it began with CRLF, so that every delimiter is CRLF--boundary.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = CRLF;
  let state: 'preamble' | 'afterDelimiter' | 'headers' | 'part' | 'done' = 'preamble';
  let part: { name: string; field: Buffer[]; fieldBytes: number; out: WriteStream | null } | null = null;

  const write = async (bytes: Buffer): Promise<void> => {
    if (!part || !bytes.length) return;
    if (part.out) {
      file!.bytes += bytes.length;
      if (file!.bytes > limits.maxFileBytes)
        throw invalidArgument(part.name, null, `The file is larger than ${limits.maxFileBytes} bytes`);
      if (!part.out.write(bytes)) await once(part.out, 'drain');
    } else {
      part.fieldBytes += bytes.length;
      if (part.fieldBytes > maxField)
        throw invalidArgument(part.name, null, `${part.name} is longer than ${maxField} bytes`);
      part.field.push(bytes);
    }
  };
  const endPart = async (): Promise<void> => {
    if (!part) return;
    if (part.out) {
      part.out.end();
      await once(part.out, 'close');
    } else fields.set(part.name, Buffer.concat(part.field).toString('utf8'));
    part = null;
  };
  const startPart = (headerText: string): void => {
    let disposition = '';
    let contentType: string | null = null;
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'content-disposition') disposition = value;
      else if (key === 'content-type') contentType = value;
    }
    const { name, filename } = dispositionOf(disposition);
    if (!name) throw bad('A part of the form has no Content-Disposition name');
    const isFile = limits.fileFields.includes(name);
    if (!isFile && filename !== null)
      throw invalidArgument(name, filename, `${name} is not a file field; send the file as ${limits.fileFields[0]}`);
    if (isFile) {
      if (file) throw invalidArgument(name, filename, 'The form holds more than one file; upload one file a request');
      const path = join(dir, 'upload');
      file = { field: name, filename, contentType, path, bytes: 0 };
      const out = createWriteStream(path);
      out.on('error', () => {});
      part = { name, field: [], fieldBytes: 0, out };
    } else {
      if (fields.has(name)) throw invalidArgument(name, null, `${name} is sent twice`);
      part = { name, field: [], fieldBytes: 0, out: null };
    }
  };

  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (state === 'done') {
          buf = Buffer.alloc(0); // the epilogue is ignored
          break;
        }
        if (state === 'preamble' || state === 'part') {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            // Keep what could be the start of a delimiter split across chunks.
            const keep = Math.min(buf.length, delimiter.length - 1);
            if (state === 'part') await write(buf.subarray(0, buf.length - keep));
            buf = buf.subarray(buf.length - keep);
            break;
          }
          if (state === 'part') {
            await write(buf.subarray(0, at));
            await endPart();
          }
          buf = buf.subarray(at + delimiter.length);
          state = 'afterDelimiter';
          continue;
        }
        if (state === 'afterDelimiter') {
          // "--" closes the form; otherwise (transport padding allowed) CRLF starts a part's headers.
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            continue;
          }
          const eol = buf.indexOf(CRLF);
          if (eol < 0) {
            if (buf.length > 256) throw bad('A multipart delimiter is followed by text');
            break;
          }
          if (buf.subarray(0, eol).toString('latin1').trim() !== '')
            throw bad('A multipart delimiter is followed by text');
          buf = buf.subarray(eol + 2);
          state = 'headers';
          continue;
        }
        // headers
        const end = buf.indexOf(HEADER_END);
        const headersEndAtStart = buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a;
        if (headersEndAtStart) throw bad('A part of the form has no headers');
        if (end < 0) {
          if (buf.length > MAX_HEADER_BYTES) throw bad('A part of the form has headers longer than 16 KiB');
          break;
        }
        startPart(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + HEADER_END.length);
        state = 'part';
      }
    }
    if (state !== 'done') throw bad('The multipart body ends before its closing delimiter');
    return { fields, file, cleanup };
  } catch (e) {
    const open = part as { out: WriteStream | null } | null;
    open?.out?.destroy();
    cleanup();
    throw e;
  }
}
