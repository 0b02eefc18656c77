// Applications and their credentials: create, list, rotate, revoke, and verify a presented key.
import type { Db } from '../../db/database.ts';
import { CredentialCache } from './credential-cache.ts';
import { hashKey, newAppId, newAppKey, verifyKey, type StoredKey } from './key-hash.ts';
import { KeysRepository, type ApplicationRow } from './keys.repository.ts';
import type { Principal } from '../../domain/keys/principal.ts';
import type { CredentialChecker } from '../../http/auth.ts';
import { effectiveTiers, TIERS, type Tier } from '../../domain/keys/tiers.ts';

export interface NewCredentials {
  appId: string;
  appKey: string;
  orgId: number;
  orgName: string;
  tiers: Tier[];
}

export class KeyNotFoundError extends Error {}

/** Tells the other API processes that an application's key changed (key-changes.ts); never throws. */
export type KeyChangeAnnouncer = (appId: string) => Promise<void>;

/** What tells whether cached verdicts may be trusted (the key-change log on SQLite, key-change-log.ts). */
export interface CacheFreshness {
  fresh(): boolean;
  read(): Promise<void>;
}

/**
 * A stored key no one holds, checked against when the appId is unknown or inactive: every refusal then costs the
 * same scrypt, so how long a refusal takes does not tell whether an application exists.
 */
/** Applications whose proven key is remembered; the oldest is forgotten first. */
const MAX_PROVEN_KEYS = 100_000;

let decoy: Promise<StoredKey> | null = null;
const decoyKey = (): Promise<StoredKey> => (decoy ??= hashKey(newAppKey()));

export class KeysService implements CredentialChecker {
  readonly #repo: KeysRepository;
  readonly #cache: CredentialCache<Principal>;
  /**
   * The digest of the last key each application proved in this process, kept past the cache's TTL: a key seen valid
   * before may be checked again even when its appId or address has used up its failure budget, so someone guessing at
   * an appId cannot lock its owner out.
   */
  readonly #provenKeys = new Map<string, string>();
  #announce: KeyChangeAnnouncer = async () => {};
  /** Null where announcements are pushed (PostgreSQL, Redis) or in a process that only changes keys (the CLI). */
  #freshness: CacheFreshness | null = null;
  /** Counts forgets: a check that began before one does not cache its (possibly stale) verdict. */
  #forgets = 0;
  /**
   * Checks under way, by digest: requests that arrive with the same credentials while one is checked wait for that
   * check instead of running scrypt each. Without it, every cache expiry of a busy application's key (the TTL) set off
   * one scrypt per concurrent request: 50 connections stalled the server about 1.3 s each minute (bench/README.md).
   * A forget drops the checks of its application, so a request arriving after a revocation starts a fresh one.
   */
  readonly #checking = new Map<string, { appId: string; verdict: Promise<Principal | null> }>();

  constructor(
    db: Db,
    cacheTtlMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#repo = new KeysRepository(db);
    this.#cache = new CredentialCache<Principal>(cacheTtlMs);
  }

  /** After a rotation or revocation here, announce it so other processes drop their cached verdicts. */
  announceChangesThrough(announce: KeyChangeAnnouncer): void {
    this.#announce = announce;
  }

  /** Cached verdicts are trusted only while `freshness` says so (a server on SQLite: the key-change log). */
  trustCacheWhile(freshness: CacheFreshness): void {
    this.#freshness = freshness;
  }

  cacheTrusted(): boolean {
    return this.#freshness === null || this.#freshness.fresh();
  }

  refreshCache(): Promise<void> {
    return this.#freshness?.read() ?? Promise.resolve();
  }

