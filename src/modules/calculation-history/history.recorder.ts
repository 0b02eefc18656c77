// Writes calculation history after the answers are sent, so that recording never slows a calculation down:
// - `record` only appends to an in-memory queue (the request's hooks call it once the answer is on the wire);
// - a flush a little later takes a batch, deflates each text on libuv's thread pool (one at a time, so the pool stays
//   free for the rest of the server) and inserts the batch in one statement;
// - the queue is bounded (records and characters of JSON text): when the database cannot keep up, new records are
//   dropped, counted and logged, rather than memory growing;
// - a failed insert (database away, SQLite locked by another process) is tried again with a growing pause, then the
//   batch is dropped and logged. A calculation never waits for, or fails because of, its history.
import { promisify } from 'node:util';
import { constants, deflate as deflateCb, inflate as inflateCb } from 'node:zlib';
import type { HistoryRepository, HistoryRow } from './history.repository.ts';

const deflate = promisify(deflateCb);
const inflate = promisify(inflateCb);

/** zlib level 3: within a millisecond or two of level 1 on a 1 MB request, and a smaller row. */
const DEFLATE_LEVEL = 3;
export const ENCODING = 'deflate';

export interface HistoryEntry {
  requestId: string;
  orgId: number;
  appId: string;
  kind: string;
  tier: string | null;
  method: string;
  url: string;
  createdAt: Date;
  /** The JSON body as received; null for a request without one. */
  requestText: string | null;
  responseType: string;
  /** The JSON answered. */
  responseText: string;
}

export interface RecorderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RecorderOptions {
  /** Largest text kept whole (bytes of UTF-8); longer ones keep their beginning and are flagged truncated. */
  maxRecordBytes: number;
  /** Queue bounds: records waiting, and characters of JSON text waiting. */
  maxQueueRecords?: number;
  maxQueueChars?: number;
  /** How long the first record waits for others to join its batch. */
  flushDelayMs?: number;
  /** A batch: at most this many records, or this many characters of text. */
  batchRecords?: number;
  batchChars?: number;
  /** Insert attempts per batch, and the first pause between them (doubling). */
  maxAttempts?: number;
  retryBaseMs?: number;
  log: RecorderLog;
}

/** What the recorder has done since it started. */
export interface RecorderStats {
  queued: number;
  written: number;
  /** Dropped because the queue was full. */
  droppedQueueFull: number;
  /** Dropped because the database refused them after every attempt. */
  droppedWriteFailed: number;
  truncated: number;
}

/** The text cut to at most maxBytes of UTF-8 (never inside a character), deflated. */
export async function pack(
  text: string,
  maxBytes: number,
): Promise<{ body: Buffer; bytes: number; truncated: boolean }> {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return { body: await deflate(text, { level: DEFLATE_LEVEL }), bytes, truncated: false };
  // A character is at least one byte: the first maxBytes characters hold the part kept.
  const whole = Buffer.from(text.length > maxBytes ? text.slice(0, maxBytes) : text, 'utf8');
  let end = maxBytes;
  while (end > 0 && (whole[end]! & 0xc0) === 0x80) end--;
  return { body: await deflate(whole.subarray(0, end), { level: DEFLATE_LEVEL }), bytes, truncated: true };
}

export async function unpack(body: Uint8Array, encoding: string): Promise<string> {
  if (encoding !== ENCODING)
    throw new Error(`calculation history stored as ${encoding}, which this version cannot read`);
  return (await inflate(body, { finishFlush: constants.Z_SYNC_FLUSH })).toString('utf8');
}

export class HistoryRecorder {
  readonly #repo: HistoryRepository;
  readonly #opts: Required<Omit<RecorderOptions, 'log'>> & { log: RecorderLog };
  #queue: HistoryEntry[] = [];
  #queuedChars = 0;
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  #closing = false;
  #wake: (() => void) | null = null;
  #lastDropLog = 0;
  #dropsSinceLog = 0;
  readonly stats: RecorderStats = { queued: 0, written: 0, droppedQueueFull: 0, droppedWriteFailed: 0, truncated: 0 };

