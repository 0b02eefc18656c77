// Reading calculation history back: the stored request or response of a requestId, for its own organization only,
// written as JSON text from what is stored (the body and the answer are never parsed and serialized again).
import { notAuthorized, notFound } from '../../http/errors.ts';
import type { Principal } from '../../domain/keys/principal.ts';
import { unpack } from './history.recorder.ts';
import type { HistoryRepository, StoredHistory } from './history.repository.ts';

export class HistoryService {
  constructor(private readonly repo: HistoryRepository) {}

  /** The envelope of the request as received: type CalculationRequest, its body (or query parameters) as results[0]. */
  async requestAnswer(requestId: string, caller: Principal): Promise<string> {
    const row = await this.#load(requestId, caller, 'CalculationRequest');
    let result: string;
    if (row.request_body === null) result = JSON.stringify(queryParameters(row.url));
    else {
      const text = await unpack(row.request_body, row.encoding);
      result = row.request_truncated ? JSON.stringify(text) : withoutBom(text);
    }
    return `{"status":"success","count":1,"type":"CalculationRequest","results":[${result}],"requestId":${JSON.stringify(row.request_id)},"history":${meta(row)}}`;
  }

  /** The answer as it was sent, with the history block added; a truncated one as its kept text in results[0]. */
  async responseAnswer(requestId: string, caller: Principal): Promise<string> {
    const row = await this.#load(requestId, caller, 'CalculationResponse');
    const text = await unpack(row.response_body, row.encoding);
    const end = text.lastIndexOf('}');
    if (!row.response_truncated && end > 0 && text.slice(end + 1).trim() === '')
      return `${text.slice(0, end)},"history":${meta(row)}}`;
    return `{"status":"success","count":1,"type":${JSON.stringify(row.response_type)},"results":[${JSON.stringify(text)}],"requestId":${JSON.stringify(row.request_id)},"history":${meta(row)}}`;
  }

  async #load(requestId: string, caller: Principal, objectName: string): Promise<StoredHistory> {
    const row = await this.repo.find(requestId, caller.orgId);
    if (!row) throw notFound(objectName, 'requestId', requestId);
    // The calculation's own tier: a mass calculation's history needs enterprise, as the calculation did.
    if (row.tier && !caller.tiers.has(row.tier as never)) throw notAuthorized(row.tier);
    return row;
  }
}

function meta(row: StoredHistory): string {
  return JSON.stringify({
    kind: row.kind,
    method: row.method,
    url: row.url,
    appId: row.app_id,
    createdAt: row.created_at,
    requestBytes: Number(row.request_bytes),
    requestTruncated: Boolean(row.request_truncated),
    responseType: row.response_type,
    responseBytes: Number(row.response_bytes),
    responseTruncated: Boolean(row.response_truncated),
  });
}

/** The JSON parser accepts a leading byte order mark; inside the answer's array it would not be JSON. */
const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The query parameters of a path as received, repeated ones as arrays. */
export function queryParameters(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  const out: Record<string, string | string[]> = Object.create(null);
  if (at < 0) return out;
  for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
