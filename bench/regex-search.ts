// A backtracking regex search against the built server while an unrelated request is timed: how long the search takes
// and how long the echo waited for it. Usage: npm run bench:regex [-- --runs 20 --database-url postgres://...]
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';
import { median } from './synthetic-load.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, 'database-url': { type: 'string' } },
});
const server = await startSeededServer('regex', { databaseUrl: values['database-url'] });
const headers = { authorization: server.authorization };
try {
  for (const pattern of ['^(([a-z]+)+)+[0-9]$', '(a|aa)*b', '^san.*o$']) {
    const searchUrl = `${server.base}/rest/public/zipcodes?isRegex=true&searchOn=city&search=${encodeURIComponent(pattern)}`;
    const search: number[] = [];
    const echo: number[] = [];
    for (let i = 0; i < Number(values.runs) + 3; i++) {
      const t0 = performance.now();
      const pending = fetch(searchUrl, { headers }).then(async (r) => {
        if (r.status !== 200) throw new Error(`search answered ${r.status}`);
        await r.arrayBuffer();
        return performance.now() - t0;
      });
      await new Promise((r) => setTimeout(r, 5));
      const e0 = performance.now();
      await (await fetch(`${server.base}/rest/echo`, { headers })).arrayBuffer();
      const echoMs = performance.now() - e0;
      const searchMs = await pending;
      if (i >= 3) {
        search.push(searchMs);
        echo.push(echoMs);
      }
    }
    console.log(
      `${server.dialect} ${pattern}: search median ${median(search).toFixed(0)} ms (max ${Math.max(...search).toFixed(0)}), echo meanwhile median ${median(echo).toFixed(1)} ms (max ${Math.max(...echo).toFixed(1)})`,
    );
  }
} finally {
  await server.stop();
}
