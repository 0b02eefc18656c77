// Key rotations and revocations reach every API process at once: the process (or CLI command) that changes a key
// announces its appId on PostgreSQL (NOTIFY) and/or Redis (PUBLISH), and every server listens and drops what it
// cached about that application. On SQLite every server also reads the key-change log the change wrote
// (key-change-log.ts), and trusts its cache only while that reading is under a second old. The credential cache's TTL stays the fallback: a process whose listener was
// disconnected drops all its cached verdicts when it reconnects, since it may have missed announcements.
import { sql } from 'kysely';
import pg from 'pg';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.ts';
import { closeRedis, connectRedis, whenReady } from '../../db/redis.ts';
import type { KeyChangeAnnouncer, KeysService } from './keys.service.ts';
import { KeyChangeLogWatcher } from './key-change-log.ts';

export const KEY_CHANGES_CHANNEL = 'ratebook_key_changes';

export interface KeyChangeLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Announces on PostgreSQL when the database is PostgreSQL, and on Redis when given; a failure is logged, never thrown. */
export function keyChangeAnnouncer(db: Db, redis: Redis | null, log: KeyChangeLog): KeyChangeAnnouncer {
  return async (appId) => {
    const sends: Promise<unknown>[] = [];
    if (db.dialect === 'postgres')
      sends.push(sql`select pg_notify(${KEY_CHANGES_CHANNEL}, ${appId})`.execute(db.kysely));
    if (redis) sends.push(whenReady(redis, 2000).then(() => redis.publish(KEY_CHANGES_CHANNEL, appId)));
    for (const r of await Promise.allSettled(sends)) {
      if (r.status === 'rejected')
        log.warn(
          { err: r.reason, appId },
          'could not announce a key change: other processes notice it within AUTH_CACHE_TTL_MS',
        );
    }
  };
}

export interface KeyChangeHandlers {
  /** An application's key changed: forget its cached verdicts. */
  changed(appId: string): void;
  /** Announcements may have been missed: forget every cached verdict. */
  resync(): void;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

/** Listens on PostgreSQL (a connection of its own, reconnected with backoff) and/or on Redis. */
export class KeyChangeListener {
  #closed = false;
  #pg: pg.Client | null = null;
  #pgTimer: NodeJS.Timeout | null = null;
  #redis: Redis | null = null;

  constructor(
    private readonly handlers: KeyChangeHandlers,
    private readonly log: KeyChangeLog,
  ) {}

  /** Resolves once listening, or once the first attempt failed (retries go on in the background). */
  listenOnPostgres(url: string): Promise<void> {
    return this.#connectPg(url, 0);
  }

  async #connectPg(url: string, failures: number): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: url, application_name: 'ratebook-key-changes' });
    let lost = false;
    const reconnect = (err?: Error) => {
      if (lost || this.#closed) return;
      lost = true;
      this.#pg = null;
      client.end().catch(() => {});
      const delay = Math.min(MAX_RECONNECT_DELAY_MS, 500 * 2 ** failures);
      this.log.warn(
        { err, retryInMs: delay },
        'key-change listener lost PostgreSQL; cached credentials expire by AUTH_CACHE_TTL_MS meanwhile',
      );
      this.#pgTimer = setTimeout(() => void this.#connectPg(url, failures + 1), delay);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (m) => {
      if (m.channel === KEY_CHANGES_CHANNEL && m.payload) this.handlers.changed(m.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${KEY_CHANGES_CHANNEL}`);
    } catch (err) {
      return reconnect(err as Error);
    }
    if (this.#closed) return void client.end().catch(() => {});
    this.#pg = client;
    if (failures > 0) {
      this.handlers.resync();
      this.log.info({}, 'key-change listener is back on PostgreSQL; cached credentials dropped');
    }
  }

  /** Subscribes whenever the connection is (re)established; from the second time on, a resync first. */
  async listenOnRedis(url: string): Promise<void> {
    const redis = connectRedis(url, this.log, 'key-changes');
    this.#redis = redis;
    redis.on('message', (channel: string, appId: string) => {
      if (channel === KEY_CHANGES_CHANNEL) this.handlers.changed(appId);
    });
    let readies = 0;
    const subscribe = () => {
      if (readies++ > 0) this.handlers.resync();
      redis
        .subscribe(KEY_CHANGES_CHANNEL)
        .catch((err: Error) => this.log.warn({ err }, 'key-change listener could not subscribe on Redis'));
    };
    redis.on('ready', subscribe);
    await whenReady(redis, 2000).catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pgTimer) clearTimeout(this.#pgTimer);
    await this.#pg?.end().catch(() => {});
    if (this.#redis) await closeRedis(this.#redis);
  }
}

export interface KeyChangeSharing {
  close(): Promise<void>;
}

/**
 * Wires a KeysService to the shared channels: its rotations and revocations are announced, and (a server, listen
 * true) announcements from other processes make it forget; on SQLite a server reads the key-change log.
 */
export async function shareKeyChanges(
  keys: KeysService,
  db: Db,
  where: { postgresUrl: string | null; redisUrl: string | null },
  log: KeyChangeLog,
  { listen }: { listen: boolean },
): Promise<KeyChangeSharing> {
  const publisher = where.redisUrl ? connectRedis(where.redisUrl, log, 'key-announce') : null;
  keys.announceChangesThrough(keyChangeAnnouncer(db, publisher, log));
  const handlers = { changed: (appId: string) => keys.forgetApp(appId), resync: () => keys.forgetAll() };
  const listener = listen ? new KeyChangeListener(handlers, log) : null;
  if (listener && where.postgresUrl) await listener.listenOnPostgres(where.postgresUrl);
  if (listener && where.redisUrl) await listener.listenOnRedis(where.redisUrl);
  const watcher = listen && db.dialect === 'sqlite' ? new KeyChangeLogWatcher(db, handlers, log) : null;
  if (watcher) {
    await watcher.start();
    keys.trustCacheWhile(watcher);
  }
  return {
    close: async () => {
      watcher?.close();
      await listener?.close();
      if (publisher) await closeRedis(publisher);
    },
  };
}
