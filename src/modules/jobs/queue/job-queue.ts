// The queue portfolio jobs are cut into: one message per chunk of a job's accounts (positions from..to). PostgreSQL
// keeps it in the database (pg-boss), worked by every Ratebook process that shares it; SQLite keeps it in memory in
// the serving process. Either way a chunk may be worked more than once (a retry): the runner skips what is done.

export interface ChunkMessage {
  jobId: string;
  /** First position of the chunk. */
  from: number;
  /** One past its last position. */
  to: number;
}

export type ChunkHandler = (chunk: ChunkMessage) => Promise<void>;

export interface JobQueue {
  /** Puts a job's chunks on the queue, in order. */
  send(chunks: ChunkMessage[]): Promise<void>;
  /** Works chunks with the handler, `concurrency` at a time, until stop(). */
  work(handler: ChunkHandler, concurrency: number): Promise<void>;
  /** Stops working (a chunk under way finishes, or is retried later) and lets go of the queue. */
  stop(): Promise<void>;
}

/** How many chunks `chunksOf` cuts `count` positions into. */
export const chunkCount = (count: number, size: number): number => Math.ceil(count / size);

/** Cuts positions 0..count into chunks of `size`. */
export function chunksOf(jobId: string, count: number, size: number): ChunkMessage[] {
  const out: ChunkMessage[] = [];
  for (let from = 0; from < count; from += size) out.push({ jobId, from, to: Math.min(count, from + size) });
  return out;
}
