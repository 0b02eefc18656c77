// Remembers verified credential verdicts so that an authenticated request does not pay for scrypt.
// Entries are keyed by a SHA-256 digest of the canonical HTTP Basic token, base64 of appId:key (never the key or the
// token itself), expire after a TTL
// (the fallback when another process's revocation is not heard: see key-changes.ts) and are dropped
// at once on rotate or revoke, in this process or, broadcast, in any other.
import { hash } from 'node:crypto';

export interface CachedVerdict<P> {
  appId: string;
  principal: P | null;
  expiresAt: number;
}

export class CredentialCache<P> {
  readonly #entries = new Map<string, CachedVerdict<P>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The digest of a pair: that of its canonical HTTP Basic token, base64 of `appId:appKey` (unique per pair). */
  static digest(appId: string, appKey: string): string {
    return CredentialCache.digestOfToken(Buffer.from(`${appId}:${appKey}`, 'utf8').toString('base64'));
  }

  /**
   * The digest of an HTTP Basic token as sent: a request whose token was seen valid is answered from it without
   * decoding the header. One-shot hash: a Hash object per request measured 2-3 % of the authenticated echo's time.
   */
  static digestOfToken(token: string): string {
    return hash('sha256', token, 'base64');
  }

  get(digest: string): CachedVerdict<P> | undefined {
    const hit = this.#entries.get(digest);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.#entries.delete(digest);
      return undefined;
    }
    return hit;
  }

  set(digest: string, appId: string, principal: P | null): void {
    if (this.ttlMs === 0) return;
    // Map keeps insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(digest, { appId, principal, expiresAt: this.now() + this.ttlMs });
  }

  dropApp(appId: string): void {
    for (const [digest, entry] of this.#entries) if (entry.appId === appId) this.#entries.delete(digest);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
