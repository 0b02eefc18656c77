// Lookup values in SQL. Reads seek on (key, sub key, from time) starting at `from - the key's longest span`, so a
// range read touches only the rows it returns, even with millions per key. Writes replace what they overlap and
// refresh the key's statistics in the same transaction.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, Db, Dialect, PropertyLookupsTable } from '../../db/database.ts';
import { insertInChunks } from '../../db/insert-chunks.ts';

export type LookupRow = Selectable<PropertyLookupsTable>;
export type NewLookup = Omit<Insertable<PropertyLookupsTable>, 'key_name' | 'sub_key_name' | 'lookup_id'>;

export interface KeyStats {
  lookupCount: number;
  minFrom: number | null;
  maxTo: number | null;
  totalDuration: number;
  maxDuration: number;
  valueSum: number;
  valueCount: number;
  lastUpdated: number | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

export class LookupsRepository {
  constructor(private readonly db: Db) {}

  private async longestSpan(key: string, sub: string | undefined): Promise<number> {
    let q = this.db.kysely
      .selectFrom('property_lookup_stats')
      .select((eb) => eb.fn.max('max_duration').as('m'))
      .where('key_name', '=', key);
    if (sub !== undefined) q = q.where('sub_key_name', '=', sub);
    return Number((await q.executeTakeFirst())?.m ?? 0);
  }

  /** Values overlapping [from, to), in order of time (then sub key); with the total count for paging. */
  async range(
    key: string,
    sub: string | undefined,
    from: number,
    to: number,
    page: { pageStart: number; pageCount: number },
  ) {
    const span = await this.longestSpan(key, sub);
    let q = this.db.kysely
      .selectFrom('property_lookups')
      .where('key_name', '=', key)
      .where('from_time', '>=', from - span)
      .where('from_time', '<', to)
      .where('to_time', '>', from);
    if (sub !== undefined) q = q.where('sub_key_name', '=', sub);
    const count = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await q
      .selectAll()
      .orderBy('from_time')
      .orderBy('sub_key_name')
      .orderBy('lookup_id')
      .limit(page.pageCount)
      .offset(page.pageStart)
      .execute();
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * What every write of a key and sub key's values changes (its statistics, refreshed in the write's transaction, with
   * a last-updated time that only rises): a process keeping values read earlier checks it before using them. Null when
   * none are stored.
   */
  async stamp(key: string, sub: string): Promise<string | null> {
    const r = await this.db.kysely
      .selectFrom('property_lookup_stats')
      .select(['lookup_count', 'last_updated', 'value_sum', 'min_from_time', 'max_to_time'])
      .where('key_name', '=', key)
      .where('sub_key_name', '=', sub)
      .executeTakeFirst();
    return r ? `${r.lookup_count}|${r.last_updated}|${r.value_sum}|${r.min_from_time}|${r.max_to_time}` : null;
  }

  async stats(key: string, sub?: string): Promise<KeyStats> {
    let q = this.db.kysely
      .selectFrom('property_lookup_stats')
      .select((eb) => [
        eb.fn.sum<number>('lookup_count').as('count'),
        eb.fn.min('min_from_time').as('min_from'),
        eb.fn.max('max_to_time').as('max_to'),
        eb.fn.sum<number>('total_duration').as('total'),
        eb.fn.max('max_duration').as('max_duration'),
        eb.fn.sum<number>('value_sum').as('value_sum'),
        eb.fn.sum<number>('value_count').as('value_count'),
        eb.fn.max('last_updated').as('last_updated'),
      ])
      .where('key_name', '=', key);
    if (sub !== undefined) q = q.where('sub_key_name', '=', sub);
    const r = await q.executeTakeFirst();
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      lookupCount: n(r?.count) ?? 0,
      minFrom: n(r?.min_from),
      maxTo: n(r?.max_to),
      totalDuration: n(r?.total) ?? 0,
      maxDuration: n(r?.max_duration) ?? 0,
      valueSum: n(r?.value_sum) ?? 0,
      valueCount: n(r?.value_count) ?? 0,
      lastUpdated: n(r?.last_updated),
    };
  }

  async subKeys(key: string): Promise<string[]> {
    const rows = await this.db.kysely
      .selectFrom('property_lookup_stats')
      .select('sub_key_name')
      .where('key_name', '=', key)
      .where('sub_key_name', '<>', '')
      .orderBy('sub_key_name')
      .execute();
    return rows.map((r) => r.sub_key_name);
  }

  /**
   * Stores values for a key and sub key, replacing the stored values their time span overlaps; call inside a
   * transaction (an import's, a seeder's) so that a failure leaves nothing behind.
   */
  async replace(trx: Transaction<Database>, key: string, sub: string, values: NewLookup[], now: number): Promise<void> {
    if (values.length === 0) return;
    // A loop, not Math.min(...values): spreading hundreds of thousands of arguments overflows the stack.
    let from = Infinity;
    let to = -Infinity;
    for (const v of values) {
      from = Math.min(from, Number(v.from_time));
      to = Math.max(to, Number(v.to_time));
    }
    await trx
      .deleteFrom('property_lookups')
      .where('key_name', '=', key)
      .where('sub_key_name', '=', sub)
      .where('from_time', '<', to)
      .where('to_time', '>', from)
      .execute();
    await insertInChunks(
      trx,
      'property_lookups',
      values.map((v) => ({ ...v, key_name: key, sub_key_name: sub })),
    );
    await refreshStats(trx, key, sub, now);
  }
}

