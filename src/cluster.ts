// `ratebook serve --workers N`: N API processes on one port (node:cluster hands connections out to them).
// The primary serves nothing: it migrates and seeds once, makes the credentials, forks the workers and then loads
// the bundled export prices, restarts a worker that dies (waiting longer each time one dies soon after starting, so a
// crash loop does not spin), and on SIGTERM or SIGINT asks every worker to finish its requests and stop, then exits.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { loadExportPricesInPrimary, prepareForWorkers, printBanner } from './server.ts';

type Print = (line: string) => void;

/** A worker that lived shorter than this before dying counts as a crash loop: the next restart waits longer. */
export const HEALTHY_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long workers get to finish their requests after SIGTERM before they are killed. */
const STOP_GRACE_MS = 30_000;

/** Wait before restarting a worker that died after `quickDeaths` consecutive short lives (0: it had run well). */
export function restartDelayMs(quickDeaths: number): number {
  return quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (quickDeaths - 1));
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  listening: boolean;
  quickDeaths: number;
  restartTimer: NodeJS.Timeout | null;
}

export async function runPrimary(config: Config, print: Print): Promise<void> {
  await prepareForWorkers(config, print);
  const count = config.workers;
  const slots: Slot[] = Array.from({ length: count }, () => ({
    worker: null,
    startedAt: 0,
    listening: false,
    quickDeaths: 0,
    restartTimer: null,
  }));
  let stopping = false;
  let bannerShown = false;

  const fork = (slot: Slot) => {
    slot.restartTimer = null;
    slot.startedAt = Date.now();
    slot.listening = false;
    slot.worker = cluster.fork();
  };
  const slotOf = (worker: Worker) => slots.find((s) => s.worker === worker);
  const alive = () => slots.filter((s) => s.worker !== null).length;

  cluster.on('listening', (worker, address) => {
    const slot = slotOf(worker);
    if (slot) slot.listening = true;
    print(`worker ${worker.id} (pid ${worker.process.pid}) listening`);
    if (!bannerShown && slots.every((s) => s.listening)) {
      bannerShown = true;
      printBanner(config, address.port, print, count);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf(worker);
    if (!slot) return;
    slot.worker = null;
    if (stopping) {
      if (alive() === 0) process.exit(0);
      return;
    }
    slot.quickDeaths = Date.now() - slot.startedAt < HEALTHY_AFTER_MS ? slot.quickDeaths + 1 : 0;
    const delay = restartDelayMs(slot.quickDeaths);
    print(
      `worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); starting another in ${delay} ms`,
    );
    slot.restartTimer = setTimeout(() => fork(slot), delay);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    print(`${signal}: stopping ${alive()} workers after their requests`);
    for (const slot of slots) {
      if (slot.restartTimer) clearTimeout(slot.restartTimer);
      slot.worker?.process.kill('SIGTERM');
    }
    if (alive() === 0) process.exit(0);
    setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (const slot of slots) fork(slot);
  // After forking, so that the workers listen at once rather than after the load's tens of seconds.
  loadExportPricesInPrimary(config, print).catch((err: unknown) =>
    print(`loading the export prices failed: ${(err as Error).message}`),
  );
}

export const isClusterWorker = (): boolean => cluster.isWorker;
