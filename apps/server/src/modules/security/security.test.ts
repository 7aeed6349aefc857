import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';

const t = useTestApp();

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function login(email: string, password: string, userAgent = CHROME, remoteAddress = '203.0.113.7') {
  return t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
}

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });

describe('sessions', () => {
  it('lists each sign-in with browser, system, address and last use; the current one marked', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const phone = (await login(user.user.email, 'secret123', IPHONE, '198.51.100.9')).json<{ token: string }>();
    const res = await t.request({ method: 'GET', url: '/api/account/sessions', token: phone.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.5', ipAddress: '198.51.100.9' });
    expect(current.device).toMatch(/Apple iPhone/);
    expect(Date.parse(current.lastUsedAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('signs out one session at once, and all others; the current one stays', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const second = (await login(user.user.email, 'secret123')).json<{ token: string }>();
    const third = (await login(user.user.email, 'secret123')).json<{ token: string }>();
    // Each token has been used, so each sits in the cache.
    for (const token of [user.token, second.token, third.token]) expect((await me(token)).statusCode).toBe(200);
    const sessions = (await t.request({ method: 'GET', url: '/api/account/sessions', token: user.token })).json()
      .data as { id: string; current: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    const del = await t.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, token: user.token });
    expect(del.statusCode).toBe(204);
    const statuses = await Promise.all([second.token, third.token].map(async (tk) => (await me(tk)).statusCode));
    expect(statuses.sort()).toEqual([200, 401]);

    const others = await t.request({ method: 'POST', url: '/api/account/sessions/revoke-others', token: user.token });
    expect(others.json()).toEqual({ data: { revoked: 1 } });
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await me(third.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it("answers 404 for another user's session", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const bSessions = (await t.request({ method: 'GET', url: '/api/account/sessions', token: b.token })).json().data;
    const res = await t.request({ method: 'DELETE', url: `/api/account/sessions/${bSessions[0].id}`, token: a.token });
    expect(res.statusCode).toBe(404);
    expect((await me(b.token)).statusCode).toBe(200);
  });

  it('signing out ends the session at once although it was cached', async () => {
    const user = await registerUser(t);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token })).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

describe('PUT /api/account/password', () => {
  it('changes the password and signs out every other session', async () => {
    const user = await registerUser(t, { password: 'old-pass' });
    const other = (await login(user.user.email, 'old-pass')).json<{ token: string }>();
    expect((await me(other.token)).statusCode).toBe(200);
    const res = await t.request({
      method: 'PUT',
      url: '/api/account/password',
      token: user.token,
      payload: { currentPassword: 'old-pass', newPassword: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await login(user.user.email, 'old-pass')).statusCode).toBe(401);
    expect((await login(user.user.email, 'new-pass-1')).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'wrong', newPassword: 'new-pass-1' }, 'currentPassword', 'The password is not correct'],
    [{ currentPassword: 'old-pass', newPassword: '123' }, 'newPassword', 'Password must be at least 6 characters'],
    [{ newPassword: 'new-pass-1' }, 'currentPassword', 'Enter your current password'],
  ])('refuses %j, changing nothing', async (payload, field, message) => {
    const user = await registerUser(t, { password: 'old-pass' });
    const res = await t.request({ method: 'PUT', url: '/api/account/password', token: user.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect((await login(user.user.email, 'old-pass')).statusCode).toBe(200);
  });
});

describe('API tokens and a password change', () => {
  const createToken = async (token: string, name: string) =>
    (await t.request({ method: 'POST', url: '/api/account/tokens', token, payload: { name, scope: 'write' } })).json()
      .data as { id: string; token: string };
  const change = (token: string, extra: object) =>
    t.request({
      method: 'PUT',
      url: '/api/account/password',
      token,
      payload: { currentPassword: 'old-pass', newPassword: 'new-pass-1', ...extra },
    });
  const tokenWorks = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/categories', token })).statusCode;

  it.each([[{}], [{ revokeApiTokens: true }]])(
    'revokes every API token by default and when asked (%j)',
    async (extra) => {
      const user = await registerUser(t, { password: 'old-pass' });
      const script = await createToken(user.token, 'Script');
      const sheet = await createToken(user.token, 'Sheet');
      // Both used, so both sit in the credential cache.
      expect([await tokenWorks(script.token), await tokenWorks(sheet.token)]).toEqual([200, 200]);
      expect((await change(user.token, extra)).statusCode).toBe(204);
      expect([await tokenWorks(script.token), await tokenWorks(sheet.token)]).toEqual([401, 401]);
      const list = await t.request({ method: 'GET', url: '/api/account/tokens', token: user.token });
      expect(list.json().data).toEqual([]);
      expect((await me(user.token)).statusCode).toBe(200);
    },
  );

  it('keeps the API tokens with revokeApiTokens false; other sessions still end', async () => {
    const user = await registerUser(t, { password: 'old-pass' });
    const other = (await login(user.user.email, 'old-pass')).json<{ token: string }>();
    const script = await createToken(user.token, 'Script');
    expect(await tokenWorks(script.token)).toBe(200);
    expect((await change(user.token, { revokeApiTokens: false })).statusCode).toBe(204);
    expect(await tokenWorks(script.token)).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    const list = await t.request({ method: 'GET', url: '/api/account/tokens', token: user.token });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([script.id]);
  });

  it('refuses a revokeApiTokens that is not true or false, changing nothing', async () => {
    const user = await registerUser(t, { password: 'old-pass' });
    const script = await createToken(user.token, 'Script');
    const res = await change(user.token, { revokeApiTokens: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ revokeApiTokens: 'Say whether to revoke the API tokens (true or false)' });
    expect(await tokenWorks(script.token)).toBe(200);
    expect((await login(user.user.email, 'old-pass')).statusCode).toBe(200);
  });

  it('lists the tokens to a browser session only, like every other account route', async () => {
    const user = await registerUser(t);
    const script = await createToken(user.token, 'Script');
    const res = await t.request({ method: 'GET', url: '/api/account/tokens', token: script.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Sign in with your password to manage the account; API tokens cannot',
    });
    expect((await t.request({ method: 'GET', url: '/api/account/tokens', token: user.token })).statusCode).toBe(200);
  });
});

async function enableTwoFactor(token: string) {
  const setup = await t.request({ method: 'POST', url: '/api/account/2fa/setup', token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json().data as { secret: string; otpauthUrl: string; qrSvg: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ledgerly:/);
  expect(qrSvg).toMatch(/^<svg/);
  const code = await generate({ secret });
  const res = await t.request({ method: 'POST', url: '/api/account/2fa/enable', token, payload: { code } });
  expect(res.statusCode).toBe(200);
  return { secret, code, recoveryCodes: res.json().data.recoveryCodes as string[] };
}

/** The code of the next 30-second window (accepted: one step of drift is allowed). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('two-factor sign-in', () => {
  it('needs a valid code to turn on, then asks for a code at sign-in; a used code is refused', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    await t.request({ method: 'POST', url: '/api/account/2fa/setup', token: user.token });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/account/2fa/enable',
      token: user.token,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not valid. Check your authenticator app and try again.');

    const { secret, code, recoveryCodes } = await enableTwoFactor(user.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.db.db.execute(sql`select code_hash from recovery_codes where user_id = ${user.user.id}`);
    const hashes = (stored as { rows: { code_hash: string }[] }).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const c of recoveryCodes) expect(hashes.join()).not.toContain(c.replace('-', ''));

    const first = await login(user.user.email, 'secret123');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(body.token).toBeUndefined();

    // The code that turned two-factor on was used in this window already.
    const replay = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge: body.challenge, code },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields.code).toBe('That code is not valid. Check your authenticator app and try again.');

    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge: body.challenge, code: await nextCode(secret) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { id: user.user.id } });
    expect((await me(ok.json().token)).statusCode).toBe(200);

    // A challenge is used up by its sign-in.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge: body.challenge, code: await nextCode(secret) },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('takes each recovery code once', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const { recoveryCodes } = await enableTwoFactor(user.token);
    const signIn = async (code: string) => {
      const { challenge } = (await login(user.user.email, 'secret123')).json();
      return t.request({ method: 'POST', url: '/api/auth/login/2fa', payload: { challenge, code } });
    };
    expect((await signIn(recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await signIn(recoveryCodes[0]!)).statusCode).toBe(400);
    const overview = await t.request({ method: 'GET', url: '/api/account/security', token: user.token });
    expect(overview.json().data).toEqual({ twoFactorEnabled: true, recoveryCodesLeft: 9 });
  });

  it('gives a challenge five tries', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const { secret } = await enableTwoFactor(user.token);
    const { challenge } = (await login(user.user.email, 'secret123')).json();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login/2fa',
        payload: { challenge, code: '000000' },
      });
      expect(res.statusCode).toBe(400);
    }
    const right = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge, code: await nextCode(secret) },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('turns off only with the password and a code', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const { secret } = await enableTwoFactor(user.token);
    const disable = (payload: object) =>
      t.request({ method: 'POST', url: '/api/account/2fa/disable', token: user.token, payload });
    expect((await disable({ password: 'nope', code: await nextCode(secret) })).statusCode).toBe(400);
    expect((await disable({ password: 'secret123', code: '123456' })).statusCode).toBe(400);
    expect((await disable({ password: 'secret123', code: await nextCode(secret) })).statusCode).toBe(204);
    const res = await login(user.user.email, 'secret123');
    expect(res.json().token).toEqual(expect.any(String));
  });

  it('limits wrong codes per user', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    await enableTwoFactor(user.token);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/account/2fa/disable',
        token: user.token,
        payload: { password: 'secret123', code: '111111' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('personal API tokens', () => {
  it('are shown once, stored hashed, scoped and revocable', async () => {
    const user = await registerUser(t);
    const create = (name: string, scope: string) =>
      t.request({ method: 'POST', url: '/api/account/tokens', token: user.token, payload: { name, scope } });
    const read = await create('Spreadsheet', 'read');
    expect(read.statusCode).toBe(201);
    const readToken = read.json().data.token as string;
    expect(readToken).toMatch(/^lgy_[A-Za-z0-9_-]{43}$/);
    const write = (await create('Script', 'write')).json().data.token as string;

    const stored = await t.db.db.execute(sql`select token_hash from api_tokens where user_id = ${user.user.id}`);
    expect(JSON.stringify(stored)).not.toContain(readToken);

    const list = await t.request({ method: 'GET', url: '/api/account/tokens', token: user.token });
    expect(list.json().data).toHaveLength(2);
    expect(JSON.stringify(list.json())).not.toContain(readToken.slice(4));

    expect((await t.request({ method: 'GET', url: '/api/categories', token: readToken })).statusCode).toBe(200);
    const refused = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: readToken,
      payload: { name: 'Food', type: 'expense' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'READ_ONLY', message: 'This API token can only read' });
    for (const [method, url] of [
      ['POST', '/api/categories/initialize'],
      ['PUT', '/api/settings'],
      ['DELETE', '/api/account'],
      ['POST', '/api/recurring/generate'],
    ] as const) {
      expect((await t.request({ method, url, token: readToken, payload: {} })).statusCode).toBe(403);
    }
    const made = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: write,
      payload: { name: 'Food', type: 'expense' },
    });
    expect(made.statusCode).toBe(201);

    // Tokens cannot manage the account itself.
    const sneaky = await t.request({
      method: 'POST',
      url: '/api/account/tokens',
      token: write,
      payload: { name: 'x', scope: 'write' },
    });
    expect(sneaky.statusCode).toBe(403);

    const listed = (await t.request({ method: 'GET', url: '/api/account/tokens', token: user.token })).json().data;
    const readInfo = listed.find((x: { name: string }) => x.name === 'Spreadsheet');
    expect(readInfo.lastUsedAt).toEqual(expect.any(String));

    const del = await t.request({ method: 'DELETE', url: `/api/account/tokens/${readInfo.id}`, token: user.token });
    expect(del.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/categories', token: readToken })).statusCode).toBe(401);
  });

  it("refuses another user's token id and bad input", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const bToken = (
      await t.request({
        method: 'POST',
        url: '/api/account/tokens',
        token: b.token,
        payload: { name: 'B', scope: 'read' },
      })
    ).json().data;
    const res = await t.request({ method: 'DELETE', url: `/api/account/tokens/${bToken.id}`, token: a.token });
    expect(res.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/categories', token: bToken.token })).statusCode).toBe(200);
    const bad = await t.request({
      method: 'POST',
      url: '/api/account/tokens',
      token: a.token,
      payload: { name: '', scope: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ name: 'Give the token a name', scope: 'Choose read or write' });
  });
});
