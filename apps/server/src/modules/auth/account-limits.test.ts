/**
 * Per-account limits on two-factor codes and on current-password checks (account-limits.ts),
 * over HTTP on two instances sharing one database, the client addresses told through a trusted
 * proxy (X-Forwarded-For).
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.js';
import { type TestApp, registerUser, useTestApps } from '../../../test/build-test-app.js';
import { PASSWORD_CHECK_LIMIT, TWO_FACTOR_CODE_LIMIT } from './account-limits.js';
import { counterKey } from './sign-in-limits.js';

const [a, b] = useTestApps(2, { TRUST_PROXY: 'loopback' }) as [TestApp, TestApp];

const STRANGERS = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
const OWNER = '198.51.100.7';
const PASSWORD = 'secret123';
const CODES_LOCKED = 'Too many wrong codes for this account. Please try again in 15 minutes.';
const PASSWORDS_LOCKED = 'Too many wrong passwords. Please try again in 15 minutes.';

/** The code of the next 30-second window (accepted: one step of drift is allowed). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** A user with two-factor on (through instance a): their secret and recovery codes. */
async function twoFactorUser() {
  const auth = await registerUser(a, { password: PASSWORD });
  const setup = await a.request({ method: 'POST', url: '/api/account/2fa/setup', token: auth.token });
  const secret = setup.json().data.secret as string;
  const enabled = await a.request({
    method: 'POST',
    url: '/api/account/2fa/enable',
    token: auth.token,
    payload: { code: await generate({ secret }) },
  });
  expect(enabled.statusCode).toBe(200);
  return { ...auth, secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

/** The password step from `address`: a fresh challenge. */
async function challengeFrom(t: TestApp, email: string, address: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': address },
    payload: { email, password: PASSWORD },
  });
  expect(res.json()).toMatchObject({ twoFactorRequired: true });
  return res.json().challenge as string;
}

const codeStep = (t: TestApp, challenge: string, code: string, address: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login/2fa',
    headers: { 'x-forwarded-for': address },
    payload: { challenge, code },
  });

/** Ends the account's current window, as if its 15 minutes had passed. */
async function endWindow(kind: string, userId: string) {
  await a.db.db
    .update(rateLimits)
    .set({ resetAt: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.key, counterKey(kind, userId)));
}

