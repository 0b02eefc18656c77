// Turns a list request's paging, search, sort and fields parameters into checked options,
// with a 400 naming the parameter for anything a resource does not support.
import { invalidArgument } from './errors.ts';
import { csvList } from './list-params.ts';
import { checkedSearchRegex } from './search-regex.ts';
import { DEFAULT_PAGE_COUNT, type ListQueryValues } from './query-schemas.ts';

export interface Paging {
  pageStart: number;
  pageCount: number;
}

export type SearchMode = 'contains' | 'startsWith' | 'endsWith' | 'exact' | 'regex';

export interface SearchSpec {
  text: string;
  /** API field names to search, already checked against the resource's searchable fields. */
  fields: string[];
  mode: SearchMode;
}

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface ListOptions {
  paging: Paging;
  search: SearchSpec | null;
  sort: SortKey[];
  ext: boolean;
}

export interface ListRules {
  searchable: readonly string[];
  defaultSearchOn: readonly string[];
  sortable: readonly string[];
  defaultSort: readonly SortKey[];
}

export function parsePaging(q: Pick<ListQueryValues, 'pageStart' | 'pageCount'>): Paging {
  return { pageStart: q.pageStart ?? 0, pageCount: q.pageCount ?? DEFAULT_PAGE_COUNT };
}

export function isExt(fields: string | undefined): boolean {
  return csvList(fields).some((f) => f.toLowerCase() === 'ext');
}

/** Field names are matched case-insensitively and returned in the resource's own spelling. */
function pickFields(param: string, requested: string[], allowed: readonly string[]): string[] {
  const byLower = new Map(allowed.map((f) => [f.toLowerCase(), f]));
  return requested.map((name) => {
    const field = byLower.get(name.toLowerCase());
    if (!field)
      throw invalidArgument(param, name, `${param} must name one of ${allowed.join(', ')}; "${name}" is not one`);
    return field;
  });
}

export function parseSearch(
  q: ListQueryValues,
  rules: Pick<ListRules, 'searchable' | 'defaultSearchOn'>,
): SearchSpec | null {
  const requested = csvList(q.searchOn);
  const fields = requested.length ? pickFields('searchOn', requested, rules.searchable) : [...rules.defaultSearchOn];
  if (q.search === undefined || q.search === '') return null;
  if (q.isRegex) {
    checkedSearchRegex(q.search);
    return { text: q.search, fields, mode: 'regex' };
  }
  const mode: SearchMode =
    q.startsWith && q.endsWith ? 'exact' : q.startsWith ? 'startsWith' : q.endsWith ? 'endsWith' : 'contains';
  return { text: q.search, fields, mode };
}

export function parseSort(q: ListQueryValues, rules: Pick<ListRules, 'sortable' | 'defaultSort'>): SortKey[] {
  const fields = pickFields('sortOn', csvList(q.sortOn), rules.sortable);
  const orders = csvList(q.sortOrder).map((o) => {
    const upper = o.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw invalidArgument('sortOrder', o, 'sortOrder must be ASC or DESC');
    return upper === 'DESC';
  });
  if (fields.length === 0) {
    // A sortOrder alone reverses the default order.
    return rules.defaultSort.map((k) => ({ field: k.field, descending: orders.length ? orders[0]! : k.descending }));
  }
  if (orders.length > fields.length)
    throw invalidArgument('sortOrder', q.sortOrder, 'sortOrder has more values than sortOn');
  // One order applies to every field; a list pairs with sortOn, its last value repeating.
  return fields.map((field, i) => ({
    field,
    descending: orders.length ? orders[Math.min(i, orders.length - 1)]! : false,
  }));
}

export function parseListOptions(q: ListQueryValues, rules: ListRules): ListOptions {
  return { paging: parsePaging(q), search: parseSearch(q, rules), sort: parseSort(q, rules), ext: isExt(q.fields) };
}
