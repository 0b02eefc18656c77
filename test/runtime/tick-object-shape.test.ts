import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { keptTickObject } from '../../src/runtime/tick-object-shape.ts';

const fixture = fileURLToPath(new URL('./tick-churn.fixture.mjs', import.meta.url));

/** The states V8 reports for process.nextTick's object-literal sites after 40 full collections between ticks. */
function literalSiteStates(mode: 'keep' | 'none'): string[] {
  // Into a file: V8 prints from C++, and a pipe read by a parent process lost most of it.
  const dir = mkdtempSync(join(tmpdir(), 'ratebook-tick-'));
  const file = join(dir, 'print.txt');
  const fd = openSync(file, 'w');
  try {
    execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', fixture, mode], {
      stdio: ['ignore', fd, 'inherit'],
    });
    const out = readFileSync(file, 'utf8');
    return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the kept nextTick entry', () => {
  it('is one of Node’s tick objects', () => {
    assert.ok(keptTickObject, 'no TickObject was seen by the init hook');
    const symbols = Object.getOwnPropertySymbols(keptTickObject).map((s) => s.description);
    assert.deepEqual(symbols.sort(), ['async_id_symbol', 'trigger_async_id_symbol']);
  });

  it('keeps nextTick’s object literal on V8’s fast path across full garbage collections', (t) => {
    const kept = literalSiteStates('keep');
    assert.ok(kept.length >= 2, `no literal sites in V8's print: ${kept.join(', ')}`);
    assert.ok(!kept.includes('MEGAMORPHIC'), `with the entry kept: ${kept.join(', ')}`);
    // Without it the sites go megamorphic on this Node; a Node that fixed that makes the module unnecessary.
    const bare = literalSiteStates('none');
    if (!bare.includes('MEGAMORPHIC')) t.diagnostic(`this Node keeps the sites fast without help: ${bare.join(', ')}`);
  });
});
