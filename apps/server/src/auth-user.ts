import type { User } from '@ledgerly/shared';

/**
 * The signed-in user of a protected route (`request.user`), with the session or API token it came
 * from. In a file of its own, importing nothing of ours: the sign-in cache (plugins/auth-cache.ts)
 * keeps these, and app-context.ts holds that cache, so neither needs the other's file for it.
 */
export interface AuthUser extends User {
  /** The browser session signed in with; null when a personal API token was used. */
  sessionId: string | null;
  /** The personal API token used, with its scope; null for a browser session. */
  token: { id: string; scope: 'read' | 'write' } | null;
}
