// Which of a few names a misspelt one was meant to be: the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of neighbours, case ignored). Used to keep a typo of a usage key
// ("consumptoin") a 400 while other property inputs a tariff does not use are accepted and noted.

/** The edit distance between two strings, counting a swap of neighbouring letters as one edit. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The name among `names` that `given` is a near miss of (differs only in case, or by at most two edits when the
 * name has more than five letters, one otherwise), or null when it is none's.
 */
export function nearMissOf(given: string, names: Iterable<string>): string | null {
  const candidates = [...names];
  if (candidates.includes(given)) return null;
  const lower = given.toLowerCase();
  for (const name of candidates) {
    const limit = name.length > 5 ? 2 : 1;
    if (editDistance(lower, name.toLowerCase()) <= limit) return name;
  }
  return null;
}
