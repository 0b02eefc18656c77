// The OpenEI URDB API (utility_rates, version 8): one page of full rate records per request, ordered by label (the
// API's default, stated so that offsets stay stable: labels grow with the time a record was made, so records added
// during a sync land after the pages already read). A failed request is tried again with exponential backoff (429,
// 5xx, time-outs and network errors; a Retry-After is honoured); other answers (a bad key, a bad parameter, an error
// body) fail at once. The API key goes in the query string, as the API wants, and is never part of a message.

export const URDB_SECTORS = ['Residential', 'Commercial', 'Industrial', 'Lighting'] as const;
export type UrdbSector = (typeof URDB_SECTORS)[number];
/** The API's largest page. */
export const MAX_URDB_PAGE_SIZE = 500;

/** What a sync asks URDB for: every filter given narrows it. */
export interface UrdbQuery {
  /** EIA utility id (`eia`). */
  eia?: string;
  /** The utility's name as URDB spells it (`ratesforutility`). */
  utility?: string;
  /** A ZIP code (`address`). */
  zip?: string;
  sector?: UrdbSector;
  /** Records modified after this time, seconds since 1970 (`modified_after`). */
  modifiedAfter?: number;
}

export interface UrdbClientOptions {
  apiUrl: string;
  apiKey: string;
  /** Requests per page before giving up (the first and its retries). */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it (with jitter), up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** One request's time limit. */
  timeoutMs?: number;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (retry: UrdbRetry) => void;
}

export interface UrdbRetry {
  offset: number;
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface UrdbPage {
  items: Record<string, unknown>[];
  /** Requests made for it (1 when the first succeeded). */
  attempts: number;
}

/** A page that could not be had: after every attempt, or at once for an answer no retry will change. */
export class UrdbApiError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly attempts: number,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A Retry-After header in milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class UrdbApiClient {
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: UrdbClientOptions) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  /** The request URL of a page. */
  pageUrl(query: UrdbQuery, offset: number, limit: number): URL {
    const url = new URL(this.options.apiUrl);
    const params: Record<string, string | undefined> = {
      version: '8',
      format: 'json',
      api_key: this.options.apiKey,
      detail: 'full',
      limit: String(limit),
      offset: String(offset),
      orderby: 'label',
      direction: 'asc',
      eia: query.eia,
      ratesforutility: query.utility,
      address: query.zip,
      sector: query.sector,
      modified_after: query.modifiedAfter === undefined ? undefined : String(Math.floor(query.modifiedAfter)),
    };
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  /** A URL or message with the API key taken out. */
  redact(text: string): string {
    const key = this.options.apiKey;
    let out = text.replace(/([?&]api_key=)[^&\s]*/g, '$1***');
    if (key) out = out.split(key).join('***').split(encodeURIComponent(key)).join('***');
    return out;
  }

  async page(query: UrdbQuery, offset: number, limit: number): Promise<UrdbPage> {
    const url = this.pageUrl(query, offset, limit);
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(url);
      if ('items' in outcome) return { items: outcome.items, attempts: attempt };
      const reason = this.redact(outcome.reason);
      if (!outcome.retry || attempt >= this.maxAttempts) {
        const tries = outcome.retry ? ` after ${attempt} attempt${attempt === 1 ? '' : 's'}` : '';
        throw new UrdbApiError(
          `URDB page at offset ${offset} failed${tries}: ${reason}`,
          offset,
          attempt,
          outcome.status,
        );
      }
      const backoff = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (attempt - 1));
      // Half the delay fixed, half random: clients failing together do not come back together.
      const delayMs = Math.round(
        Math.max(backoff / 2 + (this.random() * backoff) / 2, Math.min(this.retryMaxMs, outcome.retryAfterMs ?? 0)),
      );
      this.options.onRetry?.({ offset, attempt, delayMs, reason });
      await this.sleep(delayMs);
    }
  }

  private async attempt(
    url: URL,
  ): Promise<
    | { items: Record<string, unknown>[] }
    | { retry: boolean; reason: string; status: number | null; retryAfterMs?: number | null }
  > {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      const what =
        err.name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs / 1000} s`
          : `${err.message}${err.cause?.code ? ` (${err.cause.code})` : err.cause?.message ? ` (${err.cause.message})` : ''}`;
      return { retry: true, reason: what, status: null };
    }
    const status = response.status;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: said below */
    }
    const said = errorMessage(body) ?? text.slice(0, 200).replace(/\s+/g, ' ').trim();
    if (status === 429 || status >= 500) {
      return {
        retry: true,
        reason: `HTTP ${status}${said ? `: ${said}` : ''}`,
        status,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    if (status !== 200) return { retry: false, reason: `HTTP ${status}${said ? `: ${said}` : ''}`, status };
    if (body === undefined) return { retry: true, reason: `the answer is not JSON (${text.length} bytes)`, status };
    const error = errorMessage(body);
    if (error !== null) return { retry: false, reason: `URDB answered an error: ${error}`, status };
    const items = (body as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) return { retry: false, reason: 'the answer has no items list', status };
    const bad = items.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item));
    if (bad >= 0) return { retry: false, reason: `item ${bad + 1} of the answer is not a JSON object`, status };
    return { items: items as Record<string, unknown>[] };
  }
}

/** The message of an error body: {"error": "..."} or {"error": {"message": "..."}}, or null. */
function errorMessage(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (error === null || error === undefined || error === false || error === '') return null;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    const { code, message } = error as { code?: unknown; message: string };
    return typeof code === 'string' ? `${code}: ${message}` : message;
  }
  return JSON.stringify(error).slice(0, 200);
}
