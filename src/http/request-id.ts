// Request ids: the caller's own x-request-id when it is a plain token (for tracing across services), else one of
// ours. Ours are UUID-shaped: a random prefix drawn once per process (74 random bits, so processes and restarts do not
// collide) and a counter in the last 12 hex digits. A fresh randomUUID() per request cost about 1.5 % of the
// authenticated echo (bench/README.md); the ids need to be unique, not unguessable: nothing is authorized by one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const GIVEN = /^[A-Za-z0-9._-]{1,64}$/;
/** 16^12 ids before the counter wraps, far beyond any process's life. */
const COUNTER_SPAN = 0x1000000000000;

/** A generator of request ids for Fastify's genReqId; each call of this function draws a new prefix. */
export function requestIds(): (req: IncomingMessage) => string {
  // xxxxxxxx-xxxx-4xxx-yxxx- from a random v4 UUID: its version and variant digits keep the shape valid.
  const prefix = randomUUID().slice(0, 24);
  let counter = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && GIVEN.test(given)) return given;
    counter = (counter + 1) % COUNTER_SPAN;
    return prefix + counter.toString(16).padStart(12, '0');
  };
}
