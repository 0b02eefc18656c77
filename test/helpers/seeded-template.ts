// Seeded databases made once and copied, instead of running the seeders for every test app (5 to 30 s each).
// A template is keyed by a hash of everything that decides its content: the source (migrations, seeders and what
// they import), the lock file (the ZIP code package), the time zone, and for 'full' the reference files' names,
// sizes and times. SQLite: a file in the cache folder, opened by each app as an in-memory copy. PostgreSQL: a schema
// rbtpl_<kind>_<key> in DATABASE_URL's database, its rows copied into each test's own schema.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/data/seed.ts';
import { allSeeders, seeders } from '../../src/data/seeders.ts';
import { exportPricesSeeder } from '../../src/data/export-prices.seeder.ts';
import { REFERENCE_DIR } from './reference.ts';
import { CACHE_DIR } from './test-cache.ts';

/**
 * 'starter': the starter dataset; 'full': with the reference data; 'export-prices': the starter dataset and the
 * bundled hourly export prices (1.75 million lookup values, some 7 s to load into SQLite: the files that bill net
 * billing load them once a run between them, not once each).
 */
export type SeedKind = 'starter' | 'full' | 'export-prices';

const ROOT = new URL('../../', import.meta.url).pathname;
const WEEK_MS = 7 * 24 * 3600 * 1000;

const seedersFor = (kind: SeedKind) =>
  kind === 'full' ? allSeeders(REFERENCE_DIR) : kind === 'export-prices' ? [...seeders, exportPricesSeeder] : seeders;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

const keys = new Map<SeedKind, string>();
/** The template's key: any change to what the seeders could read gives a new template. */
export function templateKey(kind: SeedKind): string {
  const known = keys.get(kind);
  if (known) return known;
  const hash = createHash('sha256');
  hash.update(`tz=${process.env.TZ ?? ''}\n`);
  for (const file of [...filesUnder(join(ROOT, 'src')), join(ROOT, 'package-lock.json')]) {
    hash.update(`${relative(ROOT, file)}\n`);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  if (kind === 'full') {
    // The reference folder is large (tens of MB): its files' names, sizes and times stand for their content.
    for (const file of filesUnder(REFERENCE_DIR)) {
      const s = statSync(file);
      hash.update(`${relative(REFERENCE_DIR, file)} ${s.size} ${s.mtimeMs}\n`);
    }
  }
  const key = hash.digest('hex').slice(0, 16);
  keys.set(kind, key);
  return key;
}

// ---- SQLite ----

const images = new Map<SeedKind, Buffer>();

/** The path of the seeded SQLite template file, made first if missing (one process makes it; others wait). */
export async function sqliteTemplateFile(kind: SeedKind): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `sqlite-${kind}-${templateKey(kind)}.db`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) {
      const now = new Date();
      utimesSync(file, now, now); // in use: not pruned
      return file;
    }
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      // Another process is making it; a lock older than 10 minutes belongs to one that died.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { force: true });
      await sleep(200);
      continue;
    }
    try {
      await makeSqliteTemplate(kind, file);
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
    pruneCache();
  }
}

async function makeSqliteTemplate(kind: SeedKind, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const db = connectDatabase({ kind: 'sqlite', filename: tmp });
  try {
    await migrateToLatest(db);
    await runSeeds(db, seedersFor(kind));
    // A WAL database cannot be opened from a serialized image: leave the file in rollback-journal mode.
    await sql`pragma journal_mode = delete`.execute(db.kysely);
  } finally {
    await db.close();
  }
  renameSync(tmp, file);
}

function pruneCache(): void {
  for (const name of readdirSync(CACHE_DIR)) {
    const path = join(CACHE_DIR, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > WEEK_MS) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another process: nothing to do.
    }
  }
}

/** The seeded template's bytes, read once per process (each app's database is an in-memory copy of them). */
export async function sqliteTemplateImage(kind: SeedKind): Promise<Buffer> {
  let image = images.get(kind);
  if (!image) {
    image = readFileSync(await sqliteTemplateFile(kind));
    images.set(kind, image);
  }
  return image;
}

// ---- PostgreSQL ----

interface CopyPlan {
  /** One script: empty the test schema's tables, copy the template's rows, set the identity sequences. */
  script(target: string): string;
}

