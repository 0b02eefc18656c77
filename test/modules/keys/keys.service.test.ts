import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KeyNotFoundError, KeysService } from '../../../src/modules/keys/keys.service.ts';
import { createTestDb, dialects, type TestDb } from '../../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`KeysService on ${dialect}`, () => {
    let db: TestDb;
    let keys: KeysService;
    before(async () => {
      db = await createTestDb(dialect);
      keys = new KeysService(db, 60_000);
    });
    after(() => db.dispose());

    it('creates applications whose key is stored only as a hash', async () => {
      assert.equal(await keys.hasApplications(), false);
      const c = await keys.create('acme', ['signal']);
      const again = await keys.create('acme', []);
      assert.equal(again.orgId, c.orgId, 'same organization');
      const row = await db.kysely
        .selectFrom('applications')
        .selectAll()
        .where('app_id', '=', c.appId)
        .executeTakeFirstOrThrow();
      assert.ok(!row.key_hash.includes(c.appKey) && !row.key_salt.includes(c.appKey));
      const p = await keys.verify(c.appId, c.appKey);
      assert.equal(p?.orgName, 'acme');
      assert.deepEqual([...p!.tiers], ['signal']);
      assert.equal(await keys.verify(c.appId, 'wrong'), null);
      assert.equal(await keys.verify('no-such-app', c.appKey), null);
      assert.equal(await keys.hasApplications(), true);
      const listed = await keys.list();
      assert.equal(listed.length, 2);
    });

    it('rotates: the old key stops, the new one works', async () => {
      const c = await keys.create('rotators', []);
      assert.ok(await keys.verify(c.appId, c.appKey), 'verdict cached');
      const r = await keys.rotate(c.appId);
      assert.notEqual(r.appKey, c.appKey);
      assert.equal(await keys.verify(c.appId, c.appKey), null);
      assert.ok(await keys.verify(c.appId, r.appKey));
    });

    it('revokes: the key stops working and cannot be rotated back', async () => {
      const c = await keys.create('revokers', []);
      assert.ok(await keys.verify(c.appId, c.appKey));
      await keys.revoke(c.appId);
      assert.equal(await keys.verify(c.appId, c.appKey), null);
      await assert.rejects(keys.rotate(c.appId), KeyNotFoundError);
      await assert.rejects(keys.revoke('missing'), KeyNotFoundError);
    });

    it('checks the same credentials once when requests for them arrive together, and afresh after a revocation', async () => {
      const c = await keys.create('crowd', ['signal']);
      keys.forgetApp(c.appId); // nothing cached: as at a cache expiry
      const crowd = Array.from({ length: 20 }, () => keys.verify(c.appId, c.appKey));
      assert.equal(new Set(crowd).size, 1, 'one check shared by the 20 requests');
      assert.notEqual(keys.verify(c.appId, 'wrong'), crowd[0], 'other credentials are checked on their own');
      assert.equal((await Promise.all(crowd)).filter((p) => p?.appId === c.appId).length, 20);
      // A revocation while a check runs: requests after it start their own check and are refused.
      keys.forgetApp(c.appId);
      const before = keys.verify(c.appId, c.appKey);
      await keys.revoke(c.appId);
      const after = keys.verify(c.appId, c.appKey);
      assert.notEqual(after, before);
      assert.equal(await after, null);
      await before;
    });

    it('ensures the admin application exists with exactly the given key and every tier', async () => {
      await keys.ensureAdmin('admin-app', 'first-key');
      assert.deepEqual([...(await keys.verify('admin-app', 'first-key'))!.tiers].sort(), [
        'admin',
        'enterprise',
        'privateTou',
        'signal',
      ]);
      await keys.ensureAdmin('admin-app', 'second-key');
      assert.equal(await keys.verify('admin-app', 'first-key'), null);
      assert.ok(await keys.verify('admin-app', 'second-key'));
    });
  });
}
