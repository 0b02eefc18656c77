// Key changes on SQLite, which has no NOTIFY: every rotation or revocation writes a row of `key_changes` in its own
// transaction (keys.repository.ts), whichever process makes it (a server, another server, the CLI). Each server reads
// the rows past the last one it saw every POLL_MS and forgets what it cached about their applications. A cached
// verdict is trusted only while the log was read less than MAX_AGE_MS ago: a server whose reads fell behind (its
// connection held by a long query, the event loop blocked) reads the log before it admits a request from its cache,
// so a revoked or rotated key is refused within MAX_AGE_MS of its change on every SQLite server, whatever else holds.
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { KEY_CHANGES_KEPT } from './keys.repository.ts';

/** What a change seen in the log makes the server do (key-changes.ts wires them to the KeysService). */
export interface LogHandlers {
  /** An application's key changed: forget its cached verdicts. */
  changed(appId: string): void;
  /** Changes may have been missed: forget every cached verdict. */
  resync(): void;
}

export interface LogWarnings {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How often the log is read. */
export const POLL_MS = 250;
/** How old the last reading may be for a cached verdict to be trusted. */
export const MAX_AGE_MS = 1000;

/**
 * The changes past the last seen, as SQL text: no query builder or compiler runs at each reading, and the statement is
 * prepared once (db/statement-cache.ts). SQLite's placeholders: the watcher runs on SQLite only (key-changes.ts).
 */
const CHANGES_SINCE = 'select seq, app_id from key_changes where seq > ? order by seq limit ?';

export class KeyChangeLogWatcher {
  /** The last change seen; null until the first reading. */
  #seen: number | null = null;
  /** When the last reading that succeeded began (performance.now()); -Infinity before the first. */
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #failing = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: LogHandlers,
    private readonly log: LogWarnings,
    private readonly pollMs = POLL_MS,
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {}

  /** Reads the log once (the newest change is where this process starts), then every pollMs. */
  async start(): Promise<void> {
    await this.read().catch(() => {});
    this.#schedule();
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.read()
        .catch(() => {})
        .finally(() => {
          if (this.#timer) this.#schedule();
        });
    }, this.pollMs);
    // The server's socket keeps the process alive, never this timer.
    this.#timer.unref();
  }

  /** Whether cached verdicts may be trusted: the log was read less than maxAgeMs ago. One clock read. */
  fresh(): boolean {
    return performance.now() - this.#readAt < this.maxAgeMs;
  }

  /** Reads the log now (or joins the reading under way); rejects with the database's error when it fails. */
  read(): Promise<void> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  async #read(): Promise<void> {
    const began = performance.now();
    try {
      if (this.#seen === null) {
        const newest = await this.db.kysely
          .selectFrom('key_changes')
          .select((eb) => eb.fn.max('seq').as('m'))
          .executeTakeFirst();
        this.#seen = Number(newest?.m ?? 0);
      } else {
        const { rows } = await this.db.kysely.executeQuery<{ seq: number; app_id: string }>(
          CompiledQuery.raw(CHANGES_SINCE, [this.#seen, KEY_CHANGES_KEPT]),
        );
        // As many as the log keeps: older ones may be gone unseen, so forget everything.
        if (rows.length === KEY_CHANGES_KEPT) this.handlers.resync();
        else for (const r of rows) this.handlers.changed(r.app_id);
        if (rows.length) this.#seen = Number(rows.at(-1)!.seq);
      }
    } catch (err) {
      if (!this.#failing) this.log.warn({ err }, 'cannot read the key-change log; cached credentials are not trusted');
      this.#failing = true;
      throw err;
    }
    if (this.#failing) this.log.info({}, 'the key-change log is readable again');
    this.#failing = false;
    this.#readAt = began;
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
