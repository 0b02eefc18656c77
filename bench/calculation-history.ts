// What calculation history costs the 20-scenario mass calculation: two built servers side by side, each on its own
// fresh seeded database, one recording (HISTORY_RETENTION_DAYS default) and one not (HISTORY_RETENTION_DAYS=0), loaded
// in turn for several rounds (the order swapped each round) because this machine is shared: a swing of its load hits
// both alike. Requests are sent back to back, so each record's write (queued, deflated, inserted ~50 ms after its answer)
// lands during the next calculation: the worst case for the calculation. The machine's load average is printed per round.
// Usage: node --import tsx bench/calculation-history.ts [--rounds 6 --requests 10 --database-url-on URL --database-url-off URL]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../src/db/connect.ts';
import { ENCODING, pack } from '../src/modules/calculation-history/history.recorder.ts';
import { HistoryRepository } from '../src/modules/calculation-history/history.repository.ts';
import { massBody } from './lib/mass-body.ts';
import { startSeededServer, type SeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    requests: { type: 'string', default: '10' },
    'database-url-on': { type: 'string' },
    'database-url-off': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const perRound = Number(values.requests);
const body = massBody();
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Sends the mass request n times back to back; the times in ms, the last answer and its requestId. */
async function run(server: SeededServer, n: number): Promise<{ ms: number[]; requestId: string; text: string }> {
  const ms: number[] = [];
  let requestId = '';
  let text = '';
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/rest/v1/ondemand/calculate/mass`, {
      method: 'POST',
      headers: { authorization: server.authorization, 'content-type': 'application/json' },
      body,
    });
    text = await res.text();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`mass answered ${res.status}: ${text.slice(0, 300)}`);
    requestId = (JSON.parse(text) as { requestId: string }).requestId;
  }
  return { ms, requestId, text };
}

/**
 * The recorder's own work for one mass request, in this process on the history server's database: deflating the body
 * and the answer (libuv's thread pool: the event loop is free meanwhile) and the insert (on SQLite, better-sqlite3
 * runs it on the event loop: what a calculation arriving then waits for).
 */
async function recorderWork(databaseUrl: string, answer: string, runs: number): Promise<string> {
  const db = connectDatabase(
    databaseUrl.startsWith('sqlite:')
      ? { kind: 'sqlite', filename: databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: databaseUrl },
  );
  try {
    const repo = new HistoryRepository(db);
    const packMs: number[] = [];
    const insertMs: number[] = [];
    let stored = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const [req, res] = [await pack(body, 8 << 20), await pack(answer, 8 << 20)];
      const t1 = performance.now();
      await repo.insert([
        {
          request_id: `bench-${i}-${Date.now()}`,
          org_id: 0,
          app_id: 'bench',
          kind: 'mass',
          tier: 'enterprise',
          method: 'POST',
          url: '/rest/v1/ondemand/calculate/mass',
          created_at: new Date().toISOString(),
          encoding: ENCODING,
          request_body: req.body,
          request_bytes: req.bytes,
          request_truncated: false,
          response_type: 'MassCalculation',
          response_body: res.body,
          response_bytes: res.bytes,
          response_truncated: false,
        },
      ]);
      packMs.push(t1 - t0);
      insertMs.push(performance.now() - t1);
      stored = req.body.length + res.body.length;
    }
    return `recorder work per mass request (${runs} runs): deflate ${(body.length / 1e6).toFixed(2)} MB + ${(answer.length / 1e3).toFixed(1)} KB to ${(stored / 1e3).toFixed(0)} KB median ${median(packMs).toFixed(1)} ms (thread pool), insert median ${median(insertMs).toFixed(1)} ms (max ${Math.max(...insertMs).toFixed(1)})`;
  } finally {
    await db.close();
  }
}

/** The history status of a requestId, after the recorder has had time to write it. */
async function historyStatus(server: SeededServer, requestId: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 1000));
  return (
    await fetch(`${server.base}/beta/calculate/history/responses/${requestId}`, {
      headers: { authorization: server.authorization },
    })
  ).status;
}

const on = await startSeededServer('history-on', { tier: 'enterprise', databaseUrl: values['database-url-on'] });
const off = await startSeededServer('history-off', {
  tier: 'enterprise',
  databaseUrl: values['database-url-off'],
  env: { HISTORY_RETENTION_DAYS: '0' },
});
try {
  console.log(
    `node ${process.version}, ${on.dialect}, mass calculation 20 scenarios x 8,760 hourly values (${(body.length / 1e6).toFixed(1)} MB body), ${rounds} rounds of ${perRound} requests per server, load average at start ${load()}`,
  );
  await run(on, 5);
  await run(off, 5);
  const all = { on: [] as number[], off: [] as number[] };
  const ratios: number[] = [];
  let last = { on: '', off: '' };
  let answer = '';
  for (let r = 1; r <= rounds; r++) {
    const order = r % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    const got: Record<'on' | 'off', number> = { on: 0, off: 0 };
    for (const which of order) {
      const { ms, requestId, text } = await run(which === 'on' ? on : off, perRound);
      answer = text;
      all[which].push(...ms);
      got[which] = median(ms);
      last = { ...last, [which]: requestId };
    }
    ratios.push(got.on / got.off);
    console.log(
      `round ${r} (${order.join(' then ')}): history on median ${got.on.toFixed(1)} ms | off ${got.off.toFixed(1)} ms | ${((got.on / got.off - 1) * 100).toFixed(1)}% | load ${load()}`,
    );
  }
  const [onStatus, offStatus] = [await historyStatus(on, last.on), await historyStatus(off, last.off)];
  if (onStatus !== 200 || offStatus !== 404)
    throw new Error(`history of the last request: on ${onStatus} (200 expected), off ${offStatus} (404 expected)`);
  console.log(
    `all requests: history on median ${median(all.on).toFixed(1)} ms (max ${Math.max(...all.on).toFixed(1)}), off median ${median(all.off).toFixed(1)} ms (max ${Math.max(...all.off).toFixed(1)}): ${((median(all.on) / median(all.off) - 1) * 100).toFixed(1)}%`,
  );
  console.log(
    `median of the rounds' ratios: ${((median(ratios) - 1) * 100).toFixed(1)}% (target: within 10%); load average at end ${load()}`,
  );
  console.log(await recorderWork(on.databaseUrl, answer, 20));
} finally {
  await on.stop();
  await off.stop();
}
