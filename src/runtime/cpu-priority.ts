// `ratebook worker` runs at a lower CPU priority than the processes answering requests (JOBS_WORKER_NICE): a job is
// batch work, and on a machine it shares with a serving process (or PostgreSQL) the scheduler should run a request's
// work first when both are ready. Measured on 2 cores (bench/README.md): an echo's p99 during a one-worker job 8.8 ms
// at the same priority, 4.8-6.2 ms with the worker at nice 10; the job's own pace unchanged.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Raises the niceness of every thread this process has to `nice`, and so of the threads they start later (Linux gives
 * each thread its own niceness, and `setpriority` on the process id reaches only the main thread: node's V8 and libuv
 * threads, started before this runs, would stay where they were). Elsewhere the process's niceness is set. Never lowers
 * it (a worker an operator started under `nice -n 15` stays there; lowering would need privilege anyway). A thread
 * that ended meanwhile is skipped. Returns how many threads were changed.
 */
export function lowerCpuPriority(nice: number): number {
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    tids = [0];
  }
  let changed = 0;
  for (const tid of tids) {
    try {
      if (getPriority(tid) >= nice) continue;
      setPriority(tid, nice);
      changed++;
    } catch {
      // The thread ended between the listing and here.
    }
  }
  return changed;
}
