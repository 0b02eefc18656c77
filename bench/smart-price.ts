// A one-week hourly smart price over HTTP against the built server (real sockets, `fetch`): PG&E E-TOU-C for the first
// week of July 2025, groupBy HOUR (168 price changes). Usage: npm run bench:price [-- --runs 50]
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const server = await startSeededServer('price');
try {
  const url = `${server.base}/rest/v1/prices/smart?masterTariffId=1100102&fromDateTime=2025-07-01&toDateTime=2025-07-08&groupBy=HOUR&pageCount=1000&territoryId=3538`;
  const headers = { authorization: server.authorization };
  const ms: number[] = [];
  let changes = 0;
  for (let i = 0; i < Number(values.runs) + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { results: { priceChanges: unknown[] }[] };
    if (res.status !== 200) throw new Error(`smart price answered ${res.status}`);
    changes = body.results[0]!.priceChanges.length;
    if (i >= 5) ms.push(performance.now() - t0);
  }
  console.log(
    `smart price over HTTP, one week hourly (${changes} price changes): median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms over ${values.runs} requests`,
  );
} finally {
  await server.stop();
}
