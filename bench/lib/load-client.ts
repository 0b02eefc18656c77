// The load generator of a throughput bench: autocannon in this process, or wrk (C, several times cheaper per request)
// in its own process. On this 2-core machine the client shares the cores with the server, and autocannon costs more
// per request than a bare Fastify route does, so a bare route measured with it is client-bound and any ratio against it
// flatters the slower server. With wrk pinned to one core and the server to the other (`pin`), the server is the
// bottleneck. The server's own CPU time per request (`cpuSeconds`, from /proc) does not depend on the client at all.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';

export interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}
export type Client = 'wrk' | 'autocannon';

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** wrk where it is installed (Debian's package `wrk`), else autocannon. */
export const defaultClient = (): Client => (onPath('wrk') ? 'wrk' : 'autocannon');

/** Whether processes can be pinned to cores: taskset is there and there are two cores at least. */
export const canPin = () => onPath('taskset') && availableParallelism() >= 2;

/** Pins every thread of a running process to one core. */
export function pin(pid: number, core: number): void {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}

let ticksPerSecond: number | undefined;

/** The clock ticks a second that /proc counts CPU time in (USER_HZ). */
export function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return ticksPerSecond;
}

/** User + system CPU seconds a process has used so far, all its threads (/proc/PID/stat fields 14 and 15). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** wrk's latency figure ("1.23ms", "850.00us", "1.02s") in ms. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) throw new Error(`wrk latency not understood: ${text}`);
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
}

function runWrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  core?: number,
): Load {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  const [command, argv] = core === undefined ? ['wrk', args] : ['taskset', ['-c', String(core), 'wrk', ...args]];
  const out = execFileSync(command, argv, { encoding: 'utf8' });
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN);
  const bad = number(/Non-2xx or 3xx responses: (\d+)/);
  if (bad > 0 || /Socket errors/.test(out)) throw new Error(`${url}: ${out}`);
  return {
    requests: number(/(\d+) requests in/),
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/\s50%\s+(\S+)/.exec(out)![1]!),
    p99: ms(/\s99%\s+(\S+)/.exec(out)![1]!),
  };
}

async function runAutocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Load> {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { requests: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Loads `url` for `seconds`; wrk runs on `core` when one is given. Throws on any non-2xx answer or socket error. */
export async function load(
  client: Client,
  url: string,
  o: { headers?: Record<string, string>; seconds: number; connections: number; core?: number },
): Promise<Load> {
  return client === 'wrk'
    ? runWrk(url, o.headers ?? {}, o.seconds, o.connections, o.core)
    : runAutocannon(url, o.headers ?? {}, o.seconds, o.connections);
}
