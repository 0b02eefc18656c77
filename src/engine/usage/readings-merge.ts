// Merging uploaded meter readings into stored ones, and finding what no reading covers. Pure: instants in epoch ms.
//
// The rule is the one a person re-sending data expects: the newest word wins. Take the stored readings, then apply the
// upload in its own order; each reading removes every reading of its unit it overlaps. So a reading is dropped
// exactly when some later one (stored < upload, then upload order) of its unit overlaps it, whether or not that later
// one survives itself. That is answered for all readings at once with a segment tree over the distinct instants
// ("latest index touching any part of this span"), O(n log n) instead of a pass per reading.
//
// The engine imports nothing outside itself, so readings are typed by the fields used here; importers' Reading fits.

import { byStart } from './by-start.ts';

/** What the merge reads of a reading (the importers' Reading has these and more). */
export interface UnitSpan {
  start: number;
  end: number;
  unit: string;
}

export interface MergeResult<R extends UnitSpan> {
  /** Survivors, sorted by unit then start. */
  readings: R[];
  /** Stored readings removed because an uploaded reading overlaps them. */
  replaced: number;
  /** Uploaded readings removed because a later reading of the same upload overlaps them. */
  duplicatesInUpload: number;
}

/**
 * For each span, the largest index of any span (itself included) overlapping it. Coordinates are compressed to the
 * distinct instants; elementary segment k is [points[k], points[k+1]).
 */
function latestOverlapping(spans: UnitSpan[]): Int32Array {
  // The distinct instants, sorted (a typed array sorts numerically and fast).
  const all = new Float64Array(spans.length * 2);
  spans.forEach((s, k) => {
    all[2 * k] = s.start;
    all[2 * k + 1] = s.end;
  });
  all.sort();
  let count = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[count - 1]) all[count++] = all[k]!;
  const points = all.subarray(0, count);
  const indexOf = (t: number) => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (points[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const size = Math.max(1, count - 1);
  // tag[node]: largest index covering the node's whole range; best[node]: largest index touching any part of it.
  const tag = new Int32Array(4 * size).fill(-1);
  const best = new Int32Array(4 * size).fill(-1);
  const update = (node: number, lo: number, hi: number, l: number, r: number, value: number): void => {
    if (r <= lo || hi <= l) return;
    if (l <= lo && hi <= r) {
      if (value > tag[node]!) tag[node] = value;
      if (value > best[node]!) best[node] = value;
      return;
    }
    const mid = (lo + hi) >> 1;
    update(2 * node, lo, mid, l, r, value);
    update(2 * node + 1, mid, hi, l, r, value);
    best[node] = Math.max(best[node]!, best[2 * node]!, best[2 * node + 1]!);
  };
  const query = (node: number, lo: number, hi: number, l: number, r: number): number => {
    if (r <= lo || hi <= l) return -1;
    if (l <= lo && hi <= r) return best[node]!;
    const mid = (lo + hi) >> 1;
    // A span covering this whole node touches every part of it.
    return Math.max(tag[node]!, query(2 * node, lo, mid, l, r), query(2 * node + 1, mid, hi, l, r));
  };
  const left = new Int32Array(spans.length);
  const right = new Int32Array(spans.length);
  spans.forEach((s, k) => {
    left[k] = indexOf(s.start);
    right[k] = indexOf(s.end);
    if (left[k]! < right[k]!) update(1, 0, size, left[k]!, right[k]!, k);
  });
  const out = new Int32Array(spans.length);
  // An empty span overlaps nothing; it stays as it is.
  for (let k = 0; k < spans.length; k++) out[k] = left[k]! < right[k]! ? query(1, 0, size, left[k]!, right[k]!) : k;
  return out;
}

/** Each reading after the first starts at or after the end of the one before: the shape stored readings have. */
function inOrderApart(list: UnitSpan[]): boolean {
  for (let k = 1; k < list.length; k++) if (list[k]!.start < list[k - 1]!.end) return false;
  return true;
}

/**
 * The common case, both lists in order and apart (stored readings always are; most uploads too): nothing in the
 * upload overlaps its own readings, and one walk down both lists finds the stored readings an uploaded one overlaps.
 */
function replacedInOrder(old: UnitSpan[], sent: UnitSpan[]): boolean[] {
  const replaced = new Array<boolean>(old.length);
  let j = 0;
  for (let k = 0; k < old.length; k++) {
    const o = old[k]!;
    while (j < sent.length && sent[j]!.end <= o.start) j++;
    replaced[k] = o.end > o.start && j < sent.length && sent[j]!.start < o.end && sent[j]!.end > sent[j]!.start;
  }
  return replaced;
}

const byUnitThenStart = (a: UnitSpan, b: UnitSpan) =>
  a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : a.start - b.start || a.end - b.end;

export function mergeReadings<R extends UnitSpan>(existing: R[], incoming: R[]): MergeResult<R> {
  const units = new Set<string>();
  for (const r of existing) units.add(r.unit);
  for (const r of incoming) units.add(r.unit);
  const readings: R[] = [];
  let replaced = 0;
  let duplicatesInUpload = 0;
  for (const unit of units) {
    const old = existing.filter((r) => r.unit === unit);
    const sent = incoming.filter((r) => r.unit === unit);
    if (inOrderApart(old) && inOrderApart(sent)) {
      const gone = replacedInOrder(old, sent);
      old.forEach((r, k) => {
        if (gone[k]) replaced++;
        else readings.push(r);
      });
      for (const r of sent) readings.push(r); // not push(...sent): 600,000 arguments overflow the stack
      continue;
    }
    const latest = latestOverlapping([...old, ...sent]);
    old.forEach((r, k) => {
      // Stored readings that overlap each other (they should not) are left to each other: only the upload replaces.
      if (latest[k]! >= old.length) replaced++;
      else readings.push(r);
    });
    sent.forEach((r, k) => {
      if (latest[old.length + k]! > old.length + k) duplicatesInUpload++;
      else readings.push(r);
    });
  }
  readings.sort(byUnitThenStart);
  return { readings, replaced, duplicatesInUpload };
}

/** Spans in [from, to) (default: first start to last end) that no reading of the unit covers, in order. */
export function findGaps(
  readings: readonly UnitSpan[],
  unit: string,
  from?: number,
  to?: number,
): { start: number; end: number }[] {
  const own = byStart(readings.filter((r) => r.unit === unit && r.end > r.start));
  const lo = from ?? own[0]?.start;
  const hi = to ?? own.reduce((m, r) => Math.max(m, r.end), Number.NEGATIVE_INFINITY);
  if (lo === undefined || !(hi > lo)) return [];
  const gaps: { start: number; end: number }[] = [];
  let cursor = lo;
  for (const r of own) {
    if (cursor >= hi) break;
    if (r.start > cursor) gaps.push({ start: cursor, end: Math.min(r.start, hi) });
    if (r.end > cursor) cursor = r.end;
  }
  if (cursor < hi) gaps.push({ start: cursor, end: hi });
  return gaps;
}
