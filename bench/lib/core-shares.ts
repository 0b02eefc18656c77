// Where a machine's cores went over a stretch of time, from /proc (Linux): the machine's busy CPU time, and
// the CPU time of given processes and of every process of a name (PostgreSQL's backends, its checkpointer...). A bench
// reads it before and after what it times, to say how much of the machine each party used, and so how much a second
// worker process could still have had.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { clockTicks, cpuSeconds } from './load-client.ts';

/**
 * All cores' time so far in seconds from /proc/stat: busy (every field but idle, iowait and steal), and stolen (time
 * the hypervisor gave this virtual machine's cores to another while they had work).
 */
function machineSeconds(): { busy: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const at = (k: number) => (fields[k] ?? 0) / clockTicks();
  return { busy: at(0) + at(1) + at(2) + at(5) + at(6), steal: at(7) };
}

/** CPU seconds of every process whose /proc/PID/comm is `name`, among those alive now (one that ended is not counted). */
function secondsOfName(name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name)
        out.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return out;
}

export interface CoreShares {
  /** CPU seconds each named party used since the start. */
  seconds: Record<string, number>;
  /** Cores' worth (CPU seconds a wall second) of each named party, of the machine's busy time and of steal. */
  parties: Record<string, number>;
  busy: number;
  steal: number;
  cores: number;
}

/**
 * Starts counting: `parties` names process ids (this process: process.pid), `byName` process names (e.g. postgres).
 * The returned function gives each one's CPU seconds and cores' worth since the start.
 */
export function countCores(parties: Record<string, number[]>, byName: string[] = []): () => CoreShares {
  const pidSeconds = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const start = { machine: machineSeconds(), at: performance.now() };
  const partiesAt0 = Object.fromEntries(Object.entries(parties).map(([k, pids]) => [k, pidSeconds(pids)]));
  const namesAt0 = Object.fromEntries(byName.map((name) => [name, secondsOfName(name)]));
  return () => {
    const wall = (performance.now() - start.at) / 1000;
    const seconds: Record<string, number> = {};
    for (const [k, pids] of Object.entries(parties)) seconds[k] = pidSeconds(pids) - partiesAt0[k]!;
    for (const name of byName) {
      let sum = 0;
      // A process that started meanwhile counts from 0.
      for (const [pid, used] of secondsOfName(name)) sum += used - (namesAt0[name]!.get(pid) ?? 0);
      seconds[name] = sum;
    }
    const machine = machineSeconds();
    return {
      seconds,
      parties: Object.fromEntries(Object.entries(seconds).map(([k, v]) => [k, v / wall])),
      busy: (machine.busy - start.machine.busy) / wall,
      steal: (machine.steal - start.machine.steal) / wall,
      cores: cpus().length,
    };
  };
}

/** "workers 1.02, postgres 0.41, ... of 2 cores (1.71 busy, 0.00 stolen)". */
export const describeShares = (s: CoreShares): string =>
  `${Object.entries(s.parties)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ')} of ${s.cores} cores (${s.busy.toFixed(2)} busy, ${s.steal.toFixed(2)} stolen)`;
