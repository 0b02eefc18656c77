// Redis for the tests of shared state: TEST_REDIS_URL, else the machine's 127.0.0.1:6379. Tests that need it skip
// when it does not answer, unless REQUIRE_REDIS=1 (then a missing Redis fails the run).
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    if (process.env.REQUIRE_REDIS === '1')
      throw new Error(`REQUIRE_REDIS=1 but ${TEST_REDIS_URL} does not answer: ${(err as Error).message}`);
    return false;
  } finally {
    probe.disconnect();
  }
}
