// A Redis connection for state shared between API processes (rate-limit counters, key-change broadcasts).
// Redis is an optimisation of a deployment, never a dependency of an answer: commands fail at once while the
// connection is down (no offline queue), the callers fall back, and the client reconnects in the background.
import { Redis } from 'ioredis';

export interface RedisLog {
  warn(obj: object, msg: string): void;
}

/** A client that connects in the background and logs a lost connection once per outage. */
export function connectRedis(url: string, log: RedisLog, purpose: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Reconnect forever, waiting up to 5 s between attempts.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    connectionName: `ratebook-${purpose}`,
  });
  let reported = false;
  client.on('error', (err: Error) => {
    if (reported) return;
    reported = true;
    log.warn({ err, purpose }, 'Redis connection failed; retrying in the background');
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}

/** Closes the client whether or not it is connected. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** Resolves when the client is connected, or rejects after ms (a command sent before then would fail at once). */
export function whenReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`Redis not reachable within ${ms} ms`));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