function expectLocked(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message });
  const retryAfter = Number(res.headers['retry-after']);
  // The rest of the 15-minute window (a busy machine may have spent a minute on the tries).
  expect(retryAfter).toBeGreaterThan(14 * 60 - 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('two-factor codes, per account', () => {
  it('five wrong codes over several challenges, addresses and instances lock every code step of the account', async () => {
    const user = await twoFactorUser();
    const other = await twoFactorUser();
    const statuses: number[] = [];
    for (const [i, address] of STRANGERS.entries()) {
      const t = i % 2 ? b : a;
      const challenge = await challengeFrom(t, user.user.email, address);
      statuses.push((await codeStep(t, challenge, '000000', address)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);

    // The right code, from an address of the owner's, on either instance: refused.
    const challenge = await challengeFrom(a, user.user.email, OWNER);
    expectLocked(await codeStep(a, challenge, await nextCode(user.secret), OWNER), CODES_LOCKED);
    expectLocked(await codeStep(b, challenge, user.recoveryCodes[0]!, OWNER), CODES_LOCKED);
    // Turning two-factor off and deleting the account count the same codes.
    const disable = await b.request({
      method: 'POST',
      url: '/api/account/2fa/disable',
      token: user.token,
      payload: { password: PASSWORD, code: user.recoveryCodes[0] },
    });
    expectLocked(disable, CODES_LOCKED);
    const remove = await a.request({
      method: 'DELETE',
      url: '/api/account',
      token: user.token,
      payload: { password: PASSWORD, code: user.recoveryCodes[0] },
    });
    expectLocked(remove, CODES_LOCKED);
    // Nothing was used up or changed while locked; another account is not affected.
    const overview = await a.request({ method: 'GET', url: '/api/account/security', token: user.token });
    expect(overview.json().data).toEqual({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    const theirs = await challengeFrom(b, other.user.email, STRANGERS[0]!);
    expect((await codeStep(b, theirs, other.recoveryCodes[0]!, STRANGERS[0]!)).statusCode).toBe(200);

    // When the window is over the right code signs in.
    await endWindow(TWO_FACTOR_CODE_LIMIT.kind, user.user.id);
    const after = await codeStep(b, await challengeFrom(b, user.user.email, OWNER), user.recoveryCodes[0]!, OWNER);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ token: expect.any(String), user: { id: user.user.id } });
  });

  it('a right code clears the count', async () => {
    const user = await twoFactorUser();
    const wrongTimes = async (n: number) => {
      const challenge = await challengeFrom(a, user.user.email, STRANGERS[1]!);
      for (let i = 0; i < n; i++) {
        expect((await codeStep(i % 2 ? a : b, challenge, '123456', STRANGERS[1]!)).statusCode).toBe(400);
      }
    };
    await wrongTimes(4);
    const ok = await codeStep(a, await challengeFrom(a, user.user.email, OWNER), await nextCode(user.secret), OWNER);
    expect(ok.statusCode).toBe(200);
    // Four more wrong ones are allowed again, and a right one after them still signs in.
    await wrongTimes(4);
    const again = await codeStep(b, await challengeFrom(b, user.user.email, OWNER), user.recoveryCodes[1]!, OWNER);
    expect(again.statusCode).toBe(200);
  });

  it('codes sent all at once get no more than five answers', async () => {
    const user = await twoFactorUser();
    // Four challenges of five tries each: twenty tries in flight together, from five addresses.
    const challenges: string[] = [];
    for (let i = 0; i < 4; i++) challenges.push(await challengeFrom(a, user.user.email, STRANGERS[i]!));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeStep(i % 2 ? a : b, challenges[i % 4]!, String(100000 + i), STRANGERS[i % 5]!),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(15).fill(429)]);
  });
});

describe('current-password checks behind a session, per account', () => {
  const changePassword = (t: TestApp, token: string, currentPassword: string, newPassword = 'new-pass-1') =>
    t.request({
      method: 'PUT',
      url: '/api/account/password',
      token,
      payload: { currentPassword, newPassword },
    });

  it('thirty wrong passwords at once: ten are answered, the rest refused; the lock holds on both instances', async () => {
    const user = await registerUser(a, { password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changePassword(i % 2 ? a : b, user.token, `wrong-${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(PASSWORD_CHECK_LIMIT.limit).fill(400),
      ...Array<number>(30 - PASSWORD_CHECK_LIMIT.limit).fill(429),
    ]);
    expectLocked(
      answers.find((r) => r.statusCode === 429)!,
      PASSWORDS_LOCKED,
    );
    // Even the right password is refused now, on either instance and in every step that asks for it…
    expectLocked(await changePassword(b, user.token, PASSWORD), PASSWORDS_LOCKED);
    const remove = await a.request({
      method: 'DELETE',
      url: '/api/account',
      token: user.token,
      payload: { password: PASSWORD },
    });
    expectLocked(remove, PASSWORDS_LOCKED);
    // …while signing in with it is not affected.
    const signIn = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    // After the window the right password changes it.
    await endWindow(PASSWORD_CHECK_LIMIT.kind, user.user.id);
    expect((await changePassword(a, user.token, PASSWORD)).statusCode).toBe(204);
  });

  it('a right password clears the count', async () => {
    const user = await registerUser(a, { password: PASSWORD });
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.limit - 1; i++) {
      expect((await changePassword(i % 2 ? a : b, user.token, 'wrong')).statusCode).toBe(400);
    }
    expect((await changePassword(a, user.token, PASSWORD, 'new-pass-1')).statusCode).toBe(204);
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.limit - 1; i++) {
      expect((await changePassword(b, user.token, 'wrong')).statusCode).toBe(400);
    }
    expect((await changePassword(b, user.token, 'new-pass-1', 'new-pass-2')).statusCode).toBe(204);
  });
});
