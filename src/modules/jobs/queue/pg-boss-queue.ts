// The PostgreSQL queue: pg-boss (an established queue kept in PostgreSQL tables), on Ratebook's own connection pool.
// Every process that shares the database works from it: a chunk is taken by one worker (SKIP LOCKED), completed when
// its handler returns, retried when it throws, and, when its worker dies (kill -9, a lost machine), expired after
// JOBS_CHUNK_EXPIRE_SECONDS by the upkeep any live process runs and then taken by another worker.
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../../config.ts';
import type { Database, Db } from '../../../db/database.ts';
import type { ChunkHandler, ChunkMessage, JobQueue } from './job-queue.ts';

export const QUEUE_NAME = 'ratebook-job-chunks';
/** PostgreSQL's SQLSTATE for a transaction rolled back to break a deadlock. */
const DEADLOCK = '40P01';

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
}

export class PgBossQueue implements JobQueue {
  private boss: Promise<PgBoss> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: JobsConfig,
    private readonly log: QueueLog,
  ) {}

  /** pg-boss's tables: JOBS_QUEUE_SCHEMA, else schema pgboss, or beside a test's own tables in its schema. */
  get schema(): string {
    return this.config.queueSchema ?? this.db.schema ?? 'pgboss';
  }

  async send(chunks: ChunkMessage[]): Promise<void> {
    const boss = await this.started();
    await boss.insert(chunks.map((data) => ({ name: QUEUE_NAME, data: { ...data } })));
  }

  async work(handler: ChunkHandler, concurrency: number): Promise<void> {
    const boss = await this.started();
    for (let i = 0; i < concurrency; i++)
      await boss.work<ChunkMessage>(QUEUE_NAME, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await handler(job.data);
      });
  }

  async stop(): Promise<void> {
    // A queue that failed to start has nothing to stop (its start stopped what it had begun).
    const boss = await this.boss?.catch(() => null);
    if (!boss) return;
    // Not graceful beyond a few seconds: a chunk cut short is retried by another worker, its results kept.
    await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
  }

  private started(): Promise<PgBoss> {
    this.boss ??= this.start();
    return this.boss;
  }

  private async start(): Promise<PgBoss> {
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
    await boss.start();
    try {
      await this.createQueue(boss);
    } catch (err) {
      // Not left polling and supervising on a queue that is not there (it would also keep the process alive).
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
      throw err;
    }
    return boss;
  }

  /**
   * The queue, made unless it exists. Two processes making it at once can deadlock in PostgreSQL (pg-boss's function
   * inserts the queue's row, then adds a foreign key to that table, which waits for the other's insert, which waits
   * for this one's row): the one chosen as the victim is rolled back and tries again, and then finds the queue.
   */
  private async createQueue(boss: PgBoss): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(QUEUE_NAME, {
          name: QUEUE_NAME,
          retryLimit: 20,
          retryDelay: 1,
          expireInSeconds: this.config.chunkExpireSeconds,
        });
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }
}
