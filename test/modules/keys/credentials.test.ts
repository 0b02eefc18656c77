import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CredentialCache } from '../../../src/modules/keys/credential-cache.ts';
import { hashKey, newAppKey, verifyKey } from '../../../src/modules/keys/key-hash.ts';
import { effectiveTiers, parseTiers } from '../../../src/domain/keys/tiers.ts';

describe('key hashing', () => {
  it('stores a salted scrypt hash that verifies only the right key', async () => {
    const key = newAppKey();
    const a = await hashKey(key);
    const b = await hashKey(key);
    assert.notEqual(a.salt, b.salt);
    assert.notEqual(a.hash, b.hash, 'salted: the same key hashes differently');
    assert.ok(!a.hash.includes(key));
    assert.match(a.hash, /^scrypt:16384:8:1:/);
    assert.equal(await verifyKey(key, a), true);
    assert.equal(await verifyKey(`${key}x`, a), false);
    assert.equal(await verifyKey(key, { salt: a.salt, hash: 'md5:abc' }), false);
  });
});

describe('CredentialCache', () => {
  it('expires verdicts after the TTL and drops an application at once', () => {
    let now = 0;
    const cache = new CredentialCache<string>(1000, 100, () => now);
    const d = CredentialCache.digest('app', 'key');
    cache.set(d, 'app', 'principal');
    assert.equal(cache.get(d)?.principal, 'principal');
    now = 999;
    assert.ok(cache.get(d));
    now = 1000;
    assert.equal(cache.get(d), undefined);
    cache.set(d, 'app', 'principal');
    cache.set(CredentialCache.digest('other', 'k'), 'other', null);
    cache.dropApp('app');
    assert.equal(cache.get(d), undefined);
    assert.equal(cache.size, 1);
  });
  it('stays within its size bound, forgetting the oldest', () => {
    const cache = new CredentialCache<number>(60_000, 3);
    for (let i = 0; i < 5; i++) cache.set(`d${i}`, `a${i}`, i);
    assert.equal(cache.size, 3);
    assert.equal(cache.get('d0'), undefined);
    assert.equal(cache.get('d4')?.principal, 4);
  });
  it('caches nothing with a TTL of 0', () => {
    const cache = new CredentialCache<number>(0);
    cache.set('d', 'a', 1);
    assert.equal(cache.get('d'), undefined);
  });
});

describe('tiers', () => {
  it('parses names case-insensitively and rejects unknown ones', () => {
    assert.deepEqual(parseTiers(['SIGNAL', 'privatetou']), ['signal', 'privateTou']);
    assert.throws(() => parseTiers(['gold']), /Unknown tier/);
  });
  it('lets enterprise include signal', () => {
    assert.deepEqual([...effectiveTiers(['enterprise'])].sort(), ['enterprise', 'signal']);
    assert.deepEqual([...effectiveTiers(['signal'])], ['signal']);
  });
});
