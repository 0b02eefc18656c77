// The packed month of readings reads back as written, bit for bit: runs of several lengths, negative values
// (exports), costs and readings without one, values at every byte offset a run header leaves them; meter decimals in
// a byte or two, any other double as it is; months written in the first format (version 1) still read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkRuns,
  decodeChunk,
  encodeChunk,
  monthStart,
  type StoredReading,
} from '../../../src/modules/profiles/reading-chunks.ts';

const HOUR = 3_600_000;

describe('reading chunks', () => {
  it('decode what they encode, with and without costs', () => {
    const month = monthStart(Date.UTC(2026, 2, 15)) * 1000;
    const readings: StoredReading[] = [];
    // 30 hours back to back, a gap, 7 quarter hours, then one lone day-long reading: three runs.
    for (let k = 0; k < 30; k++)
      readings.push({ start: month + k * HOUR, end: month + (k + 1) * HOUR, value: (k % 7) - 2.125, cost: null });
    const later = month + 40 * HOUR;
    for (let k = 0; k < 7; k++)
      readings.push({ start: later + k * 900_000, end: later + (k + 1) * 900_000, value: 0.1 * k, cost: null });
    readings.push({ start: month + 3 * 86_400_000, end: month + 4 * 86_400_000, value: 1e-9, cost: null });
    readings.sort((a, b) => a.start - b.start);
    for (const withCosts of [false, true]) {
      const given = withCosts ? readings.map((r, k) => ({ ...r, cost: k % 3 === 0 ? null : k * 0.01 })) : readings;
      const packed = encodeChunk(given, month / 1000);
      assert.deepEqual(decodeChunk(packed, month / 1000), given);
      // The same bytes at an odd place in a larger buffer (as a driver hands a column's bytes) read the same.
      const shifted = new Uint8Array(packed.length + 3);
      shifted.set(packed, 3);
      const runs = chunkRuns(shifted.subarray(3), month / 1000);
      assert.equal(runs.length, 3);
      assert.deepEqual(
        [...runs[0]!.values],
        given.slice(0, 30).map((r) => r.value),
      );
    }
  });

  it('store meter decimals in a byte or two a reading and give them back bit for bit', () => {
    const month = monthStart(Date.UTC(2026, 6, 1)) * 1000;
    // A July of hourly kWh to the watt-hour, as a house's meter sends them (and some exported, negative).
    const readings: StoredReading[] = Array.from({ length: 31 * 24 }, (_, k) => ({
      start: month + k * HOUR,
      end: month + (k + 1) * HOUR,
      value: Math.round((0.4 + Math.sin(k / 3.8) * 0.9 + (k % 5) * 0.137) * 1000) / 1000,
      cost: null,
    }));
    assert.ok(readings.some((r) => r.value < 0));
    const packed = encodeChunk(readings, month / 1000);
    // 2 bytes of header, 12 of the run, 1 of its decimals, then under two bytes a value (8 each in version 1).
    assert.ok(packed.length < 2 * readings.length, `${packed.length} bytes for ${readings.length} readings`);
    const back = decodeChunk(packed, month / 1000);
    assert.equal(back.length, readings.length);
    for (const [k, r] of back.entries()) assert.ok(Object.is(r.value, readings[k]!.value), `reading ${k}`);
  });

  it('store any other double as it is', () => {
    const month = monthStart(Date.UTC(2026, 0, 1)) * 1000;
    const odd = [0.1 + 0.2, -0, 1e-7, 2 ** 51, -(2 ** 60), 123456.1234567, Number.MAX_VALUE, Number.MIN_VALUE, 5];
    // Each odd value in a run of its own (a gap after each) beside meter values, with costs: each run's column is
    // written whole in decimals or whole as doubles, and each reads back bit for bit.
    const readings: StoredReading[] = odd.flatMap((v, k) => [
      { start: month + 3 * k * HOUR, end: month + (3 * k + 1) * HOUR, value: v, cost: k % 2 ? 0.25 : null },
      { start: month + (3 * k + 1) * HOUR, end: month + (3 * k + 2) * HOUR, value: 1.5, cost: 0.01 * k },
    ]);
    const back = decodeChunk(encodeChunk(readings, month / 1000), month / 1000);
    assert.equal(back.length, readings.length);
    for (const [k, r] of back.entries()) {
      assert.ok(Object.is(r.value, readings[k]!.value), `value ${k}: ${r.value} for ${readings[k]!.value}`);
      assert.ok(Object.is(r.cost, readings[k]!.cost), `cost ${k}: ${r.cost} for ${readings[k]!.cost}`);
    }
  });

  it('give back random values of 0 to 9 decimals bit for bit', () => {
    const month = monthStart(Date.UTC(2026, 1, 1)) * 1000;
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let trial = 0; trial < 200; trial++) {
      const decimals = trial % 10;
      const size = 10 ** Math.floor(random() * 12 - 3);
      const readings: StoredReading[] = Array.from({ length: 1 + Math.floor(random() * 50) }, (_, k) => ({
        start: month + k * 900_000,
        end: month + (k + 1) * 900_000,
        value: Number(((random() - 0.3) * size).toFixed(decimals)),
        cost: null,
      }));
      const back = decodeChunk(encodeChunk(readings, month / 1000), month / 1000);
      for (const [k, r] of back.entries()) assert.ok(Object.is(r.value, readings[k]!.value), `${trial}/${k}`);
    }
  });

  it('read months written in the first format (raw doubles, no column header)', () => {
    const month = monthStart(Date.UTC(2025, 9, 1));
    // Version 1, costs: a run of two hours from the month's start, values 1.25 and -0.5, costs 0.3 and none.
    const v1 = new Uint8Array(2 + 12 + 4 * 8);
    const view = new DataView(v1.buffer);
    v1[0] = 1;
    v1[1] = 1;
    view.setInt32(2, 0, true);
    view.setUint32(6, 3600, true);
    view.setUint32(10, 2, true);
    for (const [k, v] of [1.25, -0.5, 0.3, Number.NaN].entries()) view.setFloat64(14 + 8 * k, v, true);
    assert.deepEqual(decodeChunk(v1, month), [
      { start: month * 1000, end: month * 1000 + HOUR, value: 1.25, cost: 0.3 },
      { start: month * 1000 + HOUR, end: month * 1000 + 2 * HOUR, value: -0.5, cost: null },
    ]);
  });

  it('refuse a chunk cut short or of an unknown format, rather than read past it', () => {
    const month = monthStart(Date.UTC(2026, 2, 1)) * 1000;
    const readings: StoredReading[] = Array.from({ length: 48 }, (_, k) => ({
      start: month + k * HOUR,
      end: month + (k + 1) * HOUR,
      value: k * 1.001,
      cost: null,
    }));
    const packed = encodeChunk(readings, month / 1000);
    for (const cut of [packed.length - 1, 20, 15, 9])
      assert.throws(() => decodeChunk(packed.subarray(0, cut), month / 1000), /cut short/, `cut at ${cut}`);
    const unknown = Uint8Array.from(packed);
    unknown[0] = 9;
    assert.throws(() => decodeChunk(unknown, month / 1000), /Unknown reading chunk format 9/);
    const decimals = Uint8Array.from(packed);
    decimals[14] = 7;
    assert.throws(() => decodeChunk(decimals, month / 1000), /unknown decimals 7/);
  });
});
