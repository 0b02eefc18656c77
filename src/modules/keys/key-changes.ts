// Key rotations and revocations reach every API process at once: the process (or CLI command) that changes a key
// announces its appId on PostgreSQL (NOTIFY) and/or Redis (PUBLISH), and every server listens and drops what it
// cached about that application. On SQLite every server also reads the key-change log the change wrote
// (key-change-log.ts), and trusts its cache only while that reading is under a second old. The credential cache's TTL stays the fallback: a process whose listener was
// disconnected drops all its cached verdicts when it reconnects, since it may have missed announcements.
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.ts';
import { listenForNotices, type NoticeListener } from '../../db/pg-notices.ts';
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

/** Listens on PostgreSQL (a connection of its own, reconnected with backoff: pg-notices.ts) and/or on Redis. */
export class KeyChangeListener {
  #pg: NoticeListener | null = null;
  #redis: Redis | null = null;

  constructor(
    private readonly handlers: KeyChangeHandlers,
    private readonly log: KeyChangeLog,
  ) {}

  /** Resolves once listening, or once the first attempt failed (retries go on in the background). */
  listenOnPostgres(url: string): Promise<void> {
    this.#pg = listenForNotices(
      url,
      KEY_CHANGES_CHANNEL,
      {
        applicationName: 'ratebook-key-changes',
        onNotice: (appId) => {
          if (appId) this.handlers.changed(appId);
        },
        onListening: (again) => {
          if (!again) return;
          this.handlers.resync();
          this.log.info({}, 'key-change listener is back on PostgreSQL; cached credentials dropped');
        },
        lostMessage: 'key-change listener lost PostgreSQL; cached credentials expire by AUTH_CACHE_TTL_MS meanwhile',
      },
      this.log,
    );
    return this.#pg.ready;
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
    await this.#pg?.close();
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
