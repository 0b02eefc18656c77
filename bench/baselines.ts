// The best typical baseline over HTTP against the built server: a year of 8,760 hourly measures and a year of
// intervals moved onto real dates, the heaviest answer of the operation (2.28 MB of JSON), the light ones, and the
// same number of bytes from a server that computes nothing (what the socket and the client cost by themselves).
// Usage: npm run bench:baselines [-- --runs 50 --database-url postgres://...]
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { spawnServer } from './lib/spawn-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' }, 'database-url': { type: 'string' } } });
const server = await startSeededServer('baselines', { databaseUrl: values['database-url'] });
const headers = { authorization: server.authorization };
// The transport floor for the largest answer: its size in bytes from a server that computes nothing.
const floor = await spawnServer('bench/servers/static-bytes.ts', [], { PORT: '0', BYTES: '2280000' });
const cases: [string, string][] = [
  ['8,760 measures and a year of intervals (2025)', 'zipCode=60601&buildingType=MediumOffice&intervalFromDateTime=2025-01-01&intervalToDateTime=2026-01-01'],
  ['8,760 measures', 'zipCode=60601&buildingType=MediumOffice'],
  ['a house, measures by month', 'zipCode=02108&buildingType=RESIDENTIAL&groupBy=MONTH'],
];
try {
  for (const [label, query] of [...cases, ['the same 2.28 MB from a bare node:http server (the transport floor)', '']]) {
    const url = query ? `${server.base}/rest/v1/typicals/baselines/best?${query}` : floor.base;
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < Number(values.runs) + 5; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
      if (i >= 5) ms.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(`${server.dialect} ${label}: median ${median(ms).toFixed(1)} ms, p90 ${sorted[Math.floor(ms.length * 0.9)]!.toFixed(1)} ms over ${ms.length} requests (${(bytes / 1e6).toFixed(2)} MB)`);
  }
} finally {
  await server.stop();
  await floor.stop();
}
