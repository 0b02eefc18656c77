// BILL_OPTIMAL's programs solved off the request's thread (#38's speed). A savings analysis dispatches a battery
// over every year of every design: hundreds of programs that HiGHS solves one after another on one core. These
// threads solve them on the others: a request opens lanes, sends each year's optimiser input to a lane, and bills the
// plans as they come back while the threads solve the next years. Each lane is one thread and keeps a HiGHS session
// per request (highs-solver.ts), so a lane's later years start from the basis of its earlier ones as on one thread.
// The threads start on first use and are stopped with the app. A thread that dies has its programs solved here
// instead (the answer is the same optimum), and the lane's next program starts a new thread.
import { Worker } from 'node:worker_threads';
import { type OptimalPlan, OptimiserError, type OptimiserInput, optimise } from '../../engine/storage/bill-optimal.ts';
import { highsSession, highsSolver } from './highs-solver.ts';
import type { FromThread, ToThread } from './optimiser-messages.ts';

/** A request's lanes: the programs of one lane are solved in the order sent, those of different lanes at once. */
export interface OptimiserLanes {
  readonly count: number;
  /** A year's plan, solved on `lane` (any integer: taken modulo the count) after what was sent there before. */
  plan(input: OptimiserInput, lane: number): Promise<OptimalPlan>;
  /** The request is done: the models its lanes kept are freed. */
  close(): void;
}

export interface OptimiserThreads {
  /** `count` threads; 0: every program is solved on the caller's thread. */
  readonly count: number;
  open(): OptimiserLanes;
  /** Years planned so far on the threads, and on the caller's thread (by choice, or because a thread failed). */
  readonly planned: { onThreads: number; here: number };
  /** Stops the threads (the app closing); programs still out are rejected. */
  stop(): Promise<void>;
}

/** The module a thread runs: a file, or (eval) a script. */
export interface ThreadModule {
  filename: string | URL;
  eval: boolean;
}

/** `module`: the threads' module (the tests give one that fails); by default optimiser-thread's. */
export function optimiserThreads(count: number, module: ThreadModule = threadModule()): OptimiserThreads {
  const planned = { onThreads: 0, here: 0 };
  if (count === 0) return { count, planned, open: () => onThisThread(planned), stop: async () => {} };
  const threads: (OptimiserThread | null)[] = new Array(count).fill(null);
  let sessions = 0;
  /** A thread that ended leaves its place to a new one (unless one has taken it already). */
  const forget = (i: number, thread: OptimiserThread) => {
    if (threads[i] === thread) threads[i] = null;
  };
  return {
    count,
    planned,
    open() {
      const session = ++sessions;
      const used = new Set<OptimiserThread>();
      return {
        count,
        plan(input, lane) {
          const i = ((lane % count) + count) % count;
          const thread = threads[i] ?? new OptimiserThread(module, planned, () => forget(i, thread));
          threads[i] = thread;
          used.add(thread);
          return thread.plan(session, input);
        },
        close() {
          for (const thread of used) thread.close(session);
        },
      };
    },
    async stop() {
      const running = threads.filter((t) => t !== null);
      threads.fill(null);
      await Promise.all(running.map((t) => t.stop()));
    },
  };
}

/** One lane on the caller's thread, its session made on first use. */
function onThisThread(planned: OptimiserThreads['planned']): OptimiserLanes {
  let session: ReturnType<typeof highsSession> | null = null;
  return {
    count: 1,
    async plan(input) {
      session ??= highsSession();
      planned.here++;
      return optimise(input, (await session).solve);
    },
    close() {
      session?.then((s) => s.dispose()).catch(() => {});
    },
  };
}

interface Pending {
  input: OptimiserInput;
  resolve(plan: OptimalPlan): void;
  reject(error: Error): void;
}

class OptimiserThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private gone = false;
  private stopping = false;

  constructor(
    module: ThreadModule,
    private readonly planned: OptimiserThreads['planned'],
    private readonly onGone: () => void,
  ) {
    this.worker = new Worker(module.filename, { eval: module.eval });
    // Idle threads do not keep the process alive; a thread with programs out does (ref'd while it has them).
    this.worker.unref();
    this.worker.on('message', (m: FromThread) => this.settle(m));
    this.worker.on('error', () => this.lost());
    this.worker.on('exit', () => this.lost());
  }

  plan(session: number, input: OptimiserInput): Promise<OptimalPlan> {
    if (this.gone) return this.solvedHere(input);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { input, resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.send({ kind: 'plan', id, session, input });
    });
  }

  close(session: number): void {
    if (!this.gone) this.send({ kind: 'close', session });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  private send(message: ToThread): void {
    this.worker.postMessage(message);
  }

  private settle(m: FromThread): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.kind === 'plan') {
      this.planned.onThreads++;
      p.resolve(m.plan);
    } else
      p.reject(m.optimiser ? new OptimiserError(m.message) : new Error(`The optimiser thread failed: ${m.message}`));
  }

  /** The thread ended (stopped, or failed): what it still had is solved here, or rejected when stopping. */
  private lost(): void {
    if (this.gone) return;
    this.gone = true;
    this.onGone();
    const left = [...this.pending.values()];
    this.pending.clear();
    for (const p of left) {
      if (this.stopping) p.reject(new Error('The optimiser threads were stopped'));
      else this.solvedHere(p.input).then(p.resolve, p.reject);
    }
  }

  private async solvedHere(input: OptimiserInput): Promise<OptimalPlan> {
    const solve = await highsSolver();
    this.planned.here++;
    return optimise(input, solve);
  }
}

/**
 * The thread's module: beside the bundle when running from dist/ (scripts/build.ts builds dist/optimiser-thread.js);
 * from the TypeScript sources (development, the tests) through tsx, registered in the thread before the module loads.
 */
function threadModule(): ThreadModule {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { filename: new URL('./optimiser-thread.js', here), eval: false };
  // (tsx's ESM entry: its CommonJS one registers a hook file that does not exist.)
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./optimiser-thread.ts', here).href;
  return {
    filename: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}
