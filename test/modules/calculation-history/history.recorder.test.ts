// The recorder on its own, over a stand-in repository: a record is queued and written later (never on the caller's
// turn), a database that refuses writes costs retries and a logged drop but never an exception, the queue is bounded,
// and truncation keeps whole UTF-8 characters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  HistoryRecorder,
  pack,
  unpack,
  type HistoryEntry,
  type RecorderOptions,
} from '../../../src/modules/calculation-history/history.recorder.ts';
import type { HistoryRepository, HistoryRow } from '../../../src/modules/calculation-history/history.repository.ts';

const entry = (requestId: string, responseText = '{"status":"success","requestId":"x"}'): HistoryEntry => ({
  requestId,
  orgId: 1,
  appId: 'app',
  kind: 'single',
  tier: 'signal',
  method: 'POST',
  url: '/rest/v1/ondemand/calculate',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  requestText: '{"masterTariffId":1}',
  responseType: 'CalculatedCost',
  responseText,
});

/** A repository whose insert does what `behave` says, and a log that keeps its lines. */
function rig(behave: (rows: HistoryRow[], call: number) => Promise<void>, options: Partial<RecorderOptions> = {}) {
  const inserted: HistoryRow[][] = [];
  let calls = 0;
  const repo = {
    insert: async (rows: HistoryRow[]) => {
      calls++;
      await behave(rows, calls);
      inserted.push(rows);
    },
  } as unknown as HistoryRepository;
  const lines: { level: string; obj: object; msg: string }[] = [];
  const log = {
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
  const recorder = new HistoryRecorder(repo, {
    maxRecordBytes: 1 << 20,
    flushDelayMs: 5,
    retryBaseMs: 5,
    log,
    ...options,
  });
  return { recorder, inserted, lines, calls: () => calls };
}

describe('calculation history recorder', () => {
  // The recorder's timers are unref'd (a server's sockets keep the process up); here nothing else would.
  let alive: NodeJS.Timeout;
  before(() => {
    alive = setInterval(() => {}, 1000);
  });
  after(() => clearInterval(alive));

  it("queues on the caller's turn and writes later, a batch in one insert, texts deflated", async () => {
    const { recorder, inserted, calls } = rig(async () => {});
    assert.equal(recorder.record(entry('a')), true);
    assert.equal(recorder.record(entry('b')), true);
    assert.equal(calls(), 0, 'nothing is written while the request is being answered');
    await recorder.idle();
    assert.equal(inserted.length, 1);
    assert.deepEqual(
      inserted[0]!.map((r) => r.request_id),
      ['a', 'b'],
    );
    const row = inserted[0]![0]!;
    assert.equal(await unpack(row.response_body as Uint8Array, row.encoding), entry('a').responseText);
    assert.equal(await unpack(row.request_body as Uint8Array, row.encoding), '{"masterTariffId":1}');
    assert.deepEqual(recorder.stats, {
      queued: 2,
      written: 2,
      droppedQueueFull: 0,
      droppedWriteFailed: 0,
      truncated: 0,
    });
  });

  it('a database that refuses every write: retried, then dropped and logged; nothing thrown', async () => {
    const { recorder, lines, calls } = rig(
      async () => {
        throw new Error('connection refused');
      },
      { maxAttempts: 3 },
    );
    assert.equal(recorder.record(entry('a')), true);
    await recorder.idle();
    assert.equal(calls(), 3);
    assert.deepEqual(
      lines.map((l) => l.level),
      ['warn', 'warn', 'error'],
    );
    assert.match(lines[2]!.msg, /dropped/);
    assert.deepEqual([recorder.stats.written, recorder.stats.droppedWriteFailed], [0, 1]);
    // The recorder still takes and writes records afterwards.
    assert.equal(recorder.record(entry('b')), true);
  });

  it('a database back after an outage: the batch is written on a later attempt', async () => {
    const { recorder, inserted, lines } = rig(async (_rows, call) => {
      if (call < 3) throw new Error('database is locked');
    });
    recorder.record(entry('a'));
    await recorder.idle();
    assert.deepEqual(
      inserted.map((b) => b.map((r) => r.request_id)),
      [['a']],
    );
    assert.deepEqual(
      lines.map((l) => l.level),
      ['warn', 'warn'],
    );
    assert.deepEqual([recorder.stats.written, recorder.stats.droppedWriteFailed], [1, 0]);
  });

  it('the queue is bounded: while the database hangs, records past the bound are dropped, counted and logged', async () => {
    let release!: () => void;
    const hang = new Promise<void>((r) => {
      release = r;
    });
    const { recorder, lines } = rig(() => hang, { maxQueueRecords: 3, batchRecords: 1, flushDelayMs: 0 });
    recorder.record(entry('first'));
    await new Promise((r) => setTimeout(r, 20)); // 'first' is now in the hanging insert, out of the queue
    const taken = ['a', 'b', 'c', 'd', 'e'].map((id) => recorder.record(entry(id)));
    assert.deepEqual(taken, [true, true, true, false, false]);
    assert.equal(recorder.stats.droppedQueueFull, 2);
    assert.equal(lines.length, 1, 'one line for a run of drops');
    assert.match(lines[0]!.msg, /queue full/);
    release();
    await recorder.close();
    assert.equal(recorder.stats.written, 4);
    assert.equal(recorder.record(entry('late')), false, 'closed: no more records');
  });

  it('a text over the bound keeps its beginning, never half a character', async () => {
    const text = `ab${'é'.repeat(10)}`; // 2 + 20 bytes
    const kept = await pack(text, 5); // a, b, then é (2 bytes); the next é would end at byte 6
    assert.deepEqual([kept.truncated, kept.bytes], [true, 22]);
    assert.equal(await unpack(kept.body, 'deflate'), 'abé');
    const whole = await pack(text, 22);
    assert.deepEqual([whole.truncated, await unpack(whole.body, 'deflate')], [false, text]);
    await assert.rejects(unpack(whole.body, 'gzip'), /cannot read/);
  });
});