/** One numeric value per span, the form bundled series load in (no forecasts or accuracies). */
export interface SpanValue {
  from: number;
  to: number;
  value: number;
}

const BULK_ROWS = 5000;
const PG_ARRAY_ROWS = 50_000;

/**
 * Stores a long series of numeric values (best and actual alike) for a key and sub key, replacing what it overlaps,
 * as replace() does but some ten times faster: the numbers are written into the statement as literals rather than
 * bound through the query builder, which costs more than SQLite's own work at a million rows. Numbers only (each
 * checked finite); the key and sub key are quoted. Call inside a transaction.
 */
export async function replaceSeries(
  trx: Transaction<Database>,
  key: string,
  sub: string,
  values: readonly SpanValue[],
  now: number,
  dialect: Dialect,
): Promise<void> {
  if (values.length === 0) return;
  let from = Infinity;
  let to = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v.from) || !Number.isFinite(v.to) || !Number.isFinite(v.value))
      throw new Error(`replaceSeries ${key}: a value that is not a finite number`);
    from = Math.min(from, v.from);
    to = Math.max(to, v.to);
  }
  await trx
    .deleteFrom('property_lookups')
    .where('key_name', '=', key)
    .where('sub_key_name', '=', sub)
    .where('from_time', '<', to)
    .where('to_time', '>', from)
    .execute();
  if (dialect === 'postgres') {
    // Three arrays a statement rather than rows of literals: PostgreSQL parses and plans one short statement, several
    // times faster for the bundled export prices' 1.75 million values.
    for (let i = 0; i < values.length; i += PG_ARRAY_ROWS) {
      const part = values.slice(i, i + PG_ARRAY_ROWS);
      await sql`insert into property_lookups (key_name, sub_key_name, from_time, to_time, best_value, actual_value)
        select ${key}, ${sub}, f, t, v, v
        from unnest(${part.map((v) => v.from)}::bigint[], ${part.map((v) => v.to)}::bigint[], ${part.map((v) => v.value)}::float8[]) as u(f, t, v)`.execute(
        trx,
      );
    }
    await refreshStats(trx, key, sub, now);
    return;
  }
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const prefix = `${quote(key)},${quote(sub)}`;
  for (let i = 0; i < values.length; i += BULK_ROWS) {
    const rows = values
      .slice(i, i + BULK_ROWS)
      .map((v) => `(${prefix},${v.from},${v.to},${v.value},${v.value})`)
      .join(',');
    await sql
      .raw(
        `insert into property_lookups (key_name, sub_key_name, from_time, to_time, best_value, actual_value) values ${rows}`,
      )
      .execute(trx);
  }
  await refreshStats(trx, key, sub, now);
}

/**
 * Recomputes a key and sub key's statistics from its rows. Their last-updated time is `now`, or just after the one they
 * had where that is not earlier (two writes in one millisecond): each write leaves a stamp of its own (`stamp`).
 */
export async function refreshStats(db: Executor, key: string, sub: string, now: number): Promise<void> {
  const before = await db
    .selectFrom('property_lookup_stats')
    .select('last_updated')
    .where('key_name', '=', key)
    .where('sub_key_name', '=', sub)
    .executeTakeFirst();
  const updated = Math.max(now, Number(before?.last_updated ?? Number.NEGATIVE_INFINITY) + 1);
  const r = await db
    .selectFrom('property_lookups')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('from_time').as('min_from'),
      eb.fn.max('to_time').as('max_to'),
      sql<number>`coalesce(sum(to_time - from_time), 0)`.as('total'),
      sql<number>`coalesce(max(to_time - from_time), 0)`.as('max_duration'),
      sql<number>`coalesce(sum(coalesce(actual_value, best_value)), 0)`.as('value_sum'),
      sql<number>`count(coalesce(actual_value, best_value))`.as('value_count'),
    ])
    .where('key_name', '=', key)
    .where('sub_key_name', '=', sub)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('property_lookup_stats').where('key_name', '=', key).where('sub_key_name', '=', sub).execute();
  if (Number(r.count) === 0) return;
  await db
    .insertInto('property_lookup_stats')
    .values({
      key_name: key,
      sub_key_name: sub,
      lookup_count: Number(r.count),
      min_from_time: Number(r.min_from),
      max_to_time: Number(r.max_to),
      total_duration: Number(r.total),
      max_duration: Number(r.max_duration),
      value_sum: Number(r.value_sum),
      value_count: Number(r.value_count),
      last_updated: updated,
    })
    .execute();
}
