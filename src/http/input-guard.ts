// Refuses text that no database column can hold: PostgreSQL rejects the NUL character in text, so a NUL in any
// parameter or body string is a 400 naming where it is, instead of a database error. Query values that are not valid
// percent-encoded UTF-8 are refused the same way.
import { Stream } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { invalidArgument } from './errors.ts';
import { undecodablePart } from './url-parts.ts';
import type { App } from './fastify-types.ts';

/** Parsed parameters and JSON, not a streamed body (a request stream) or raw bytes, which their readers check. */
const isParsed = (v: object) => !(v instanceof Stream) && !ArrayBuffer.isView(v);

/**
 * The path ("scenarios[0].name") of the first string holding a NUL character, or null. It walks parsed JSON and query
 * objects only (a streamed body is left to its reader) and keeps its own stack, so no nesting depth overflows it.
 */
export function findNul(value: unknown, path = ''): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (Array.isArray(v)) {
      // Long series of numbers are common (interval data): skip them without building a path for each.
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (item !== null && typeof item !== 'number' && typeof item !== 'boolean') stack.push([item, `${at}[${i}]`]);
      }
    } else if (v !== null && typeof v === 'object' && isParsed(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i]![1], at ? `${at}.${entries[i]![0]}` : entries[i]![0]]);
    }
  }
  return null;
}

/** No value to walk: most GETs have neither parameters nor a query nor a body. */
function isEmpty(source: unknown): boolean {
  if (source === undefined || source === null) return true;
  if (typeof source !== 'object' || Array.isArray(source)) return false;
  for (const _ in source) return false;
  return true;
}

/** A 400 for the first undecodable query value or NUL character in the request's parameters, query or body; else null. */
function refusal(request: FastifyRequest): Error | null {
  // The query parser keeps what it cannot percent-decode as it came; a value that is not UTF-8 was never meant.
  const url = request.raw.url ?? '';
  if (url.includes('%')) {
    const part = undecodablePart(url);
    if (part) return invalidArgument(part.name, part.value, `${part.name} is not valid percent-encoded UTF-8`);
  }
  for (const source of [request.params, request.query, request.body]) {
    if (isEmpty(source)) continue;
    const at = findNul(source);
    if (at !== null)
      return invalidArgument(
        at || 'body',
        null,
        `${at || 'The body'} contains a NUL character, which is not allowed in text`,
      );
  }
  return null;
}

export function registerInputGuard(app: App): void {
  // Callback style: it runs on every request, and a synchronous hook costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const error = refusal(request);
    if (error) done(error);
    else done();
  });
}
