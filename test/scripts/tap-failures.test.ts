// npm test's summary of a failed file: the reasons, a line each, so that a CI log cut in the middle still says why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failureReasons } from '../../scripts/tap-failures.ts';

// node:test's TAP for a suite whose `before` hook threw, as Node 20 prints it: the tests say only that they were
// cancelled, the suite says the hook's error.
const HOOK_FAILED = `TAP version 13
# Subtest: two servers
    # Subtest: a
    not ok 1 - a
      ---
      duration_ms: 0
      failureType: 'cancelledByParent'
      error: 'test did not finish before its parent and was cancelled'
      ...
    1..1
not ok 1 - two servers
  ---
  duration_ms: 180102.1
  type: 'suite'
  failureType: 'hookFailed'
  error: |-
    no /listening on/: the process exited (1):
    ratebook: error: deadlock detected
  ...
# Subtest: passes
ok 2 - passes
  ---
  duration_ms: 3
  ...
`;

describe('failure reasons from TAP', () => {
  it("names the suite whose hook failed with the hook's error, not the cancelled tests", () => {
    assert.deepEqual(failureReasons(HOOK_FAILED), [
      '      two servers: no /listening on/: the process exited (1): | ratebook: error: deadlock detected',
    ]);
  });

  it('a failed assertion, at most `most` of them, and a file stopped for its time limit', () => {
    const failing = (n: number) => `not ok ${n} - test ${n}\n  ---\n  error: 'Expected ${n}'\n  ...\n`;
    const tap = `${[1, 2, 3].map(failing).join('')}\n# stopped: still running after 20 minutes\n`;
    assert.deepEqual(failureReasons(tap, 2), [
      "      test 1: 'Expected 1'",
      "      test 2: 'Expected 2'",
      '      # stopped: still running after 20 minutes',
    ]);
    assert.deepEqual(failureReasons('TAP version 13\nok 1 - fine\n'), []);
  });
});
