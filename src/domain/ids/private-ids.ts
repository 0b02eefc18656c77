// Ids of private records (an organization's own time-of-use groups, their TOUs and periods). They are drawn at random
// from the top of the original API's integer range instead of counted up: a counter shared by every organization
// would tell each of them how many private records the others made between two of its own (issue 41). Public records
// (the starter data, imports) keep counting up below PRIVATE_ID_MIN, so the two never meet.
import { randomInt } from 'node:crypto';

/** The first id of the private range: far above any public id the original or an import gives. */
export const PRIVATE_ID_MIN = 1_000_000_000;
/** The last: the largest 32-bit signed integer, the original's id type and the columns' (`integer`). */
export const PRIVATE_ID_MAX = 2_147_483_647;

/** One id drawn uniformly from the private range (crypto.randomInt: unpredictable, so nothing to count). */
export function randomPrivateId(): number {
  // randomInt's upper bound is exclusive.
  return randomInt(PRIVATE_ID_MIN, PRIVATE_ID_MAX + 1);
}

/** `count` different ids of the private range, none of them in `taken`. */
export function randomPrivateIds(count: number, taken: ReadonlySet<number> = new Set()): number[] {
  const ids = new Set<number>();
  while (ids.size < count) {
    const id = randomPrivateId();
    if (!taken.has(id)) ids.add(id);
  }
  return [...ids];
}
