// Applies parsed search and sort options to a Kysely query, and runs the count and the page together.
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { ListOptions, Paging, SearchSpec, SortKey } from './list-options.ts';

/** Maps each API field name to its SQL column (qualified where joins make names ambiguous). */
export type ColumnMap = Record<string, string>;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

function likePattern(spec: SearchSpec): string {
  const t = escapeLike(spec.text);
  switch (spec.mode) {
    case 'startsWith':
      return `${t}%`;
    case 'endsWith':
      return `%${t}`;
    case 'exact':
      return t;
    default:
      return `%${t}%`;
  }
}

/** The search's test applied to one SQL expression (cast to text). */
export function textMatches(dialect: Dialect, expression: string, spec: SearchSpec): RawBuilder<SqlBool> {
  const text = sql`cast(${sql.ref(expression)} as text)`;
  if (spec.mode === 'regex')
    return dialect === 'postgres' ? sql`${text} ~* ${spec.text}` : sql`${text} regexp ${spec.text}`;
  return sql`lower(${text}) like ${likePattern(spec)} escape '\\'`;
}

export function searchCondition(dialect: Dialect, spec: SearchSpec, columns: ColumnMap): RawBuilder<SqlBool> {
  const conditions = spec.fields.map((field) => textMatches(dialect, columns[field]!, spec));
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/** A column holding a comma list ("RESIDENTIAL,GENERAL") contains at least one of the values. */
export function commaListHasAny(column: string, values: string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    values.map((v) => sql`(',' || coalesce(${sql.ref(column)}, '') || ',') like ${`%,${v},%`}`),
    sql` or `,
  )})`;
}

// Kysely's builders are typed per table; these helpers work on any of them.
// biome-ignore lint/suspicious/noExplicitAny: SelectQueryBuilder<DB, TB extends keyof DB, O> takes no `unknown`.
type AnySelect = SelectQueryBuilder<any, any, any>;

export function applySort<Q extends AnySelect>(qb: Q, sort: SortKey[], columns: ColumnMap, tieBreaker: string): Q {
  let out = qb;
  for (const key of sort) out = out.orderBy(sql.ref(columns[key.field]!), key.descending ? 'desc' : 'asc') as Q;
  // A unique last key keeps pages stable when sort values repeat.
  return out.orderBy(sql.ref(tieBreaker), 'asc') as Q;
}

export interface PageResult<Row> {
  rows: Row[];
  total: number;
}

/**
 * `filtered` holds the resource's joins and filters (no select yet). The count and the page share it,
 * so `count` is always the number of matches across all pages.
 */
export async function runPagedQuery<Row>(
  dialect: Dialect,
  filtered: AnySelect,
  select: (qb: AnySelect) => AnySelect,
  options: Pick<ListOptions, 'search' | 'sort'> & { paging: Paging },
  columns: ColumnMap,
  tieBreaker: string,
  /** A resource's own search condition, for fields that are not plain columns. */
  customSearch?: (spec: SearchSpec) => Expression<SqlBool>,
): Promise<PageResult<Row>> {
  const condition =
    options.search && (customSearch ? customSearch(options.search) : searchCondition(dialect, options.search, columns));
  const where = condition ? filtered.where(condition) : filtered;
  const countRow = await where.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  const total = Number(countRow?.total ?? 0);
  const rows = await applySort(select(where), options.sort, columns, tieBreaker)
    .limit(options.paging.pageCount)
    .offset(options.paging.pageStart)
    .execute();
  return { rows: rows as Row[], total };
}
