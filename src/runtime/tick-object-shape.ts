// Keeps one of Node's `process.nextTick` queue entries alive for the life of the process, so the hidden-class chain
// of those entries is never collected.
//
// Why (bench/README.md, authenticated echo): every nextTick builds `{ [async_id_symbol], [trigger_async_id_symbol],
// callback, args }`, and Node's streams call it about ten times per HTTP request. V8 remembers the shape transitions
// of that literal at its call site; when no entry is alive at a full garbage collection the transition targets die,
// and on the next miss V8 marks the site megamorphic for good. From then on every entry is built through V8's runtime
// (about 38,000 of the echo's 139,000 instructions). A bare Fastify process never runs a full collection and keeps
// the fast path; Ratebook runs several while it loads its data at start-up. Holding one entry keeps the chain (each
// shape holds its parent) and so the site's fast path, whatever the collector does later.
//
// The entry is caught by an `init` hook enabled around one nextTick call; it is disabled again at once, so no other
// asynchronous resource ever sees it. Import this module first, before anything schedules work.
import { createHook } from 'node:async_hooks';

let entry: object | undefined;
const hook = createHook({
  init(_id, type, _trigger, resource) {
    if (type === 'TickObject') entry ??= resource;
  },
}).enable();
process.nextTick(() => {});
hook.disable();

/** The kept entry (for the test that checks it was caught). */
export const keptTickObject: object | undefined = entry;
