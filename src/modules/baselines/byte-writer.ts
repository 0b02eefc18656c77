// JSON text written straight into one Buffer. A year of baseline intervals is 2 MB of text: joining ~35,000 small
// strings and encoding them afterwards cost more than the numbers and dates in it (bench/README.md, "Typical baselines
// over HTTP"). Short ASCII strings (numbers, punctuation) are stored a character at a time, which costs less than a
// call into C++ for each; ready bytes longer than a few characters are copied natively. Numbers are written as
// String(n) writes them, which is what JSON.stringify writes for a finite number.

export class ByteWriter {
  private buf: Buffer;
  pos = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  /** Room for n more bytes (grows by doubling: the caller's estimate is only a start). */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** A string of ASCII characters (JSON punctuation, field names, numbers, ISO dates). */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    for (let k = 0; k < n; k++) buf[p++] = s.charCodeAt(k);
    this.pos = p;
  }

  /** Any string, UTF-8 encoded (text from the database may hold any character). */
  utf8(s: string): void {
    this.room(Buffer.byteLength(s));
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** A number as JSON writes it: String(n), null where not finite. */
  number(v: number): void {
    this.ascii(Number.isFinite(v) ? String(v) : 'null');
  }

  /** A non-negative integer below 2^31, without making its string. */
  integer(v: number): void {
    if (v < 10) {
      this.room(1);
      this.buf[this.pos++] = 48 + v;
      return;
    }
    let digits = 1;
    for (let x = v; x >= 10; x = (x / 10) | 0) digits++;
    this.room(digits);
    const buf = this.buf;
    const start = this.pos;
    let p = start + digits;
    this.pos = p;
    for (let x = v; p > start; x = (x / 10) | 0) buf[--p] = 48 + (x % 10);
  }

  /** Bytes [a, b) of a buffer. */
  bytes(src: Uint8Array, a: number, b: number): void {
    const n = b - a;
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    if (n >= 16) {
      buf.set(src.subarray(a, b), p);
      p += n;
    } else for (let k = a; k < b; k++) buf[p++] = src[k]!;
    this.pos = p;
  }

  /** What was written (a view on the writer's buffer: write no more after taking it). */
  result(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
