// Remembers verified credential verdicts so that an authenticated request does not pay for scrypt.
// Entries are keyed by a SHA-256 digest of appId and key (never the key itself), expire after a TTL
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

  static digest(appId: string, appKey: string): string {
    // One-shot hash: it runs on every authenticated request, and a Hash object per request measured 2-3 % of its time.
    return hash('sha256', `${appId}\0${appKey}`, 'base64');
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
