// How readings are packed in the database: one row per profile, unit and UTC month (of the readings' starts), the
// month's readings in one binary value. Back-to-back readings of one length form a run, stored as its start, length,
// count and values, so an hourly or 15-minute month costs 8 bytes a reading (16 with costs) instead of a row each
// (a PostgreSQL row of five columns and its index entry is ~70 bytes). Little-endian throughout.
//
//   byte 0: format version (1); byte 1: flags (bit 0: costs follow each run's values)
//   runs: int32 start (seconds after the month's start), uint32 duration (seconds), uint32 count,
//         count float64 values, then (with costs) count float64 costs (NaN: no cost)

import type { Reading, ReadingUnit } from '../../importers/readings/reading.ts';

export interface StoredReading {
  /** Epoch milliseconds, whole seconds. */
  start: number;
  end: number;
  value: number;
  cost: number | null;
}

const VERSION = 1;
const RUN_HEADER = 12;

/** The first instant (epoch seconds) of the UTC month holding `ms`. */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

/** Readings of one month, sorted by start, packed. */
export function encodeChunk(readings: readonly StoredReading[], chunkStart: number): Uint8Array {
  const withCost = readings.some((r) => r.cost !== null);
  const runs: [number, number][] = []; // [first index, count]
  for (let i = 0; i < readings.length; i++) {
    const last = runs.at(-1);
    const prev = readings[i - 1];
    const r = readings[i]!;
    if (last && prev && prev.end === r.start && prev.end - prev.start === r.end - r.start) last[1]++;
    else runs.push([i, 1]);
  }
  const bytes = 2 + runs.length * RUN_HEADER + readings.length * 8 * (withCost ? 2 : 1);
  const buffer = new ArrayBuffer(bytes);
  const view = new DataView(buffer);
  view.setUint8(0, VERSION);
  view.setUint8(1, withCost ? 1 : 0);
  let at = 2;
  for (const [first, count] of runs) {
    const r = readings[first]!;
    view.setInt32(at, r.start / 1000 - chunkStart, true);
    view.setUint32(at + 4, (r.end - r.start) / 1000, true);
    view.setUint32(at + 8, count, true);
    at += RUN_HEADER;
    for (let k = 0; k < count; k++, at += 8) view.setFloat64(at, readings[first + k]!.value, true);
    if (withCost)
      for (let k = 0; k < count; k++, at += 8) view.setFloat64(at, readings[first + k]!.cost ?? Number.NaN, true);
  }
  return new Uint8Array(buffer);
}

export function decodeChunk(data: Uint8Array, chunkStart: number): StoredReading[] {
  const out: StoredReading[] = [];
  for (const run of chunkRuns(data, chunkStart))
    for (let k = 0; k < run.values.length; k++) {
      const start = run.start + k * run.duration;
      out.push({ start, end: start + run.duration, value: run.values[k]!, cost: costOf(run, k) });
    }
  return out;
}

/** Back-to-back readings of one length: `values[k]` is the reading from start + k x duration (epoch ms). */
export interface ReadingRun {
  start: number;
  duration: number;
  values: Float64Array;
  /** Each reading's cost (NaN: none); null when the month has no costs. */
  costs: Float64Array | null;
}

/** Reading k's cost, or null where the format stores none (NaN, or a month without costs). */
function costOf(run: ReadingRun, k: number): number | null {
  const cost = run.costs ? run.costs[k]! : Number.NaN;
  return Number.isNaN(cost) ? null : cost;
}

/** Whether this machine stores a float64 as the format does (little-endian): its bytes are then copied as they are. */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * `count` float64 values from byte `at`: the bytes copied into a buffer of their own (the values lie at any offset,
 * and a Float64Array needs one of a multiple of 8), or read one by one on a big-endian machine.
 */
function floats(data: Uint8Array, view: DataView, at: number, count: number): Float64Array {
  const out = new Float64Array(count);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(data.subarray(at, at + count * 8));
  else for (let k = 0; k < count; k++) out[k] = view.getFloat64(at + k * 8, true);
  return out;
}

/** The runs of a packed month, as stored. */
export function chunkRuns(data: Uint8Array, chunkStart: number): ReadingRun[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint8(0) !== VERSION) throw new Error(`Unknown reading chunk format ${view.getUint8(0)}`);
  const withCost = (view.getUint8(1) & 1) === 1;
  const runs: ReadingRun[] = [];
  let at = 2;
  while (at < data.byteLength) {
    const start = (chunkStart + view.getInt32(at, true)) * 1000;
    const duration = view.getUint32(at + 4, true) * 1000;
    const count = view.getUint32(at + 8, true);
    at += RUN_HEADER;
    const values = floats(data, view, at, count);
    at += count * 8;
    let costs: Float64Array | null = null;
    if (withCost) {
      costs = floats(data, view, at, count);
      at += count * 8;
    }
    runs.push({ start, duration, values, costs });
  }
  return runs;
}

/** The readings of runs (by unit) overlapping [from, to), unit by unit in time order, each made once. */
export function runReadings(runs: ReadonlyMap<string, readonly ReadingRun[]>, from: number, to: number): Reading[] {
  const out: Reading[] = [];
  for (const [unit, list] of runs)
    for (const run of list)
      for (let k = 0; k < run.values.length; k++) {
        const start = run.start + k * run.duration;
        const end = start + run.duration;
        if (end <= from || start >= to) continue;
        out.push({ start, end, unit: unit as ReadingUnit, value: run.values[k]!, cost: costOf(run, k) });
      }
  return out;
}
