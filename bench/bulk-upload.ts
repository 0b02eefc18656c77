// Bulk upload of readings (POST /rest/beta/loader/bulk/up) against the built server: a CSV of N quarter-hour
// readings (synthetic values) into one profile, sent as the Java client sends it (multipart fileData + fileFormat);
// the wall time of the request and what the server's peak memory (VmHWM of /proc/PID/status) grew by while it ran,
// beside the file's size: the body is spooled to disk and the readings written a batch at a time, so the growth
// stays far below the file's size times the ~100 bytes a parsed reading takes.
// Usage: npm run bench:bulk [-- --readings 100000,600000 --database-url postgres://...]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSeededServer } from './lib/seeded-server.ts';

const { values } = parseArgs({
  options: {
    readings: { type: 'string', default: '100000,600000' },
    'database-url': { type: 'string' },
    'max-old-space': { type: 'string' },
  },
});
const server = await startSeededServer('bulk', {
  databaseUrl: values['database-url'],
  tier: 'signal',
  env: values['max-old-space'] ? { NODE_OPTIONS: `--max-old-space-size=${values['max-old-space']}` } : {},
});
const peakKiB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]);
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { authorization: server.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
};
try {
  for (const n of values.readings.split(',').map(Number)) {
    const pid = `bulk-${n}`;
    await post('/rest/v1/accounts', { providerAccountId: pid, address: { zip: '94110' } });
    await post('/rest/v1/profiles', { providerAccountId: pid, providerProfileId: pid });
    const t0 = Date.parse('2020-01-01T08:00:00Z');
    const lines = ['providerProfileId,fromDateTime,duration,quantityValue'];
    for (let k = 0; k < n; k++)
      lines.push(`${pid},${new Date(t0 + k * 900_000).toISOString()},900000,${(0.1 + (k % 13) / 20).toFixed(2)}`);
    const csv = lines.join('\n');
    const form = new FormData();
    form.append('fileData', new Blob([csv], { type: 'text/csv' }), 'readings.csv');
    form.append('fileFormat', 'csv');
    const before = peakKiB();
    const started = performance.now();
    const res = await fetch(`${server.base}/rest/beta/loader/bulk/up`, {
      method: 'POST',
      headers: { authorization: server.authorization },
      body: form,
    });
    const ms = performance.now() - started;
    const answer = (await res.json()) as { results: { readingsWritten: number }[] };
    if (res.status !== 200 || answer.results[0]!.readingsWritten !== n)
      throw new Error(JSON.stringify(answer).slice(0, 500));
    console.log(
      `${server.dialect} ${n} readings, ${(csv.length / 1e6).toFixed(1)} MB: ${(ms / 1000).toFixed(2)} s, ` +
        `${Math.round(n / (ms / 1000))} readings/s; server peak memory +${((peakKiB() - before) / 1024).toFixed(0)} MiB ` +
        `(peak ${(peakKiB() / 1024).toFixed(0)} MiB)`,
    );
  }
} finally {
  await server.stop();
}
