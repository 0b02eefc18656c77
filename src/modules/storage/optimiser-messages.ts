// What optimiser-threads.ts and its worker threads (optimiser-thread.ts) say to each other.
import type { OptimalPlan, OptimiserInput } from '../../engine/storage/bill-optimal.ts';

export type ToThread =
  /** Solve a year's programs in `session` (its HiGHS models kept for the session's next year). */
  | { kind: 'plan'; id: number; session: number; input: OptimiserInput }
  /** The session is over: its models are freed. */
  | { kind: 'close'; session: number };

export type FromThread =
  | { kind: 'plan'; id: number; plan: OptimalPlan }
  /** `optimiser`: the programs had no optimum (OptimiserError); otherwise the thread failed. */
  | { kind: 'error'; id: number; message: string; optimiser: boolean };
