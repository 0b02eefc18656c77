// A local stand-in for the OpenEI URDB API (utility_rates, version 8) on a free port: it answers pages of the records
// it is given (read in place from ../shared/reference/urdb by the tests), ordered by label, filtered by `eia` and
// `sector`, and records every request. Like an older API version, it ignores `modified_after`, so the client's own
// check of each record's revisions is what the tests see. Failures are scripted per offset.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REFERENCE_DIR } from './reference.ts';

export const URDB_TEST_KEY = 'test-key-0123456789abcdef';

/** The (first) record of a reference file of ../shared/reference/urdb. */
export function referenceRecord(file: string): Record<string, unknown> {
  const parsed = JSON.parse(readFileSync(join(REFERENCE_DIR, 'urdb', file), 'utf8')) as {
    items: Record<string, unknown>[];
  };
  return parsed.items[0]!;
}

export interface ScriptedFailure {
  /** How many requests at this offset fail before one succeeds (Infinity: every one). */
  times: number;
  status?: number;
  retryAfter?: string;
  body?: string;
}

export interface FakeUrdb {
  url: string;
  /** Every request's URL, in order. */
  requests: URL[];
  records: Record<string, unknown>[];
  /** Failures by offset (changed between runs by the tests). */
  failures: Map<number, ScriptedFailure>;
  /** Offsets of the requests made. */
  offsets(): number[];
  close(): Promise<void>;
}

/** `anyKey`: every API key is accepted (for the fuzz, whose keys are junk). */
export async function startFakeUrdb(records: Record<string, unknown>[], { anyKey = false } = {}): Promise<FakeUrdb> {
  const requests: URL[] = [];
  const failures = new Map<number, ScriptedFailure>();
  const fake: Partial<FakeUrdb> = { requests, failures, records };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const q = url.searchParams;
    if (url.pathname !== '/utility_rates')
      return send(404, { error: { code: 'NOT_FOUND', message: 'no such endpoint' } });
    if (!anyKey && q.get('api_key') !== URDB_TEST_KEY)
      return send(403, {
        error: {
          code: 'API_KEY_INVALID',
          message: 'An invalid api_key was supplied. Get one at https://api.data.gov:443',
        },
      });
    if (q.get('version') !== '8' || q.get('format') !== 'json')
      return send(400, { error: 'version 8, format json only' });
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 500);
    const failure = failures.get(offset);
    if (failure && failure.times > 0) {
      failure.times--;
      return send(
        failure.status ?? 500,
        failure.body ?? { error: 'internal error' },
        failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter },
      );
    }
    let items = [...fake.records!].sort((a, b) => String(a.label ?? '').localeCompare(String(b.label ?? '')));
    if (q.get('direction') === 'desc') items.reverse();
    const eia = q.get('eia');
    if (eia) items = items.filter((r) => Number(r.eiaid) === Number(eia));
    const sector = q.get('sector');
    if (sector) items = items.filter((r) => String(r.sector).toLowerCase() === sector.toLowerCase());
    send(200, { items: items.slice(offset, offset + limit) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/utility_rates`,
    offsets: () => requests.map((r) => Number(r.searchParams.get('offset'))),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  }) as FakeUrdb;
}
