// Readings in order of their starts. Stored readings come back already in that order, and a comparator sort of a
// year of hourly readings still calls its comparator some 8,760 times per pass: a sorted list is recognized in one
// pass and kept as it is.

/** `list` in order of `start` (stable): `list` itself when it already is, else a sorted copy. */
export function byStart<T extends { start: number }>(list: T[]): T[] {
  for (let k = 1; k < list.length; k++)
    if (list[k]!.start < list[k - 1]!.start) return [...list].sort((a, b) => a.start - b.start);
  return list;
}
