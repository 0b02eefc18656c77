// Finished answers of the best baseline, for the same request asked again: a year with its intervals is 2.3 MB of
// JSON whose writing is most of the request's time, and the same place, type, size and dates give the same bytes.
// An answer is kept from its second request on, under the key of everything it is made of (BaselinesService.best: the
// request, the place, the profile row and the climate zone as read for this request), and used again only when the
// profile's shape read now is the shape it was written from, so a changed or re-seeded database is answered afresh.
import { baselineEnvelopeJson } from './baseline-json.ts';
import { ByteLru } from './byte-lru.ts';
import type { BaselinesService } from './baselines.service.ts';

type Found = Awaited<ReturnType<BaselinesService['best']>>;

/** At most 48 MB of answers (about twenty years of hours with their intervals). */
const answers = new ByteLru<{ shape: string; json: Buffer }>(48 * 1024 * 1024);
/**
 * The keys of answers asked once, to keep an answer only when it is asked a second time: keeping every answer of a
 * stream of different requests made each of them slower (23 against 17 ms of server CPU; the answers kept and dropped
 * again live long enough to cost the collector), and an answer asked once is seldom asked again.
 */
const askedOnce = new ByteLru<true>(1024 * 1024);

/** The answer's JSON bytes: kept ones when the same answer was written before, else written now. */
export function baselineAnswerJson(found: Found): Buffer {
  const known = answers.get(found.key);
  if (known && known.shape === found.shape) return known.json;
  const { head, measures, intervals } = found.answer();
  const json = baselineEnvelopeJson(head, measures, intervals);
  if (askedOnce.get(found.key))
    answers.set(
      found.key,
      { shape: found.shape, json },
      json.buffer.byteLength + 2 * (found.shape.length + found.key.length),
    );
  else askedOnce.set(found.key, true, 2 * found.key.length);
  return json;
}
