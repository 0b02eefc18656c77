// The seeded template (test/helpers/seeded-template.ts) that test apps start from must hold exactly what running the
// seeders on a fresh database gives: every table's rows, and the identity counters (the next id a test inserts).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runSeeds } from '../../src/data/seed.ts';
import { seeders } from '../../src/data/seeders.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

/** Per table: its row count and a digest of its rows in a fixed order (the seeding time left out). */
async function contents(db: TestDb): Promise<Record<string, string>> {
  const tables =
    db.dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(
            db.kysely,
          )
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = ${db.schema} and c.relkind = 'r' order by c.relname`.execute(db.kysely)
        ).rows.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (table.startsWith('schema_migrations')) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely)).rows;
    const lines = rows
      .map((r) =>
        JSON.stringify(table === 'seed_runs' ? { ...r, applied_at: null } : r, (_k, v) =>
          Buffer.isBuffer(v) ? v.toString('hex') : v,
        ),
      )
      .sort();
    out[table] = `${rows.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  if (db.dialect === 'postgres') {
    for (const s of (
      await sql<{ name: string; last: string | null }>`select sequencename as name, last_value::text as last
        from pg_sequences where schemaname = ${db.schema}`.execute(db.kysely)
    ).rows)
      out[`sequence ${s.name}`] = String(s.last);
  }
  return out;
}

for (const dialect of dialects) {
  describe(`the seeded template on ${dialect}`, () => {
    let copied: TestDb;
    let seeded: TestDb;
    before(async () => {
      copied = await createTestDb(dialect, { seeded: 'starter' });
      seeded = await createTestDb(dialect);
      await runSeeds(seeded, seeders);
    });
    after(async () => {
      await copied?.dispose();
      await seeded?.dispose();
    });

    it('holds the rows and identity counters of a fresh seed, table by table', async () => {
      const [a, b] = [await contents(copied), await contents(seeded)];
      assert.ok(Number.parseInt(b.zipcodes ?? '0', 10) > 40_000, `the starter ZIP codes are there: ${b.zipcodes}`);
      assert.deepEqual(a, b);
    });

    it('is a copy: what one test writes, another never sees', async () => {
      const other = await createTestDb(dialect, { seeded: 'starter' });
      try {
        await copied.kysely.deleteFrom('seed_runs').execute();
        const left = await other.kysely.selectFrom('seed_runs').select('seed_name').execute();
        assert.equal(left.length, seeders.length);
      } finally {
        await other.dispose();
      }
    });
  });
}
