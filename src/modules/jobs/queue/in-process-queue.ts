// The SQLite queue: chunks in memory, worked by the serving process itself (an embedded database has no other process
// to share work with). What a restart loses from memory the service sends again from the jobs left open.
import type { ChunkHandler, ChunkMessage, JobQueue } from './job-queue.ts';

export class InProcessQueue implements JobQueue {
  private readonly waiting: ChunkMessage[] = [];
  private handler: ChunkHandler | null = null;
  private concurrency = 1;
  private running = 0;
  private stopped = false;
  private readonly idle = new Set<() => void>();

  send(chunks: ChunkMessage[]): Promise<void> {
    this.waiting.push(...chunks);
    this.pump();
    return Promise.resolve();
  }

  work(handler: ChunkHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    this.concurrency = concurrency;
    this.stopped = false;
    this.pump();
    return Promise.resolve();
  }

  /** Waits for the chunks under way; those not started stay in memory (and in the database as unfinished). */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private pump(): void {
    while (!this.stopped && this.handler && this.running < this.concurrency && this.waiting.length) {
      const chunk = this.waiting.shift()!;
      const handler = this.handler;
      this.running++;
      // A chunk that fails (the database busy, say) goes to the back of the queue to be tried again.
      handler(chunk)
        .catch(() => {
          if (!this.stopped) this.waiting.push(chunk);
        })
        .finally(() => {
          this.running--;
          for (const wake of this.idle) wake();
          this.idle.clear();
          // The next chunk starts on a later turn of the event loop, so requests waiting get theirs first.
          setImmediate(() => this.pump());
        });
    }
  }
}
