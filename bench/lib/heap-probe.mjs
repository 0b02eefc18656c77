// Preloaded into a benchmarked server (NODE_OPTIONS="--import .../heap-probe.mjs", HEAP_PROBE_FILE=path): on SIGUSR2
// each process (the primary and every cluster worker inherit it) runs full garbage collections and appends one JSON
// line with its memory after them (and, with HEAP_PROBE_SNAPSHOTS=1, writes a heap snapshot beside the file, to
// compare two in Chrome DevTools' Memory tab). Heap used after a full collection is what the program keeps alive; resident memory
// also counts what V8 and the allocator hold on to, so only the first tells a leak from warm-up. Nothing of this is
// in the server: a bench opt-in, no route, no flag in production.
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.HEAP_PROBE_FILE;
if (file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  process.on('SIGUSR2', () => {
    // Two collections: the first may only finish what weak references and finalizers left for the next.
    gc();
    gc();
    const m = process.memoryUsage();
    const snapshot =
      process.env.HEAP_PROBE_SNAPSHOTS === '1'
        ? writeHeapSnapshot(join(dirname(file), `heap-${process.pid}-${Date.now()}.heapsnapshot`))
        : null;
    appendFileSync(
      file,
      `${JSON.stringify({ pid: process.pid, at: Date.now(), heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss, snapshot })}\n`,
    );
  });
}
