import type { AuthUser } from '../auth-user.js';

interface Entry {
  user: AuthUser;
  /** When the session or token stops being valid on its own (ms). */
  expiresAt: number;
  /** When this copy must be looked up again (ms). */
  freshUntil: number;
}

/**
 * Recently resolved bearer tokens, kept for `ttlMs` so a burst of requests costs one query.
 *
 * On this instance, signing out, revoking a session or token, changing the password or the
 * settings and deleting the account drop the affected entries at once (`forgetCredential`,
 * `forgetUser`). Another instance sharing the database is not told: it keeps its copy until it
 * goes stale, so a change made elsewhere takes effect there within `ttlMs` (5 s by default,
 * AUTH_CACHE_SECONDS; several-instances.test.ts checks it).
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the forgets: a look-up that began before one is not kept (it may have read what was forgotten). */
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): AuthUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.freshUntil <= now || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** Taken before a look-up; `set` is given it back. */
  mark(): number {
    return this.forgets;
  }

  /** Keeps a look-up's result, unless anything was forgotten since it began (`mark`). */
  set(tokenHash: string, user: AuthUser, expiresAt: number, mark: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || mark !== this.forgets) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { user, expiresAt, freshUntil: now + this.ttlMs });
    // Insertion order is age order: the oldest go first.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops the entry of one session or API token (by its id). */
  forgetCredential(id: string): void {
    this.forgets++;
    for (const [hash, entry] of this.entries) {
      if (entry.user.sessionId === id || entry.user.token?.id === id) this.entries.delete(hash);
    }
  }

  /** Drops every entry of a user, except the session `keepSessionId` when given. */
  forgetUser(userId: string, keepSessionId?: string): void {
    this.forgets++;
    for (const [hash, entry] of this.entries) {
      if (entry.user.id === userId && (keepSessionId === undefined || entry.user.sessionId !== keepSessionId)) {
        this.entries.delete(hash);
      }
    }
  }
}
