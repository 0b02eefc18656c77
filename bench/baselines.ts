// The best typical baseline over HTTP against the built server: a year of 8,760 hourly measures and a year of
// intervals moved onto real dates, the heaviest answer of the operation (2.28 MB of JSON), the light ones, and the
// same number of bytes from a server that computes nothing (what the socket and the client cost by themselves). The
// server keeps finished answers, so the heaviest answer is also asked as a new answer each request, and as a new answer
// over a new range (nothing kept applies). The first request of each case is printed too: the first of all is the
// server's first, before the engine has compiled anything.
// Usage: npm run bench:baselines [-- --runs 50 --database-url postgres://...]
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { spawnServer } from './lib/spawn-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, 'database-url': { type: 'string' } },
});
const server = await startSeededServer('baselines', { databaseUrl: values['database-url'] });
const headers = { authorization: server.authorization };
// The transport floor for the largest answer: its size in bytes from a server that computes nothing.
const floor = await spawnServer('bench/servers/static-bytes.ts', [], { PORT: '0', BYTES: '2280000' });
// A query per request number: the same answer asked again (kept by the server after the first), or a new one each time.
const year = 'zipCode=60601&buildingType=MediumOffice&intervalFromDateTime=2025-01-01&intervalToDateTime=2026-01-01';
const cases: [string, (i: number) => string][] = [
  ['8,760 measures and a year of intervals (2025)', () => year],
  [
    "the same, a new answer each request (another size; the year's dates kept)",
    (i) => `${year}&sizingKeyName=loadSize&sizingDataValue=${1_000_000 + i}&sizingUnit=kWh`,
  ],
  [
    'the same, a new answer and year each request (a year from another day)',
    (i) =>
      `zipCode=60601&buildingType=MediumOffice&intervalFromDateTime=${new Date(Date.UTC(2025, 0, 2 + i)).toISOString().slice(0, 10)}&intervalToDateTime=${new Date(Date.UTC(2026, 0, 2 + i)).toISOString().slice(0, 10)}`,
  ],
  ['8,760 measures', () => 'zipCode=60601&buildingType=MediumOffice'],
  ['a house, measures by month', () => 'zipCode=02108&buildingType=RESIDENTIAL&groupBy=MONTH'],
];
try {
  for (const [label, query] of [
    ...cases,
    ['the same 2.28 MB from a bare node:http server (the transport floor)', () => ''] as const,
  ]) {
    const ms: number[] = [];
    let bytes = 0;
    let first = 0;
    for (let i = 0; i < Number(values.runs) + 5; i++) {
      const q = query(i);
      const url = q ? `${server.base}/rest/v1/typicals/baselines/best?${q}` : floor.base;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
      if (i === 0) first = performance.now() - t0;
      if (i >= 5) ms.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(
      `${server.dialect} ${label}: median ${median(ms).toFixed(1)} ms, p90 ${sorted[Math.floor(ms.length * 0.9)]!.toFixed(1)} ms over ${ms.length} requests (${(bytes / 1e6).toFixed(2)} MB); the first (before 5 left out) ${first.toFixed(1)} ms`,
    );
  }
} finally {
  await server.stop();
  await floor.stop();
}
