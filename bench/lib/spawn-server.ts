// Starts a server in its own process (so the load generator does not share its event loop)
// and resolves with its base URL once it prints "listening on http://...".
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the "listening" line. */
  startMs: number;
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
  const child = spawn(process.execPath, [...loader, script, ...args], { cwd, env: { ...process.env, ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/[\w.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const exited = new Promise<void>((r) => child.on('exit', () => r()));
        resolve({
          base: m[1]!.replace('localhost', '127.0.0.1'),
          child,
          startMs: performance.now() - started,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
