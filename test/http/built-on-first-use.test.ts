// Validators and serializers built on first use, or ahead once a server listens (src/http/built-on-first-use.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAhead, onFirstUse, pendingBuilds } from '../../src/http/built-on-first-use.ts';

describe('built on first use, or ahead', () => {
  it('builds once, on the first call', () => {
    let builds = 0;
    const get = onFirstUse(() => ({ n: ++builds }));
    assert.equal(builds, 0);
    assert.equal(get().n, 1);
    assert.equal(get().n, 1);
    assert.equal(builds, 1);
  });

  it('builds what is pending ahead, one per turn of the event loop, and nothing once told to stop', async () => {
    const built: number[] = [];
    const gets = [1, 2, 3].map((k) => onFirstUse(() => built.push(k)));
    assert.ok(pendingBuilds() >= 3);
    // Told to stop at once: nothing built.
    await buildAhead(() => true);
    assert.deepEqual(built, []);
    // One per turn: a callback queued with setImmediate meanwhile runs before all three are built.
    let between = -1;
    setImmediate(() => {
      between = built.length;
    });
    await buildAhead();
    assert.deepEqual(built, [1, 2, 3]);
    assert.ok(between < 3, `${between} built before another callback ran`);
    assert.equal(pendingBuilds(), 0);
    // Built ahead, so the first call builds nothing more.
    for (const get of gets) get();
    assert.deepEqual(built, [1, 2, 3]);
  });

  it('leaves a build that throws to its first call, and goes on with the others', async () => {
    let calls = 0;
    const broken = onFirstUse(() => {
      calls++;
      throw new Error('a schema that does not compile');
    });
    const fine = onFirstUse(() => 'ok');
    await buildAhead();
    assert.equal(pendingBuilds(), 0);
    assert.equal(fine(), 'ok');
    assert.throws(broken, /does not compile/);
    assert.equal(calls, 2);
  });
});
