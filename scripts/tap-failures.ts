// What `npm test` prints under each failed file (scripts/run-tests.ts): why, from the file's TAP output.
/**
 * The first few failures of a file's TAP output, a line each: the test's name and its error (a test cancelled because
 * its suite's hook failed says nothing of its own; the suite's line says the hook's error).
 */
export function failureReasons(tap: string, most = 5): string[] {
  const reasons: string[] = [];
  const blocks = tap.split(/^\s*not ok \d+ - /m).slice(1);
  for (const block of blocks) {
    if (/failureType: 'cancelledByParent'/.test(block)) continue;
    const name = block.slice(0, block.indexOf('\n'));
    reasons.push(`      ${name}: ${errorOf(block)}`.slice(0, 600));
    if (reasons.length === most) break;
  }
  if (/^# stopped: .*$/m.test(tap)) reasons.push(`      ${/^# stopped: .*$/m.exec(tap)![0]}`);
  return reasons;
}

/** A TAP failure's `error:` value: a quoted line, or the first lines of a block (a server's last words, say). */
function errorOf(block: string): string {
  const m = /^(\s*)error: (.*)$/m.exec(block);
  if (!m) return '';
  if (!m[2]!.startsWith('|')) return m[2]!;
  const rest = block.slice(m.index + m[0].length + 1).split('\n');
  const lines = rest.slice(0, rest.findIndex((l) => !l.startsWith(`${m[1]}  `)) >>> 0);
  return lines
    .slice(0, 4)
    .map((l) => l.trim())
    .join(' | ');
}
