// A territory may belong to no LSE: the IECC climate zones (CLIMATE_ZONE territories, one per zone, whose ZIP codes
// span many utilities) are territories of the code, not of a utility. territories.lse_id becomes nullable.
// PostgreSQL drops the NOT NULL. SQLite cannot alter a column: the table is rebuilt (the documented procedure), and
// since foreign keys are on and cannot be switched off inside the migration's transaction, dropping the old table
// cascades to the rows that reference it; they are kept aside first and put back after (same ids).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** The tables whose rows reference territories (ON DELETE CASCADE), as 0002-geography made them. */
const CHILDREN = ['territory_items', 'territory_lses', 'utility_taxes'];

async function rebuildSqlite(db: Kysely<unknown>, lseId: 'null' | 'not null'): Promise<void> {
  for (const t of CHILDREN)
    await sql`create temp table ${sql.raw(`keep_${t}`)} as select * from ${sql.table(t)}`.execute(db);
  await sql`create table territories_rebuilt (
    territory_id integer primary key,
    territory_name text not null,
    lse_id integer ${sql.raw(lseId === 'null' ? '' : 'not null ')}references lses (lse_id) on delete cascade,
    parent_territory_id integer,
    usage_type text not null,
    item_types text,
    dereg_res boolean,
    dereg_candi boolean,
    center_latitude double precision,
    center_longitude double precision,
    source text
  )`.execute(db);
  await sql`insert into territories_rebuilt select territory_id, territory_name, lse_id, parent_territory_id, usage_type, item_types, dereg_res, dereg_candi, center_latitude, center_longitude, source from territories`.execute(
    db,
  );
  await sql`drop table territories`.execute(db);
  await sql`alter table territories_rebuilt rename to territories`.execute(db);
  await sql`create index territories_lse_idx on territories (lse_id, usage_type)`.execute(db);
  for (const t of CHILDREN) {
    await sql`insert into ${sql.table(t)} select * from ${sql.raw(`keep_${t}`)}`.execute(db);
    await sql`drop table ${sql.raw(`keep_${t}`)}`.execute(db);
  }
}

export const unownedTerritories = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect === 'postgres') await sql`alter table territories alter column lse_id drop not null`.execute(db);
    else await rebuildSqlite(db, 'null');
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from territories where lse_id is null`.execute(db);
    if (dialect === 'postgres') await sql`alter table territories alter column lse_id set not null`.execute(db);
    else await rebuildSqlite(db, 'not null');
  },
});
