// PostgreSQL's LISTEN/NOTIFY, kept listening: one connection of its own (a pooled connection is handed to other
// statements between uses, and a LISTEN lasts as long as its session), opened again after it is lost (a restart,
// pg_terminate_backend) with a growing pause. A notice is only a hint that something changed: whoever listens must
// still find it by reading (a notice sent while the connection was down is lost), so each (re)connection also counts
// as a notice: whatever was missed meanwhile is looked for once.
import pg from 'pg';

export interface NoticeListener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface NoticeLog {
  warn(obj: object, msg: string): void;
}

const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 30_000;

/**
 * Listens on `channel` over a connection of its own to `url`, calling `onNotice` for each notice and after each
 * (re)connection. Never throws: a connection that fails is tried again (FIRST_PAUSE_MS, doubling to MAX_PAUSE_MS).
 */
export function listenForNotices(
  url: string,
  channel: string,
  onNotice: () => void,
  log: NoticeLog,
  applicationName = 'ratebook-listen',
): NoticeListener {
  let closed = false;
  let client: pg.Client | null = null;
  let pause = FIRST_PAUSE_MS;
  let retry: NodeJS.Timeout | null = null;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      connectionTimeoutMillis: 5000,
    });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (!closed) log.warn({ err, channel }, 'listening for notices: connection lost, opening another');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      again();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === channel) onNotice();
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
    pause = FIRST_PAUSE_MS;
    onNotice();
  };

  void connect();
  return {
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
