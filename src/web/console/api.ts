// Every data call of the console: the public API on this origin with HTTP Basic credentials, so the console can do
// nothing the key cannot. Errors come back as ApiError with a sentence for people (the API's own message, the
// parameter it names and what the status means).
import type { Credentials } from './session.ts';

interface ErrorResult {
  code?: string;
  message?: string;
  propertyName?: string | null;
  propertyValue?: string | null;
}

export interface Envelope<T> {
  status: string;
  count: number;
  type: string | null;
  results: T[];
  requestId?: string;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'The request was not accepted',
  401: 'The appId and appKey were refused',
  403: 'This key is not allowed to do that',
  404: 'Not found',
  405: 'Not allowed',
  413: 'The data is too large',
  415: 'The data format is not accepted',
  429: 'Too many requests',
  503: 'The service is not ready',
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A sentence for an error answer: what the status means, then the API's message and the parameter it names. */
export function describeError(status: number, body: unknown): string {
  const first = (body as { results?: ErrorResult[] } | null)?.results?.[0];
  const what = STATUS_WORDS[status] ?? (status >= 500 ? 'The service failed' : `HTTP ${status}`);
  if (!first?.message) return `${what} (HTTP ${status}).`;
  const param = first.propertyName
    ? ` (parameter ${first.propertyName}${first.propertyValue ? ` = ${first.propertyValue}` : ''})`
    : '';
  return `${what}: ${first.message}${param}.`;
}

export function basicAuth(c: Credentials): string {
  // btoa takes Latin-1 only: encode UTF-8 first so any key the API could hold is sent intact.
  const bytes = new TextEncoder().encode(`${c.appId}:${c.appKey}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

export class Api {
  constructor(readonly credentials: Credentials) {}

  async get<T>(path: string, query: Record<string, string | number | boolean | undefined> = {}): Promise<Envelope<T>> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return this.send<T>('GET', qs ? `${path}?${qs}` : path);
  }

  /** A text answer (a CSV): its body, or the error in words. */
  async text(path: string, accept: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(path, {
        headers: { authorization: basicAuth(this.credentials), accept },
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (err) {
      throw new ApiError(0, `Could not reach Ratebook (${(err as Error).message}). Is the service running?`);
    }
    const body = await res.text();
    if (!res.ok) {
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // Not the API's envelope: the status alone speaks.
      }
      throw new ApiError(res.status, describeError(res.status, json));
    }
    return body;
  }

  async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
    return this.send<T>('POST', path, JSON.stringify(body));
  }

  private async send<T>(method: string, url: string, body?: string): Promise<Envelope<T>> {
    const headers: Record<string, string> = { authorization: basicAuth(this.credentials), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, credentials: 'omit', cache: 'no-store' });
    } catch (err) {
      throw new ApiError(0, `Could not reach Ratebook (${(err as Error).message}). Is the service running?`);
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      // A proxy's HTML error page or an empty answer: the status alone speaks.
    }
    if (!res.ok)
      throw new ApiError(
        res.status,
        describeError(res.status, json),
        (json as { results?: ErrorResult[] } | null)?.results?.[0]?.code ?? null,
      );
    return json as Envelope<T>;
  }
}
