// A worker thread that solves BILL_OPTIMAL's programs for optimiser-threads.ts. Each message is one year's optimiser
// input (plain data: bill-optimal.ts's OptimiserInput) for a session; the thread keeps a HiGHS session per session id
// (highs-solver.ts), so a session's later years start from the basis its earlier ones left, exactly as they would on
// the request's own thread. The answer's decisions are transferred back, not copied.
import { parentPort } from 'node:worker_threads';
import { OptimiserError, optimise } from '../../engine/storage/bill-optimal.ts';
import { highsSession } from './highs-solver.ts';
import type { FromThread, ToThread } from './optimiser-messages.ts';

type Session = Awaited<ReturnType<typeof highsSession>>;

const port = parentPort;
if (!port) throw new Error('optimiser-thread.ts runs as a worker thread');
const sessions = new Map<number, Promise<Session>>();
const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// Every message waits on its session's promise before it works, so a session's messages run in the order they came
// (the promise's continuations run first in, first out) and a close runs after the programs sent before it.
port.on('message', async (message: ToThread) => {
  if (message.kind === 'close') {
    const session = sessions.get(message.session);
    sessions.delete(message.session);
    (await session)?.dispose();
    return;
  }
  const { id, input } = message;
  try {
    if (!sessions.has(message.session)) sessions.set(message.session, highsSession());
    const { solve } = await sessions.get(message.session)!;
    const plan = optimise(input, solve);
    const { acIn, solarDcIn, dcOut } = plan.decisions;
    post({ kind: 'plan', id, plan }, [acIn.buffer, solarDcIn.buffer, dcOut.buffer] as ArrayBuffer[]);
  } catch (e) {
    post({
      kind: 'error',
      id,
      message: e instanceof Error ? e.message : String(e),
      optimiser: e instanceof OptimiserError,
    });
  }
});
