// Which territories cover a ZIP code, computed from their items rather than listed: a territory covers the ZIP
// when one of its items names it (its ZIP code, or the state, county or city containing it) and no item marked
// exclude names it. Partial items count as covering; their `partial` flag travels with them.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { zipMatchKeys, type ZipPlace } from '../../domain/geography/place-keys.ts';

/** A condition on `territoryIdColumn` (for example "t.territory_id"): that territory covers the ZIP code. */
export function coversZip(territoryIdColumn: string, zip: ZipPlace): RawBuilder<SqlBool> {
  const keys = sql.join(zipMatchKeys(zip));
  const ref = sql.ref(territoryIdColumn);
  // Plain SQL on purpose: SQLite accepts neither "exists ((select ...))" nor parenthesized compound selects.
  const items = (exclude: boolean) =>
    sql`select 1 from territory_items ci where ci.territory_id = ${ref} and ci.match_key in (${keys}) and ci.exclude = ${exclude}`;
  return sql<SqlBool>`(exists (${items(false)}) and not exists (${items(true)}))`;
}