  constructor(repo: HistoryRepository, options: RecorderOptions) {
    this.#repo = repo;
    this.#opts = {
      maxQueueRecords: 1000,
      maxQueueChars: 64 * 1024 * 1024,
      flushDelayMs: 50,
      batchRecords: 50,
      batchChars: 8 * 1024 * 1024,
      maxAttempts: 5,
      retryBaseMs: 1000,
      ...options,
    };
  }

  /** Queues one calculation's record; false when it was dropped (queue full, or closing). Never throws, never waits. */
  record(entry: HistoryEntry): boolean {
    const chars = entry.responseText.length + (entry.requestText?.length ?? 0);
    if (
      this.#closing ||
      this.#queue.length >= this.#opts.maxQueueRecords ||
      (this.#queue.length > 0 && this.#queuedChars + chars > this.#opts.maxQueueChars)
    ) {
      this.#noteDrop();
      return false;
    }
    this.#queue.push(entry);
    this.#queuedChars += chars;
    this.stats.queued++;
    this.#schedule(this.#queue.length >= this.#opts.batchRecords ? 0 : this.#opts.flushDelayMs);
    return true;
  }

  /** Resolves when every record queued so far is written (or dropped). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.#timer) {
        clearTimeout(this.#timer);
        this.#timer = null;
      }
      if (!this.#flushing && this.#queue.length > 0) this.#start();
      if (!this.#flushing) return;
      await this.#flushing;
    }
  }

  /** Stops taking records and writes what is queued: one attempt per batch, no pauses. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#wake?.();
    await this.idle();
    this.#logDrops();
  }

  #schedule(delayMs: number): void {
    if (this.#flushing !== null) return;
    if (this.#timer) {
      if (delayMs > 0) return;
      clearTimeout(this.#timer);
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#start();
    }, delayMs);
    this.#timer.unref();
  }

  #start(): void {
    if (this.#flushing !== null) return;
    this.#flushing = this.#drain().finally(() => {
      this.#flushing = null;
      if (this.#queue.length > 0) this.#schedule(0);
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch: HistoryEntry[] = [];
      let chars = 0;
      while (
        this.#queue.length > 0 &&
        batch.length < this.#opts.batchRecords &&
        (batch.length === 0 || chars < this.#opts.batchChars)
      ) {
        const e = this.#queue.shift()!;
        const c = e.responseText.length + (e.requestText?.length ?? 0);
        chars += c;
        this.#queuedChars -= c;
        batch.push(e);
      }
      let rows: HistoryRow[];
      try {
        rows = [];
        for (const e of batch) rows.push(await this.#prepare(e));
      } catch (err) {
        this.stats.droppedWriteFailed += batch.length;
        this.#opts.log.error({ err, records: batch.length }, 'calculation history: could not encode a batch; dropped');
        continue;
      }
      await this.#insert(rows);
    }
  }

  async #prepare(e: HistoryEntry): Promise<HistoryRow> {
    const max = this.#opts.maxRecordBytes;
    const request = e.requestText === null ? null : await pack(e.requestText, max);
    const response = await pack(e.responseText, max);
    if (request?.truncated || response.truncated) this.stats.truncated++;
    return {
      request_id: e.requestId,
      org_id: e.orgId,
      app_id: e.appId,
      kind: e.kind,
      tier: e.tier,
      method: e.method,
      url: e.url,
      created_at: e.createdAt.toISOString(),
      encoding: ENCODING,
      request_body: request?.body ?? null,
      request_bytes: request?.bytes ?? 0,
      request_truncated: request?.truncated ?? false,
      response_type: e.responseType,
      response_body: response.body,
      response_bytes: response.bytes,
      response_truncated: response.truncated,
    };
  }

  async #insert(rows: HistoryRow[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#repo.insert(rows);
        this.stats.written += rows.length;
        return;
      } catch (err) {
        const last = attempt >= this.#opts.maxAttempts || this.#closing;
        if (last) {
          this.stats.droppedWriteFailed += rows.length;
          this.#opts.log.error(
            { err, records: rows.length, attempts: attempt },
            'calculation history: the database refused a batch; dropped',
          );
          return;
        }
        const waitMs = this.#opts.retryBaseMs * 2 ** (attempt - 1);
        this.#opts.log.warn(
          { err, records: rows.length, attempt, retryInMs: waitMs },
          'calculation history: write failed; trying again',
        );
        await this.#pause(waitMs);
      }
    }
  }

  /** A pause that close() cuts short. */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }

  /** One log line a minute at most while records are being dropped, with how many. */
  #noteDrop(): void {
    this.stats.droppedQueueFull++;
    this.#dropsSinceLog++;
    if (Date.now() - this.#lastDropLog >= 60_000) this.#logDrops();
  }

  #logDrops(): void {
    if (this.#dropsSinceLog === 0) return;
    this.#opts.log.warn(
      { dropped: this.#dropsSinceLog, droppedTotal: this.stats.droppedQueueFull, queued: this.#queue.length },
      'calculation history: queue full (the database is slower than the calculations); records dropped',
    );
    this.#lastDropLog = Date.now();
    this.#dropsSinceLog = 0;
  }
}
