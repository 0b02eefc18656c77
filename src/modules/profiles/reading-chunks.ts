// How readings are packed in the database: one row per profile, unit and UTC month (of the readings' starts), the
// month's readings in one binary value. Back-to-back readings of one length form a run, stored as its start, length,
// count and values, so a month of hourly or 15-minute meter readings is one small value instead of a row each (a
// PostgreSQL row of five columns and its index entry is ~70 bytes); the values, as value-columns.ts stores them, take
// one or two bytes a reading of a meter's decimals, eight otherwise. Little-endian throughout.
//
//   byte 0: format version (2; 1 is read too); byte 1: flags (bit 0: costs follow each run's values)
//   runs: int32 start (seconds after the month's start), uint32 duration (seconds), uint32 count,
//         the values' column, then (with costs) the costs' column (NaN: no cost)
//   Version 1 (written until 2026-11) has no columns: count float64 values, then (with costs) count float64 costs.

import type { Reading, ReadingUnit } from '../../importers/readings/reading.ts';
import { columnBytes, rawFloats, readColumn, writeColumn } from './value-columns.ts';

export interface StoredReading {
  /** Epoch milliseconds, whole seconds. */
  start: number;
  end: number;
  value: number;
  cost: number | null;
}

const VERSION = 2;
/** The first format, read still: stored months are not rewritten until a write reaches them. */
const VERSION_RAW = 1;
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
  const columns = withCost ? 2 : 1;
  let most = 2;
  for (const [, count] of runs) most += RUN_HEADER + columns * columnBytes(count);
  const bytes = new Uint8Array(most);
  const view = new DataView(bytes.buffer);
  bytes[0] = VERSION;
  bytes[1] = withCost ? 1 : 0;
  let at = 2;
  for (const [first, count] of runs) {
    const r = readings[first]!;
    view.setInt32(at, r.start / 1000 - chunkStart, true);
    view.setUint32(at + 4, (r.end - r.start) / 1000, true);
    view.setUint32(at + 8, count, true);
    at += RUN_HEADER;
    const run = readings.slice(first, first + count);
    at = writeColumn(
      bytes,
      view,
      at,
      run.map((x) => x.value),
    );
    if (withCost)
      at = writeColumn(
        bytes,
        view,
        at,
        run.map((x) => x.cost ?? Number.NaN),
      );
  }
  return bytes.slice(0, at);
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

/** The runs of a packed month, as stored. */
export function chunkRuns(data: Uint8Array, chunkStart: number): ReadingRun[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const version = view.getUint8(0);
  if (version !== VERSION && version !== VERSION_RAW) throw new Error(`Unknown reading chunk format ${version}`);
  const withCost = (view.getUint8(1) & 1) === 1;
  /** A run's values (or costs) from byte `at`, and the byte after them. */
  const column = (at: number, count: number) =>
    version === VERSION_RAW
      ? { values: rawFloats(data, view, at, count), end: at + count * 8 }
      : readColumn(data, view, at, count);
  const runs: ReadingRun[] = [];
  let at = 2;
  while (at < data.byteLength) {
    if (at + RUN_HEADER > data.byteLength) throw new Error('A reading chunk is cut short');
    const start = (chunkStart + view.getInt32(at, true)) * 1000;
    const duration = view.getUint32(at + 4, true) * 1000;
    const count = view.getUint32(at + 8, true);
    const values = column(at + RUN_HEADER, count);
    at = values.end;
    let costs: Float64Array | null = null;
    if (withCost) {
      const read = column(at, count);
      costs = read.values;
      at = read.end;
    }
    runs.push({ start, duration, values: values.values, costs });
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
