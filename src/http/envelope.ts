// The success and error envelopes of the API: {status, count, type, results} and its paging/request extras.
import type { ErrorItem } from './errors.ts';

export interface SuccessEnvelope<T> {
  status: 'success';
  count: number;
  type: string | null;
  results: T[] | null;
  pageStart?: number;
  pageCount?: number;
  requestId?: string;
}

export interface ErrorEnvelope {
  status: 'error';
  count: number;
  type: 'Error';
  results: ErrorItem[];
}

/** One object, or a fixed list that is not paged. */
export function single<T>(type: string | null, result: T): SuccessEnvelope<T> {
  return { status: 'success', count: 1, type, results: [result] };
}

/** A page of a longer list: count is the total number of matches, not the page size. */
export function page<T>(
  type: string,
  results: T[],
  total: number,
  paging: { pageStart: number; pageCount: number },
): SuccessEnvelope<T> {
  return { status: 'success', count: total, type, results, pageStart: paging.pageStart, pageCount: paging.pageCount };
}

export function errorEnvelope(items: ErrorItem[]): ErrorEnvelope {
  return { status: 'error', count: items.length, type: 'Error', results: items };
}
