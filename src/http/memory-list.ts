// The same search, sort and paging rules as sql-list.ts, for lists computed in memory (intervals, dates).
import type { ListOptions, Paging, SearchSpec, SortKey } from './list-options.ts';
import { checkedSearchRegex } from './search-regex.ts';

type Value = string | number | boolean | null | undefined;
export type FieldReader<T> = (item: T, field: string) => Value;

/** Reads a field of a plain API object by name: the reader for lists of the API's own objects. */
export const readField = <T extends object>(item: T, field: string): Value => (item as Record<string, Value>)[field];

export function matchesSearch<T>(item: T, spec: SearchSpec, read: FieldReader<T>): boolean {
  const regex = spec.mode === 'regex' ? checkedSearchRegex(spec.text) : null;
  const needle = spec.text.toLowerCase();
  return spec.fields.some((field) => {
    const raw = read(item, field);
    if (raw === null || raw === undefined) return false;
    const value = String(raw);
    if (regex) return regex.test(value);
    const hay = value.toLowerCase();
    switch (spec.mode) {
      case 'startsWith':
        return hay.startsWith(needle);
      case 'endsWith':
        return hay.endsWith(needle);
      case 'exact':
        return hay === needle;
      default:
        return hay.includes(needle);
    }
  });
}

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function sortItems<T>(items: T[], sort: SortKey[], read: FieldReader<T>): T[] {
  if (sort.length === 0) return items;
  // Array.prototype.sort is stable, so equal keys keep their natural order.
  return [...items].sort((x, y) => {
    for (const key of sort) {
      const c = compare(read(x, key.field), read(y, key.field));
      if (c !== 0) return key.descending ? -c : c;
    }
    return 0;
  });
}

export function pageItems<T>(items: T[], paging: Paging): T[] {
  return items.slice(paging.pageStart, paging.pageStart + paging.pageCount);
}

/** Search, sort and page an in-memory list; returns the page and the total number of matches. */
export function listInMemory<T>(items: T[], options: ListOptions, read: FieldReader<T>): { rows: T[]; total: number } {
  const matched = options.search ? items.filter((i) => matchesSearch(i, options.search!, read)) : items;
  const sorted = sortItems(matched, options.sort, read);
  return { rows: pageItems(sorted, options.paging), total: matched.length };
}
