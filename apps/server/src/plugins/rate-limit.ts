/**
 * What every rate limit shares: the 429 answer and the client-address key. The limits themselves
 * are counted in the database so every instance shares them (modules/auth/sign-in-limits.ts,
 * modules/auth/account-limits.ts).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../errors.js';

/** A wait in words: seconds up to 90, whole minutes (rounded up) beyond. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The 429 answer of every rate limit, with Retry-After in whole seconds. `what` opens the
 * message (default "Too many attempts.").
 */
export function tooMany(retryAfterMs: number, what = 'Too many attempts.'): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'RATE_LIMITED', `${what} Please try again in ${waitInWords(retryAfterMs)}.`, undefined, {
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
