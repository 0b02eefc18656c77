// The PostgreSQL queue: pg-boss (an established queue kept in PostgreSQL tables), on Ratebook's own connection pool.
// Every process that shares the database works from it: a chunk is taken by one worker (SKIP LOCKED), completed when
// its handler returns, retried when it throws, and, when its worker dies (kill -9, a lost machine), expired after
// JOBS_CHUNK_EXPIRE_SECONDS by the upkeep any live process runs and then taken by another worker.
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { ChunkHandler, ChunkMessage, JobQueue } from './job-queue.ts';

export const QUEUE_NAME = 'ratebook-job-chunks';

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
    if (!this.boss) return;
    const boss = await this.boss;
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
      db: {
        executeSql: async (text: string, values?: unknown[]) =>
          await kysely.executeQuery(CompiledQuery.raw(text, values ?? [])),
      },
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
    await boss.createQueue(QUEUE_NAME, {
      name: QUEUE_NAME,
      retryLimit: 20,
      retryDelay: 1,
      expireInSeconds: this.config.chunkExpireSeconds,
    });
    return boss;
  }
}
