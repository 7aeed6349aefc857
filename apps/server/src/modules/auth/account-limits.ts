/**
 * Per-account limits on the secrets checked for someone who already got past a first step
 * (docs/security.md): two-factor codes (sign-in code step, turning two-factor on or off, deleting
 * the account) and the current password behind a session (changing it, turning two-factor off,
 * deleting the account). Counted in the database (table `rate_limits`, keys hashed), so every
 * instance shares them and no choice of client address gets round them.
 *
 * Each try is counted *before* it is checked, so tries sent all at once cannot slip in between a
 * check and its count; a success clears the count, so what is counted is the failures since the
 * last success. Past `limit` in a window, every try is refused (429 with Retry-After) until the
 * window ends. Only someone holding the password (or a session) reaches these checks, so a
 * stranger cannot lock an owner out this way; the sign-in password step has its own limits
 * (sign-in-limits.ts) that never lock.
 */
import type { Db } from '../../db/client.js';
import { tooMany } from '../../plugins/rate-limit.js';
import { deleteCounters, incrementCounters } from './rate-limit.repository.js';
import { counterKey } from './sign-in-limits.js';

export interface AccountLimitSettings {
  /** Counter kind, part of the hashed key. */
  kind: string;
  /** Failed tries allowed per window; the next is refused. */
  limit: number;
  windowMs: number;
  /** Opens the 429 message. */
  refusal: string;
}

/** Wrong two-factor codes (or recovery codes) per account: 5 in 15 minutes. */
export const TWO_FACTOR_CODE_LIMIT: AccountLimitSettings = {
  kind: 'two-factor-code',
  limit: 5,
  windowMs: 15 * 60_000,
  refusal: 'Too many wrong codes for this account.',
};

/** Wrong current passwords behind a session, per account: 10 in 15 minutes. */
export const PASSWORD_CHECK_LIMIT: AccountLimitSettings = {
  kind: 'password-check',
  limit: 10,
  windowMs: 15 * 60_000,
  refusal: 'Too many wrong passwords.',
};

export interface AccountLimit {
  /** Counts a try for the account; refuses (429) when the failures so far use up the window. */
  begin(db: Db, userId: string, now?: Date): Promise<void>;
  /** The try succeeded: its failures are forgotten. */
  succeeded(db: Db, userId: string): Promise<void>;
}

export function accountLimit(settings: AccountLimitSettings): AccountLimit {
  const key = (userId: string) => counterKey(settings.kind, userId);
  return {
    async begin(db, userId, now = new Date()) {
      const [counter] = await incrementCounters(db, [key(userId)], now, settings.windowMs);
      if (counter && counter.count > settings.limit) {
        throw tooMany(counter.resetAt.getTime() - now.getTime(), settings.refusal);
      }
    },
    async succeeded(db, userId) {
      await deleteCounters(db, [key(userId)]);
    },
  };
}

/** Runs `check` as one counted try: counted before, forgotten when it answers true. */
export async function countedTry(
  limit: AccountLimit,
  db: Db,
  userId: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  await limit.begin(db, userId);
  const ok = await check();
  if (ok) await limit.succeeded(db, userId);
  return ok;
}
