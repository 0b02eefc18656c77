// Self time by function and by package from a V8 .cpuprofile (node --cpu-prof): node bench/profile-summary.mjs FILE [TOP]
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 40);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const fn = new Map(),
  file = new Map();
for (const [id, c] of counts) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const url = cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '');
  const k = `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + c);
  const f = url.startsWith('nm/') ? url.split('/').slice(0, 2).join('/') : url || cf.functionName;
  file.set(f, (file.get(f) ?? 0) + c);
}
const show = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, c]) => `${((100 * c) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`samples ${total}\n-- by function\n${show(fn, top)}\n-- by file/package\n${show(file, 25)}`);
