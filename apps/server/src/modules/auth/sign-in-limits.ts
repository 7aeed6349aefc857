/**
 * Sign-in and sign-up rate limits (DESIGN §8), counted in the database so every instance shares
 * them (table `rate_limits`, fixed windows):
 *
 * - per client address (its /64 on IPv6): every attempt counts; past `perIp` → 429;
 * - per email and address: refused attempts count; past `perEmail` → 429 from that address only;
 * - per email from all addresses: refused attempts count; past `perEmail` every further try for
 *   that email is *slowed down* (a wait growing with the failures, at most `maxDelayMs`) and is
 *   never refused, so a stranger failing on your email from many addresses cannot lock you out.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { clientKey, tooMany } from '../../plugins/rate-limit.js';
import { type Counter, deleteExpiredCounters, incrementCounters, readCounters } from './rate-limit.repository.js';

export interface SignInLimitSettings {
  perIp: number;
  perEmail: number;
  windowMs: number;
  /** The longest wait for an email failing from many addresses. */
  maxDelayMs: number;
}

/** Added to the wait for each failure of an email beyond `perEmail` (all addresses together). */
export const DELAY_STEP_MS = 250;

export interface AttemptKeys {
  ip: string;
  pair: string | null;
  email: string | null;
}

/** A counter's key: the SHA-256 of its kind and value, so no address, email or id is kept in clear. */
export const counterKey = (kind: string, value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

/**
 * The counter keys of an attempt from `ip` for `email` (if the body named one); `kind` keeps
 * another flow's counters apart ('reset-' for password reset links).
 */
export function attemptKeys(ip: string, email: unknown, kind = ''): AttemptKeys {
  const address = clientKey(ip);
  const normal = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return {
    ip: counterKey(`${kind}ip`, address),
    pair: normal ? counterKey(`${kind}email-ip`, `${normal}|${address}`) : null,
    email: normal ? counterKey(`${kind}email`, normal) : null,
  };
}

/** How long a try waits after `failures` refused attempts for its email from all addresses. */
export function slowdownMs(settings: SignInLimitSettings, failures: number): number {
  const beyond = failures - settings.perEmail;
  return beyond <= 0 ? 0 : Math.min(settings.maxDelayMs, beyond * DELAY_STEP_MS);
}

export interface SignInLimits {
  /** Before an attempt is looked at: counts it against the address; refuses (429) or waits. */
  before(keys: AttemptKeys, now?: Date): Promise<void>;
  /** After a refused attempt (wrong password, email taken): counts it against the email. */
  refused(keys: AttemptKeys, now?: Date): Promise<void>;
  /** Counts an attempt against the address only (second sign-in step). */
  countAddress(keys: AttemptKeys, now?: Date): Promise<void>;
}

export function createSignInLimits(db: Db, settings: SignInLimitSettings): SignInLimits {
  const { perIp, perEmail, windowMs } = settings;

  const refuseIfOver = (counter: Counter | undefined, limit: number, now: Date) => {
    if (counter && counter.count > limit) throw tooMany(counter.resetAt.getTime() - now.getTime());
  };

  async function countAddress(keys: AttemptKeys, now = new Date()): Promise<void> {
    const [ip] = await incrementCounters(db, [keys.ip], now, windowMs);
    refuseIfOver(ip, perIp, now);
  }

  return {
    countAddress,

    async before(keys, now = new Date()) {
      await countAddress(keys, now);
      if (!keys.pair || !keys.email) return;
      const counters = await readCounters(db, [keys.pair, keys.email], now);
      const pair = counters.find((c) => c.key === keys.pair);
      // `count` failures so far; the next one would be failure count + 1.
      refuseIfOver(pair && { ...pair, count: pair.count + 1 }, perEmail, now);
      const failures = counters.find((c) => c.key === keys.email)?.count ?? 0;
      const wait = slowdownMs(settings, failures);
      if (wait > 0) await sleep(wait);
    },

    async refused(keys, now = new Date()) {
      if (!keys.pair || !keys.email) return;
      await incrementCounters(db, [keys.pair, keys.email], now, windowMs);
    },
  };
}

/** Deletes the counters of ended windows (every instance runs it; an idempotent delete). */
export function deleteExpiredSignInCounters(db: Db, now = new Date()): Promise<number> {
  return deleteExpiredCounters(db, now);
}
