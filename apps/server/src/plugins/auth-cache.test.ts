import { describe, expect, it } from 'vitest';
import { AuthCache } from './auth-cache.js';
import type { AuthUser } from '../app-context.js';

const user = (id: string, sessionId: string | null, tokenId?: string): AuthUser => ({
  id,
  email: `${id}@example.com`,
  firstName: null,
  lastName: null,
  currency: 'USD',
  timezone: 'UTC',
  sessionId,
  token: tokenId ? { id: tokenId, scope: 'read' } : null,
});

describe('AuthCache', () => {
  it('trusts an entry for its time to live only, and never past the session expiry', () => {
    const cache = new AuthCache(5000);
    cache.set('h1', user('u1', 's1'), 1_000_000, 0, 0);
    expect(cache.get('h1', 4999)?.sessionId).toBe('s1');
    // The bound for a revocation made by another instance: looked up again after 5 s.
    expect(cache.get('h1', 5000)).toBeNull();
    cache.set('h2', user('u1', 's2'), 3000, 0, 0);
    expect(cache.get('h2', 3000)).toBeNull();
  });

  it('forgets one credential, or every one of a user but the kept session', () => {
    const cache = new AuthCache(5000);
    cache.set('a', user('u1', 's1'), Infinity, 0, 0);
    cache.set('b', user('u1', 's2'), Infinity, 0, 0);
    cache.set('c', user('u1', null, 't1'), Infinity, 0, 0);
    cache.set('d', user('u2', 's3'), Infinity, 0, 0);
    cache.forgetCredential('t1');
    expect(cache.get('c', 1)).toBeNull();
    cache.forgetUser('u1', 's1');
    expect(cache.get('a', 1)?.sessionId).toBe('s1');
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('d', 1)?.sessionId).toBe('s3');
    cache.forgetUser('u1');
    expect(cache.get('a', 1)).toBeNull();
  });

  it('does not keep a look-up that began before something was forgotten', () => {
    const cache = new AuthCache(5000);
    const mark = cache.mark();
    // Meanwhile the user's settings change (on this instance, or announced by another one).
    cache.forgetUser('u1');
    cache.set('a', user('u1', 's1'), Infinity, mark, 0);
    expect(cache.get('a', 1)).toBeNull();
    cache.set('a', user('u1', 's1'), Infinity, cache.mark(), 0);
    expect(cache.get('a', 1)?.sessionId).toBe('s1');
  });

  it('keeps nothing with a time to live of 0, and at most its maximum of entries', () => {
    const off = new AuthCache(0);
    off.set('a', user('u1', 's1'), Infinity, 0, 0);
    expect(off.get('a', 0)).toBeNull();
    const small = new AuthCache(5000, 2);
    for (const k of ['a', 'b', 'c']) small.set(k, user('u', k), Infinity, 0, 0);
    expect(small.get('a', 1)).toBeNull();
    expect(small.get('c', 1)?.sessionId).toBe('c');
  });
});
