import { describe, expect, it } from 'vitest';
import { RateLimiter, clientKey } from './rate-limit.js';

describe('clientKey', () => {
  it('keeps IPv4 addresses whole and unwraps IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 on its /64 network, however it is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

describe('RateLimiter', () => {
  it('refuses past the limit with the seconds left, and starts a new window after it', () => {
    const limiter = new RateLimiter(2, 60_000);
    limiter.hit(['a'], 0);
    limiter.hit(['a'], 1_000);
    expect(() => limiter.hit(['a'], 2_000)).toThrow(/try again in 58 seconds/);
    expect(() => limiter.hit(['b'], 2_000)).not.toThrow();
    expect(() => limiter.hit(['a'], 60_000)).not.toThrow();
  });

  it('check refuses without counting; count counts without refusing', () => {
    const limiter = new RateLimiter(1, 60_000);
    limiter.check(['a'], 0);
    limiter.check(['a'], 0);
    limiter.count(['a'], 0);
    expect(() => limiter.check(['a'], 1)).toThrow(/Too many attempts/);
  });

  it('holds a bounded number of keys and drops expired windows as time passes', () => {
    const limiter = new RateLimiter(5, 1_000);
    for (let i = 0; i < 60_000; i++) limiter.count([`k${i}`], 0);
    expect(limiter.size).toBe(50_000);
    limiter.count(['late'], 1_000);
    expect(limiter.size).toBe(1);
  });
});
