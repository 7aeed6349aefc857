import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../errors.js';

/** Keys kept at most; beyond it the oldest windows are dropped first (bounded memory and time). */
const MAX_KEYS = 50_000;

/**
 * Fixed-window counters kept in memory, for limits that may be per process (two-factor code
 * failures). Sign-in limits are shared by all instances: see modules/auth/sign-in-limits.ts.
 *
 * The map is kept in window order (a key whose window restarts moves to the end), so expired
 * windows are always at the front and pruning never walks live entries: each call costs O(1)
 * amortized, however many addresses a flood comes from.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Throws 429 with Retry-After if any key has used up its window; counts nothing. */
  check(keys: string[], now = Date.now()): void {
    this.prune(now);
    let retryAfterMs = 0;
    for (const key of keys) {
      const entry = this.hits.get(key);
      if (entry && entry.resetAt > now && entry.count >= this.limit) {
        retryAfterMs = Math.max(retryAfterMs, entry.resetAt - now);
      }
    }
    if (retryAfterMs > 0) throw tooMany(retryAfterMs);
  }

  /** Counts one attempt for every key. */
  count(keys: string[], now = Date.now()): void {
    this.prune(now);
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        this.hits.delete(key);
        entry = { count: 0, resetAt: now + this.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
    }
    while (this.hits.size > MAX_KEYS) this.hits.delete(this.hits.keys().next().value!);
  }

  /** Counts one attempt for every key, then refuses if any is over its limit. */
  hit(keys: string[], now = Date.now()): void {
    this.count(keys, now);
    let retryAfterMs = 0;
    for (const key of keys) {
      const entry = this.hits.get(key);
      if (entry && entry.count > this.limit) retryAfterMs = Math.max(retryAfterMs, entry.resetAt - now);
    }
    if (retryAfterMs > 0) throw tooMany(retryAfterMs);
  }

  /** Keys held now (tests). */
  get size(): number {
    return this.hits.size;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) {
      if (entry.resetAt > now) return;
      this.hits.delete(key);
    }
  }
}

/** The 429 answer of every rate limit, with Retry-After in whole seconds. */
export function tooMany(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * The part of a client address that one client controls: the address itself for IPv4 (and
 * IPv4-mapped IPv6), the /64 network for IPv6 — one subscriber usually holds a whole /64, so
 * keying on full addresses would give them 2^64 fresh limits.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::')
    ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
