// A column of numbers as a reading chunk stores it (reading-chunks.ts). Meter readings are decimals of a few places
// (kWh to the watt-hour: 1.234), so a column whose every value is a whole number of 10^-d (d from 0 to 6) is stored as
// those whole numbers' differences from one value to the next, each a zigzag LEB128 varint: a year of hourly readings
// of a house takes one or two bytes a value instead of eight. A column with any value the decimals would not give
// back exactly as it was written (0.1 + 0.2, NaN for no cost, -0, more than 2^50 of its unit) is stored as it is, in
// float64 values. Reading a column gives back the same doubles, bit for bit, either way.
//
//   uint8 d (0-6), then count varints; or uint8 255, then count float64 values (little-endian)

const SCALES = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
const RAW = 255;
/** The column's whole numbers stay within this, so their differences and zigzag codes stay exact in a double. */
const LIMIT = 2 ** 50;

/** The most bytes a column of `count` values takes (a varint of under 2^53 takes at most 8). */
export const columnBytes = (count: number): number => 1 + count * 8;

/** The fewest decimals that give each value back exactly (`n / 10^d` is the value, bit for bit), or null. */
function decimalsOf(values: ArrayLike<number>): number | null {
  next: for (let d = 0; d < SCALES.length; d++) {
    const scale = SCALES[d]!;
    for (let k = 0; k < values.length; k++) {
      const v = values[k]!;
      // + 0 makes -0 a 0, which then does not give -0 back: a -0 is stored raw.
      const n = Math.round(v * scale) + 0;
      if (!(Math.abs(n) <= LIMIT) || !Object.is(n / scale, v)) continue next;
    }
    return d;
  }
  return null;
}

/** Writes the column at byte `at` of `out`; answers the byte after it. */
export function writeColumn(out: Uint8Array, view: DataView, at: number, values: ArrayLike<number>): number {
  const d = decimalsOf(values);
  if (d === null) {
    out[at++] = RAW;
    for (let k = 0; k < values.length; k++, at += 8) view.setFloat64(at, values[k]!, true);
    return at;
  }
  out[at++] = d;
  const scale = SCALES[d]!;
  let before = 0;
  for (let k = 0; k < values.length; k++) {
    const n = Math.round(values[k]! * scale);
    const step = n - before;
    before = n;
    let code = step >= 0 ? step * 2 : -step * 2 - 1;
    while (code >= 128) {
      out[at++] = (code % 128) | 128;
      code = Math.floor(code / 128);
    }
    out[at++] = code;
  }
  return at;
}

/** Whether this machine stores a float64 as the format does (little-endian): its bytes are then copied as they are. */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * `count` float64 values from byte `at`: the bytes copied into a buffer of their own (the values lie at any offset,
 * and a Float64Array needs one of a multiple of 8), or read one by one on a big-endian machine.
 */
export function rawFloats(data: Uint8Array, view: DataView, at: number, count: number): Float64Array {
  if (at + count * 8 > data.byteLength) throw new Error('A reading chunk is cut short');
  const out = new Float64Array(count);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(data.subarray(at, at + count * 8));
  else for (let k = 0; k < count; k++) out[k] = view.getFloat64(at + k * 8, true);
  return out;
}

/** The column of `count` values at byte `at`, and the byte after it. */
export function readColumn(
  data: Uint8Array,
  view: DataView,
  at: number,
  count: number,
): { values: Float64Array; end: number } {
  const d = data[at++];
  if (d === RAW) return { values: rawFloats(data, view, at, count), end: at + count * 8 };
  const scale = d === undefined ? undefined : SCALES[d];
  if (scale === undefined) throw new Error(`A reading chunk's column has unknown decimals ${d}`);
  const values = new Float64Array(count);
  const length = data.byteLength;
  let n = 0;
  for (let k = 0; k < count; k++) {
    if (at >= length) throw new Error('A reading chunk is cut short');
    let byte = data[at++]!;
    let code = byte;
    // Most differences of meter readings take one byte (under 64 units either way); longer ones are summed in
    // doubles (a code may pass 2^32, where bit operations would cut it).
    if (byte >= 128) {
      code = byte - 128;
      let weight = 128;
      do {
        if (at >= length) throw new Error('A reading chunk is cut short');
        byte = data[at++]!;
        code += (byte & 127) * weight;
        weight *= 128;
      } while (byte >= 128);
    }
    // Zigzag: 0, 1, 2, 3 are 0, -1, 1, -2 (by bits while the code fits 31 of them).
    n += code < 2 ** 31 ? (code >>> 1) ^ -(code & 1) : code % 2 === 0 ? code / 2 : -(code + 1) / 2;
    values[k] = n / scale;
  }
  return { values, end: at };
}
