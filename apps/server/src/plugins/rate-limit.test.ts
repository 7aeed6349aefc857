import { describe, expect, it } from 'vitest';
import { clientKey, tooMany } from './rate-limit.js';

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

describe('tooMany', () => {
  it('says the wait in seconds up to 90, in minutes beyond, and sets Retry-After in seconds', () => {
    const short = tooMany(58_000);
    expect(short.message).toBe('Too many attempts. Please try again in 58 seconds.');
    expect(short.headers).toEqual({ 'retry-after': '58' });
    const long = tooMany(14 * 60_000 + 1, 'Too many wrong codes.');
    expect(long.message).toBe('Too many wrong codes. Please try again in 15 minutes.');
    expect(long.headers).toEqual({ 'retry-after': '841' });
  });
});
