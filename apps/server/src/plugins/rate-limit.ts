import { AppError } from '../errors.js';

/**
 * A fixed-window counter kept in memory. One instance per process: behind several instances
 * each keeps its own count, which still bounds guessing to N × limit per window.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for every key; throws 429 with Retry-After if any key is over its limit. */
  hit(keys: string[], now = Date.now()): void {
    let retryAfterMs = 0;
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.limit) retryAfterMs = Math.max(retryAfterMs, entry.resetAt - now);
    }
    if (this.hits.size > 10_000) this.prune(now);
    if (retryAfterMs > 0) {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
        'retry-after': String(seconds),
      });
    }
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
