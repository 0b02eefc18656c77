// Starts a server in its own process (so the load generator does not share its event loop)
// and resolves with its base URL once it prints "listening on http://...".
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the "listening" line. */
  startMs: number;
  /** Resolves once the server has printed a line matching `pattern` (at any time since it started). */
  printed(pattern: RegExp, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** `script` is a .ts file (run through tsx) or the built dist/ratebook.js (run as is). */
export function spawnServer(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
  cwd = process.cwd(),
): Promise<RunningServer> {
  const started = performance.now();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node's own flags for the server alone (NODE_OPTIONS
  // refuses --cpu-prof, and would profile the bench too).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
  });
  let out = '';
  // Everything the server prints is kept, for printed(): a bench may wait for a line it prints after listening.
  const waiting = new Set<() => void>();
  const printed = (pattern: RegExp, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(out)) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`the server did not print ${pattern} within ${timeoutMs} ms:\n${out.slice(-2000)}`));
      }, timeoutMs);
      waiting.add(check);
      check();
    });
  const keep = (d: Buffer) => {
    out += d;
    for (const check of [...waiting]) check();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = () => {
      const m = /listening on (http:\/\/[\w.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const exited = new Promise<void>((r) => child.on('exit', () => r()));
        resolve({
          base: m[1]!.replace('localhost', '127.0.0.1'),
          child,
          startMs: performance.now() - started,
          printed,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
