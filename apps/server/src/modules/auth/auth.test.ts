import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';

const t = useTestApp({ AUTH_RATE_LIMIT_EMAIL: '5' });

describe('POST /api/auth/register', () => {
  it('creates an account and answers a token and the user', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: '  Ada@Example.com ',
        password: 'secret1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        timezone: 'Europe/London',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'Ada@Example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      currency: 'USD',
      timezone: 'Europe/London',
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('refuses an email already taken, whatever its case', async () => {
    await registerUser(t, { email: 'taken@example.com' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'TAKEN@example.com', password: 'secret1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'email', 'Email is required'],
    [{ password: 'secret1' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [
      { email: 'a@example.com', password: 'secret1', firstName: 'x'.repeat(51) },
      'firstName',
      'Must be at most 50 characters',
    ],
    [{ email: 'a@example.com', password: 'secret1', timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone'],
  ])('refuses %j with a 400 naming the field', async (payload, field, message) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(message);
    expect(body.fields[field]).toBe(message);
  });

  it('writes neither the account nor a session when the session cannot be stored', async () => {
    const email = 'half@example.com';
    const countUsers = async () => {
      const rows = await t.db.db.execute(sql`select count(*)::int as n from users where email = ${email}`);
      return (rows as { rows: { n: number }[] }).rows[0]!.n;
    };
    await t.db.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'secret1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
    } finally {
      await t.db.db.execute(sql`alter table sessions_away rename to sessions`);
    }
    expect(await countUsers()).toBe(0);
    // So trying again simply works, rather than finding the email taken.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret1' },
    });
    expect(again.statusCode).toBe(201);
    expect(await countUsers()).toBe(1);
  });

  it('accepts a password of exactly 6 characters and stores the name fields as given', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'six@example.com', password: '123456' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ firstName: null, lastName: null, timezone: 'UTC' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, email in any case', async () => {
    await registerUser(t, { email: 'login@example.com', password: 'right-pass' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LOGIN@example.com', password: 'right-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('login@example.com');
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: res.json().token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('login@example.com');
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    await registerUser(t, { email: 'wrong@example.com', password: 'right-pass' });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'wrong@example.com', password: 'nope-nope' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('requires email and password', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('Password is required');
  });

  it('rate limits attempts per email with 429 and Retry-After', async () => {
    const email = 'limited@example.com';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.request>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-pass' } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().code).toBe('RATE_LIMITED');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = await registerUser(t);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`]) {
      const res = await t.request({
        method: 'GET',
        url: '/api/auth/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('stores only a hash of the token', async () => {
    const { token } = await registerUser(t);
    const rows = await t.db.db.execute<{ token_hash: string }>(`select token_hash from sessions`);
    const hashes = (rows as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

describe('rate limit per IP', () => {
  const strict = useTestApp({ AUTH_RATE_LIMIT_IP: '3' });
  it('refuses the fourth attempt from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await strict.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `ip${i}@example.com`, password: 'whatever' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('rate limit per IP behind a trusted proxy', () => {
  const proxied = useTestApp({ AUTH_RATE_LIMIT_IP: '2', TRUST_PROXY: 'loopback' });
  const attempt = (clientIp: string, i: number) =>
    proxied.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': clientIp },
      payload: { email: `proxied${i}@example.com`, password: 'whatever' },
    });
  it('counts each forwarded client address on its own', async () => {
    const a = [await attempt('203.0.113.7', 1), await attempt('203.0.113.7', 2), await attempt('203.0.113.7', 3)];
    expect(a.map((r) => r.statusCode)).toEqual([401, 401, 429]);
    // Another client behind the same proxy is not held back by the first one.
    expect((await attempt('198.51.100.9', 4)).statusCode).toBe(401);
  });
});

describe('rate limits: who is held back', () => {
  const limits = useTestApp({ AUTH_RATE_LIMIT_EMAIL: '3', AUTH_RATE_LIMIT_IP: '1000' });
  const login = (email: string, password: string, remoteAddress: string) =>
    limits.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('someone failing on your email from elsewhere does not lock you out', async () => {
    const { user } = await registerUser(limits, { password: 'right-pass' });
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push((await login(user.email, 'wrong-pass', '203.0.113.5')).statusCode);
    expect(tries).toEqual([401, 401, 401, 429]);
    expect((await login(user.email, 'right-pass', '198.51.100.7')).statusCode).toBe(200);
  });

  it('successful sign-ins are not counted', async () => {
    const { user } = await registerUser(limits, { password: 'right-pass' });
    for (let i = 0; i < 6; i++) expect((await login(user.email, 'right-pass', '203.0.113.6')).statusCode).toBe(200);
  });

  it('an email failing from many addresses is slowed down, never refused (sign-in-limits.test.ts)', async () => {
    const { user } = await registerUser(limits, { password: 'right-pass' });
    for (let i = 1; i <= 4; i++) expect((await login(user.email, 'wrong-pass', `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await login(user.email, 'right-pass', '192.0.2.100')).statusCode).toBe(200);
  });
});

describe('rate limit per IP on IPv6', () => {
  const v6 = useTestApp({ AUTH_RATE_LIMIT_IP: '3' });
  it('counts a whole /64 as one client', async () => {
    const attempt = (remoteAddress: string, i: number) =>
      v6.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `v6-${i}@example.com`, password: 'whatever' },
        remoteAddress,
      });
    const codes = [];
    for (const [i, address] of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:aaaa::3',
      '2001:db8:1:2:ffff::9',
    ].entries()) {
      codes.push((await attempt(address, i)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await attempt('2001:db8:1:3::1', 9)).statusCode).toBe(401);
  });
});
