// Request ids (src/http/request-id.ts): UUID-shaped, unique within a process and across generators (processes), and
// the caller's own plain-token id kept.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { requestIds } from '../../src/http/request-id.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are valid version 4 UUIDs, unique over many requests of one process', () => {
    const next = requestIds();
    const ids = Array.from({ length: 10_000 }, () => next(request()));
    for (const id of [ids[0]!, ids[9_999]!]) assert.match(id, UUID_V4);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('differ between processes (each generator draws its own prefix)', () => {
    const a = requestIds()(request());
    const b = requestIds()(request());
    assert.notEqual(a, b);
    assert.notEqual(a.slice(0, 24), b.slice(0, 24));
  });

  it("keep the caller's x-request-id when it is a plain token, and replace any other", () => {
    const next = requestIds();
    assert.equal(next(request({ 'x-request-id': 'trace-123.A_b' })), 'trace-123.A_b');
    assert.match(next(request({ 'x-request-id': 'has space' })), UUID_V4);
    assert.match(next(request({ 'x-request-id': 'x'.repeat(65) })), UUID_V4);
  });
});
