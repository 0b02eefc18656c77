// Ids that stay the same for the same thing across databases and re-seeds: a UUID (version 5 layout) of a SHA-1 of
// a text naming it. Baselines and typical buildings are computed, not stored, so their ids must be derived.
import { createHash } from 'node:crypto';

export function stableUuid(text: string): string {
  const h = createHash('sha1').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
