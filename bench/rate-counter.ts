// The cost of the shared rate limit on PostgreSQL: the upsert that claims a block of requests (one per request near
// the limit, one per 50 far from it: shared-rate-limit.ts), against `select 1` (the round trip
// alone) on the same pool, sequential and 16 at a time, in alternating rounds.
// Usage: DATABASE_URL=postgres://... node --import tsx bench/rate-counter.ts [--count 2000] [--rounds 3]
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PostgresCounterStore } from '../src/http/rate-counter-stores.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } },
});
const count = Number(values.count);
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL database');
const db = connectDatabase({ kind: 'postgres', url }, { poolSize: 16 });
await migrateToLatest(db);
const store = new PostgresCounterStore(db);
const window = Date.now() - (Date.now() % 60_000);

/** Microseconds per operation, `parallel` at a time. */
async function perOp(op: (i: number) => Promise<unknown>, parallel: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i += parallel) await Promise.all(Array.from({ length: parallel }, (_, k) => op(i + k)));
  return ((performance.now() - start) * 1000) / count;
}

const select1 = () => sql`select 1`.execute(db.kysely);
for (const parallel of [1, 16]) {
  const upserts: number[] = [];
  const selects: number[] = [];
  for (let r = 0; r < Number(values.rounds); r++) {
    selects.push(await perOp(select1, parallel));
    // 50 applications, as if 50 callers shared the load.
    upserts.push(await perOp((i) => store.increment(`bench-app-${i % 50}`, window, 60_000, 1), parallel));
  }
  console.log(
    `${parallel} at a time: upsert ${median(upserts).toFixed(0)} us/op, select 1 ${median(selects).toFixed(0)} us/op (medians of ${values.rounds} rounds of ${count})`,
  );
}
await sql`delete from rate_limit_counters where app_id like 'bench-app-%'`.execute(db.kysely);
await db.close();
