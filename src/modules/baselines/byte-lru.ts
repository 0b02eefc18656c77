// A cache bounded by the bytes it holds, least recently used entries dropped first: the baselines keep written JSON
// (a year of an answer is 2.3 MB), so the count of entries says little about the memory they take.

export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Most recently used last: the first entries are the ones dropped.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Keeps value as `bytes` bytes (a value larger than the whole cache is not kept). */
  set(key: string, value: V, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
  }
}
