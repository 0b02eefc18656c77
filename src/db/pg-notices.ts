// PostgreSQL's LISTEN/NOTIFY, kept listening: one connection of its own (a pooled connection is handed to other
// statements between uses, and a LISTEN lasts as long as its session), opened again after it is lost (a restart,
// pg_terminate_backend) with a growing pause. A notice sent while the connection was down is lost: whoever listens is
// told when the connection is back (`onListening(true)`) and looks for what it may have missed. Two listeners use it:
// key rotations and revocations (every server), and portfolio job chunks queued (every process working jobs).
import pg from 'pg';

export interface NoticeOptions {
  /** How the connection names itself in pg_stat_activity. */
  applicationName: string;
  /** A notice on the channel, with its payload ('' when none). */
  onNotice(payload: string): void;
  /** Listening: `again` after an attempt that failed or a connection lost (notices may have been missed meanwhile). */
  onListening?(again: boolean): void;
  /** What the warning says when the connection is lost (the pause before the next attempt is logged beside it). */
  lostMessage: string;
}

export interface NoticeListener {
  /** Settles once listening, or once the first attempt failed (the next attempts go on). Never rejects. */
  readonly ready: Promise<void>;
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface NoticeLog {
  warn(obj: object, msg: string): void;
}

const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5000;

/** Listens on `channel` over a connection of its own to `url`; never throws (a lost connection is opened again). */
export function listenForNotices(url: string, channel: string, options: NoticeOptions, log: NoticeLog): NoticeListener {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  /** `failures`: attempts in a row that never listened (the pause doubles with each); `again`: not the first. */
  const connect = async (failures: number, again: boolean): Promise<void> => {
    if (closed) return;
    // A server that does not answer fails the attempt in seconds (a server start waits for the first attempt).
    const c = new pg.Client({
      connectionString: url,
      application_name: options.applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client = c;
    let lost = false;
    let listening = false;
    const onLost = (err?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      // A connection that listened starts the pauses over.
      const inARow = listening ? 0 : failures;
      const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** inARow);
      log.warn({ err, channel, retryInMs: pause }, options.lostMessage);
      retry = setTimeout(() => {
        retry = null;
        void connect(inARow + 1, true);
      }, pause);
      retry.unref();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === channel) options.onNotice(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    listening = true;
    options.onListening?.(again);
  };

  const ready = connect(0, false);
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