const plans = new Map<string, CopyPlan>();
/** The template schema's comment once it is complete (followed by when it was made). */
const READY = 'ratebook test template: ready';
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The name of the seeded template schema, made first if missing (under an advisory lock: one process makes it). */
export async function postgresTemplateSchema(postgresUrl: string, kind: SeedKind): Promise<string> {
  const schema = `rbtpl_${kind}_${templateKey(kind)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [schema]);
    const ready = await admin.query(
      `select obj_description(oid, 'pg_namespace') as note from pg_namespace where nspname = $1`,
      [schema],
    );
    if (!String(ready.rows[0]?.note ?? '').startsWith(READY)) {
      await admin.query(`drop schema if exists ${quote(schema)} cascade`);
      await admin.query(`create schema ${quote(schema)}`);
      const db = connectDatabase({ kind: 'postgres', url: postgresUrl }, { searchPath: schema, poolSize: 2 });
      try {
        await migrateToLatest(db);
        await runSeeds(db, seedersFor(kind));
      } finally {
        await db.close();
      }
      await admin.query(`comment on schema ${quote(schema)} is '${READY} ${new Date().toISOString()}'`);
      await pruneTemplateSchemas(admin, schema);
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [schema]);
  } finally {
    await admin.end();
  }
  return schema;
}

/** Drops the templates made over a week ago for another key (an older source): each is a full seeded schema. */
async function pruneTemplateSchemas(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ name: string; note: string | null }>(
    `select nspname as name, obj_description(oid, 'pg_namespace') as note from pg_namespace
     where nspname like 'rbtpl\\_%' and nspname <> $1`,
    [keep],
  );
  for (const { name, note } of rows) {
    const made = Date.parse(String(note ?? '').slice(READY.length + 1));
    if (String(note ?? '').startsWith(READY) && Date.now() - made > WEEK_MS)
      await admin.query(`drop schema if exists ${quote(name)} cascade`);
  }
}

/** Reads the template's tables, their order under the foreign keys, columns and sequences (once per process). */
async function copyPlan(client: pg.Client, template: string): Promise<CopyPlan> {
  const known = plans.get(template);
  if (known) return known;
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r' and c.relname not like 'schema_migrations%' order by c.relname`,
      [template],
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select tc.relname as child, pc.relname as parent from pg_constraint k
       join pg_class tc on tc.oid = k.conrelid join pg_class pc on pc.oid = k.confrelid
       join pg_namespace n on n.oid = tc.relnamespace
       where k.contype = 'f' and n.nspname = $1 and tc.relname <> pc.relname`,
      [template],
    )
  ).rows;
  const columns = new Map<string, string[]>();
  for (const r of (
    await client.query<{ tbl: string; col: string }>(
      `select c.relname as tbl, a.attname as col from pg_attribute a join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       order by c.relname, a.attnum`,
      [template],
    )
  ).rows)
    columns.set(r.tbl, [...(columns.get(r.tbl) ?? []), quote(r.col)]);
  const sequences = (
    await client.query<{ name: string; last: string }>(
      `select sequencename as name, last_value::text as last from pg_sequences
       where schemaname = $1 and last_value is not null`,
      [template],
    )
  ).rows;
  // Parents before children, so that every foreign key finds its row.
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table) place(e.parent, path);
    placed.add(table);
    order.push(table);
  };
  for (const t of tables) place(t, new Set());
  const plan: CopyPlan = {
    script: (target) => {
      const from = quote(template);
      const to = quote(target);
      const cols = (t: string) => (columns.get(t) ?? []).join(', ');
      return [
        'begin',
        ...[...order].reverse().map((t) => `delete from ${to}.${quote(t)}`),
        ...order.map((t) => `insert into ${to}.${quote(t)} (${cols(t)}) select ${cols(t)} from ${from}.${quote(t)}`),
        ...sequences.map((s) => `select setval('${to}.${quote(s.name)}', ${Number(s.last)}, true)`),
        'commit',
      ].join(';\n');
    },
  };
  plans.set(template, plan);
  return plan;
}

/** Copies the seeded template's rows into a migrated, empty test schema. */
export async function copyPostgresTemplate(postgresUrl: string, kind: SeedKind, target: string): Promise<void> {
  const template = await postgresTemplateSchema(postgresUrl, kind);
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const plan = await copyPlan(client, template);
    await client.query(plan.script(target));
  } finally {
    await client.end();
  }
}
