// Application keys are stored only as salted scrypt hashes and compared in constant time.
import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function derive(key: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(key, salt, keyLength, options, (err, out) => (err ? reject(err) : resolve(out))),
  );
}

export interface StoredKey {
  salt: string;
  /** "scrypt:N:r:p:<base64 hash>": parameters travel with the hash so they can be raised later. */
  hash: string;
}

export async function hashKey(appKey: string): Promise<StoredKey> {
  const salt = randomBytes(16);
  const out = await derive(appKey, salt, PARAMS.N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return {
    salt: salt.toString('base64'),
    hash: `scrypt:${PARAMS.N}:${PARAMS.r}:${PARAMS.p}:${out.toString('base64')}`,
  };
}

export async function verifyKey(appKey: string, stored: StoredKey): Promise<boolean> {
  const [scheme, n, r, p, encoded] = stored.hash.split(':');
  if (scheme !== 'scrypt' || !encoded) return false;
  const expected = Buffer.from(encoded, 'base64');
  const actual = await derive(
    appKey,
    Buffer.from(stored.salt, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

export const newAppId = (): string => randomUUID();
/** 192 random bits, URL-safe. */
export const newAppKey = (): string => randomBytes(24).toString('base64url');
