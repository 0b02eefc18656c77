// The PostgreSQL queue: pg-boss (an established queue kept in PostgreSQL tables), on Ratebook's own connection pool.
// Every process that shares the database works from it: a chunk is taken by one worker (SKIP LOCKED), completed when
// its handler returns, retried when it throws, and, when its worker dies (kill -9, a lost machine), expired after
// JOBS_CHUNK_EXPIRE_SECONDS by the upkeep any live process runs and then taken by another worker. Chunks queued are
// announced on a channel (NOTIFY) every worker listens on, so an idle worker takes a new job's chunks at once rather
// than at its next poll (JOBS_POLL_SECONDS, the fallback).
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../../config.ts';
import type { Database, Db } from '../../../db/database.ts';
import type { NoticeListener } from '../../../db/pg-notices.ts';
import type { ChunkHandler, ChunkMessage, JobQueue } from './job-queue.ts';

export const QUEUE_NAME = 'ratebook-job-chunks';
/** What PostgreSQL says to the loser of a race to make pg-boss's tables: unique key, deadlock, relation or object exists. */
const LOST_RACE = new Set(['23505', '40P01', '42P07', '42710']);

/**
 * One of pg-boss's statements on a connection of the pool. Some are whole transactions in one text (`BEGIN; ...;
 * COMMIT;`); when one fails part way (two processes creating pg-boss's schema at once: the loser's insert is refused,
 * which pg-boss expects and ignores), the connection is left inside the aborted transaction, and handed back to the
 * pool like that it failed the next statement run on it ("current transaction is aborted"): a second server started
 * beside the first exited before listening. The connection is rolled back before it goes back (a ROLLBACK outside a
 * transaction is only a warning).
 */
export async function executeOnPool(kysely: Kysely<Database>, text: string, values: readonly unknown[]) {
  return await kysely.connection().execute(async (connection) => {
    try {
      return await connection.executeQuery(CompiledQuery.raw(text, [...values]));
    } catch (err) {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      throw err;
    }
  });
}

export interface QueueLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class PgBossQueue implements JobQueue {
  private boss: Promise<PgBoss> | null = null;
  private listener: NoticeListener | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: JobsConfig,
    private readonly log: QueueLog,
  ) {}

  /** pg-boss's tables: JOBS_QUEUE_SCHEMA, else schema pgboss, or beside a test's own tables in its schema. */
  get schema(): string {
    return this.config.queueSchema ?? this.db.schema ?? 'pgboss';
  }

  /** The channel chunks are announced on: one per queue schema (a PostgreSQL name, at most 63 bytes). */
  get channel(): string {
    return `rb_chunks_${this.schema}`.slice(0, 63);
  }

  async send(chunks: ChunkMessage[]): Promise<void> {
    const boss = await this.started();
    await boss.insert(chunks.map((data) => ({ name: QUEUE_NAME, data: { ...data } })));
    // Only a hint: the chunks are queued whether or not it is heard (workers poll too).
    await executeOnPool(this.db.kysely, 'select pg_notify($1, $2)', [this.channel, '']).catch((err: unknown) =>
      this.log.warn({ err }, 'announcing queued chunks failed (workers find them at their next poll)'),
    );
  }

  async work(handler: ChunkHandler, concurrency: number): Promise<void> {
    const boss = await this.started();
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      let id: string | null = null;
      const options = { batchSize: 1, pollingIntervalSeconds: this.config.pollSeconds };
      id = await boss.work<ChunkMessage>(QUEUE_NAME, options, async ([job]) => {
        if (!job) return;
        await handler(job.data);
        // pg-boss waits out the rest of its polling interval after a fetch, even one that found work: a chunk done in
        // less than the interval left its slot idle for the remainder (one worker process held at ~190 accounts a
        // second whatever its CPU, bench/README). Told it was notified, it fetches the next chunk at once.
        if (id) boss.notifyWorker(id);
      });
      ids.push(id);
    }
    // A notice wakes every slot: each fetches at once (one finding nothing waits for the next notice or poll).
    const wake = () => {
      for (const id of ids) boss.notifyWorker(id);
    };
    this.listener ??= this.db.listen?.(this.channel, wake, this.log) ?? null;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
    // A queue that failed to start has nothing to stop (its start stopped what it had begun).
    const boss = await this.boss?.catch(() => null);
    if (!boss) return;
    // Not graceful beyond a few seconds: a chunk cut short is retried by another worker, its results kept.
    await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
  }

  private started(): Promise<PgBoss> {
    // A start that failed (the database away at the first job) is forgotten: the next job tries again.
    this.boss ??= this.start().catch((err: unknown) => {
      this.boss = null;
      throw err;
    });
    return this.boss;
  }

  /**
   * pg-boss started, its tables and the queue made unless they exist. Processes starting together on a new database
   * race to make them, and PostgreSQL refuses the loser in ways pg-boss does not all expect: a schema or table made
   * meanwhile (a unique key of the catalog, "already exists"), or a deadlock (pg-boss's queue function inserts the
   * queue's row, then adds a foreign key to that table, which waits for the other's insert, which waits for this
   * row). The loser stops what it began and starts again, and then finds them made.
   */
  private async start(): Promise<PgBoss> {
    for (let attempt = 1; ; attempt++) {
      const boss = this.make();
      try {
        await boss.start();
        await boss.createQueue(QUEUE_NAME, {
          name: QUEUE_NAME,
          retryLimit: 20,
          retryDelay: 1,
          expireInSeconds: this.config.chunkExpireSeconds,
        });
        return boss;
      } catch (err) {
        // Not left polling and supervising on a queue that is not there (it would also keep the process alive).
        await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
        if (!LOST_RACE.has((err as { code?: string }).code ?? '') || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }

  private make(): PgBoss {
    const kysely = this.db.kysely;
    const boss = new PgBoss({
      // pg-boss's statements on Ratebook's pool: no second pool, the same statement timeout.
      db: { executeSql: (text: string, values?: unknown[]) => executeOnPool(kysely, text, values ?? []) },
      schema: this.schema,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.config.maintenanceSeconds,
      expireInSeconds: this.config.chunkExpireSeconds,
      retryLimit: 20,
      retryDelay: 1,
    });
    boss.on('error', (err) => this.log.error({ err }, 'job queue (pg-boss)'));
    return boss;
  }
}
