import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from '../../src/http/rate-limit.ts';

describe('RateLimiter', () => {
  it('allows max requests per window per key, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    assert.equal(limiter.hit('a').allowed, true);
    assert.equal(limiter.hit('a').remaining, 0);
    const third = limiter.hit('a');
    assert.equal(third.allowed, false);
    assert.equal(third.resetInMs, 60_000);
    assert.equal(limiter.hit('b').allowed, true, 'another application has its own budget');
    now += 30_000;
    assert.equal(limiter.hit('a').resetInMs, 30_000);
    now += 30_000;
    assert.equal(limiter.hit('a').allowed, true, 'a new window');
  });
  it('is off when max is 0', () => {
    assert.equal(new RateLimiter(0, 1000).enabled, false);
  });
});