  #stamp(): string {
    return this.now().toISOString();
  }

  async create(orgName: string, tiers: Tier[], name = 'default'): Promise<NewCredentials> {
    const appKey = newAppKey();
    const stored = await hashKey(appKey);
    const orgId = await this.#repo.findOrCreateOrganization(orgName, this.#stamp());
    const appId = newAppId();
    await this.#repo.insertApplication({
      appId,
      orgId,
      name,
      keySalt: stored.salt,
      keyHash: stored.hash,
      tiers,
      status: 'ACTIVE',
      createdAt: this.#stamp(),
    });
    return { appId, appKey, orgId, orgName, tiers };
  }

  list(): Promise<ApplicationRow[]> {
    return this.#repo.listApplications();
  }

  async hasApplications(): Promise<boolean> {
    return (await this.#repo.countApplications()) > 0;
  }

  /** A new key for the application; the old key stops working at once in this process. */
  async rotate(appId: string): Promise<NewCredentials> {
    const app = await this.#repo.findApplication(appId);
    if (app?.status !== 'ACTIVE') throw new KeyNotFoundError(`No active application ${appId}`);
    const appKey = newAppKey();
    const stored = await hashKey(appKey);
    await this.#repo.updateKey(appId, stored.salt, stored.hash, this.#stamp());
    this.forgetApp(appId);
    await this.#announce(appId);
    return { appId, appKey, orgId: app.orgId, orgName: app.orgName, tiers: app.tiers as Tier[] };
  }

  /** Revokes the application (once: revoking it again changes nothing) and answers it as it now stands. */
  async revoke(appId: string): Promise<ApplicationRow> {
    const app = await this.#repo.findApplication(appId);
    if (!app) throw new KeyNotFoundError(`No application ${appId}`);
    if (app.status === 'REVOKED') return app;
    const revokedAt = this.#stamp();
    await this.#repo.revoke(appId, revokedAt);
    this.forgetApp(appId);
    await this.#announce(appId);
    return { ...app, status: 'REVOKED', revokedAt };
  }

  /** Makes an application with exactly these credentials and every tier exist (RATEBOOK_ADMIN_APP_*). */
  async ensureAdmin(appId: string, appKey: string, orgName = 'admin'): Promise<void> {
    const stored = await hashKey(appKey);
    const orgId = await this.#repo.findOrCreateOrganization(orgName, this.#stamp());
    const existing = await this.#repo.findApplication(appId);
    const tiers = [...TIERS];
    if (existing)
      await this.#repo.updateAdmin(appId, { orgId, keySalt: stored.salt, keyHash: stored.hash, tiers }, this.#stamp());
    else {
      await this.#repo.insertApplication({
        appId,
        orgId,
        name: 'admin',
        keySalt: stored.salt,
        keyHash: stored.hash,
        tiers,
        status: 'ACTIVE',
        createdAt: this.#stamp(),
      });
    }
    this.forgetApp(appId);
    await this.#announce(appId);
  }

  /** The cached verdict (principal, or null for refused), or undefined when the key must be checked. */
  cachedVerdict(appId: string, appKey: string): Principal | null | undefined {
    return this.#cache.get(CredentialCache.digest(appId, appKey))?.principal;
  }

  /**
   * The principal of an HTTP Basic token verified before, or undefined: refusals and unseen tokens (and tokens not
   * in canonical base64) go through the full check, which decodes and counts failures.
   */
  cachedPrincipalOfToken(token: string): Principal | undefined {
    return this.#cache.get(CredentialCache.digestOfToken(token))?.principal ?? undefined;
  }

  /** Whether this process has seen exactly this key valid for the application before (no scrypt). */
  provedBefore(appId: string, appKey: string): boolean {
    return this.#provenKeys.get(appId) === CredentialCache.digest(appId, appKey);
  }

  /** Drops what this process remembers of the application's key: the next request checks it in the database. */
  forgetApp(appId: string): void {
    this.#forgets++;
    for (const [digest, check] of this.#checking) if (check.appId === appId) this.#checking.delete(digest);
    this.#cache.dropApp(appId);
    this.#provenKeys.delete(appId);
  }

  /**
   * Drops every cached verdict (after broadcasts may have been missed: a lost listener connection). Proven keys stay:
   * they only let a key be checked again, in the database, and keep their owners from being locked out.
   */
  forgetAll(): void {
    this.#forgets++;
    this.#checking.clear();
    this.#cache.clear();
  }

  /** The caller's principal, or null for unknown, revoked or wrong credentials. */
  verify(appId: string, appKey: string): Promise<Principal | null> {
    const digest = CredentialCache.digest(appId, appKey);
    const cached = this.#cache.get(digest);
    if (cached) return Promise.resolve(cached.principal);
    const under = this.#checking.get(digest);
    if (under) return under.verdict;
    const verdict = this.#check(appId, appKey, digest).finally(() => {
      if (this.#checking.get(digest)?.verdict === verdict) this.#checking.delete(digest);
    });
    this.#checking.set(digest, { appId, verdict });
    return verdict;
  }

  /** The check itself: the application's row, scrypt against its stored key (or the decoy), then remember. */
  async #check(appId: string, appKey: string, digest: string): Promise<Principal | null> {
    const forgets = this.#forgets;
    const app = await this.#repo.findApplication(appId);
    const active = app !== undefined && app.status === 'ACTIVE';
    const matches = await verifyKey(appKey, active ? { salt: app.keySalt, hash: app.keyHash } : await decoyKey());
    const principal: Principal | null =
      active && matches
        ? { appId: app.appId, orgId: app.orgId, orgName: app.orgName, tiers: effectiveTiers(app.tiers as Tier[]) }
        : null;
    // A key changed while this check ran (a broadcast arrived): the row read may be stale, so remember nothing.
    if (forgets !== this.#forgets) return principal;
    this.#cache.set(digest, appId, principal);
    if (principal) {
      if (this.#provenKeys.size >= MAX_PROVEN_KEYS && !this.#provenKeys.has(appId))
        this.#provenKeys.delete(this.#provenKeys.keys().next().value!);
      this.#provenKeys.set(appId, digest);
    }
    return principal;
  }
}
