// Real `ratebook` processes (the built service, helpers/built.ts) for tests of servers and the CLI: start, wait for
// the banner, stop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { request } from 'node:http';
import { ensureBuilt, RATEBOOK_JS } from './built.ts';
import { sqliteTemplateFile } from './seeded-template.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** `node dist/ratebook.js` with these arguments, built first if a source is newer. */
export function ratebookArgs(args: string[]): string[] {
  ensureBuilt();
  return [RATEBOOK_JS, ...args];
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Waits for a pattern in the output. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** SIGTERM, then the exit code (SIGKILL and an error after 30 s). */
  stop(): Promise<number | null>;
}

/**
 * `file` made a SQLite database holding what a server's first start seeds (a copy of the seeded 'full' template:
 * migrations, starter and reference data), and its URL. A server started on it listens within a second or two
 * instead of seeding for 10-15 s; it still makes its demo application and loads the export prices after listening.
 * For tests of anything but the first start itself (cli-and-server.test.ts starts on new files).
 */
export async function seededSqliteUrl(file: string): Promise<string> {
  copyFileSync(await sqliteTemplateFile('full'), file);
  return `sqlite:${file}`;
}

export function ratebookCli(
  args: string[],
  env: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ratebookArgs(args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
  startMs = 180_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ratebookArgs(['serve', '--port', '0', '--host', '127.0.0.1', ...args]), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let closed = false;
  child.on('close', () => (closed = true));
  const waitFor = (pattern: RegExp, ms = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        clearInterval(check);
        reject(new Error(`no ${pattern} within ${ms} ms:\n${out}`));
      }, ms);
      const check = setInterval(() => {
        const m = pattern.exec(out);
        // A process whose output has ended will print nothing more: said at once, with its output, not after ms.
        if (m || closed) {
          clearInterval(check);
          clearTimeout(timer);
          if (m) resolve(m);
          else reject(new Error(`no ${pattern}: the process exited (${child.exitCode ?? child.signalCode}):\n${out}`));
        }
      }, 50);
    });
  const banner = await waitFor(/listening on (http:\/\/localhost:\d+)/, startMs).catch((err: Error) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    child,
    base: banner[1]!,
    output: () => out,
    waitFor,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      // A server that does not stop within 30 s of SIGTERM is a fault of its own: killed, and said with its output,
      // rather than left to hold the test process open.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), 30_000);
      });
      const first = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (first !== 'late') return first;
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not exit within 30 s of SIGTERM:\n${out.slice(-4000)}`);
    },
  };
}

export const basicAuth = (c: { appId: string; appKey: string }) =>
  `Basic ${Buffer.from(`${c.appId}:${c.appKey}`).toString('base64')}`;

/** A GET on a connection of its own (no keep-alive: with several workers, each request may reach another one). */
export function getOnce(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    // A server that takes the connection and never answers fails the test rather than holding it open for good.
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url} within 30 s`)));
    req.end();
  });
}
