import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESET_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { type TestSmtpServer, startSmtpServer } from '../../../test/smtp-server.js';
import { passwordResets, sessions } from '../../db/schema.js';
import { resetPasswordCommand } from '../../cli/reset-password.js';
import { ConfigError, loadConfig } from '../../config.js';
import { RESET_MAILS_PER_HOUR } from './password-reset.routes.js';

const APP_URL = 'https://money.example.test';
let smtp: TestSmtpServer;
const env: Record<string, string> = { APP_URL, MAIL_FROM: 'Ledgerly <no-reply@money.example.test>' };
beforeAll(async () => {
  smtp = await startSmtpServer();
  env.SMTP_URL = smtp.url;
});
afterAll(() => smtp.close());
const t = useTestApp(env);
// The same app without SMTP_URL: the operator's command is the way.
const plain = useTestApp();

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The token of the link in an e-mail. */
function tokenIn(text: string): string {
  const match = /https:\/\/money\.example\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in:\n${text}`);
  return match[1]!;
}

const ask = (email: string, app = t, ip = '127.0.0.1') =>
  app.request({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, app = t) =>
  app.request({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password } });
const login = (email: string, password: string, app = t) =>
  app.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string, app = t) => app.request({ method: 'GET', url: '/api/auth/me', token });

describe('forgot password, with SMTP_URL set', () => {
  it('says it can e-mail a link', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/password-reset' });
    expect(res.json()).toEqual({ data: { byEmail: true } });
    expect((await plain.request({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      data: { byEmail: false },
    });
  });

  it('e-mails a one-time link over SMTP; using it sets the password and signs out every session', async () => {
    const { user, token: session1 } = await registerUser(t, { email: 'ada@example.com', password: 'old-secret' });
    const session2 = (await login('ada@example.com', 'old-secret')).json<{ token: string }>().token;
    const before = smtp.received.length;

    // Unknown and known emails get the same answer; only the known one gets an e-mail.
    const unknown = await ask('nobody@example.com');
    const known = await ask('ADA@example.com');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_MSG.sent });
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.nth(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(before + 1);
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('no-reply@money.example.test');
    expect(mail.subject).toBe('Reset your Ledgerly password');
    expect(mail.text).toContain('within 60 minutes');
    const token = tokenIn(mail.text);

    // Stored hashed, never in clear, expiring in 60 minutes.
    const rows = await t.db.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);

    // Too short a password is refused with the sign-up sentence, and the link still works.
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ fields: Record<string, string> }>().fields.password).toBe(MSG.passwordMin);

    const done = await reset(token, 'new-secret');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: RESET_MSG.done });
    // Every session is gone (none kept: resetting does not sign in), old password refused.
    expect((await me(session1)).statusCode).toBe(401);
    expect((await me(session2)).statusCode).toBe(401);
    expect(await t.db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await login('ada@example.com', 'old-secret')).statusCode).toBe(401);
    expect((await login('ada@example.com', 'new-secret')).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'third-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_MSG.linkInvalid,
      code: 'INVALID_CREDENTIALS',
      fields: { token: RESET_MSG.linkInvalid },
    });
    expect((await login('ada@example.com', 'new-secret')).statusCode).toBe(200);
  });

  it('refuses an expired link, a superseded one and a made-up one; changes nothing', async () => {
    const { user } = await registerUser(t, { email: 'bob@example.com', password: 'bob-secret' });
    const n = smtp.received.length;
    await ask('bob@example.com');
    const first = tokenIn((await smtp.nth(n + 1)).text);
    await ask('bob@example.com');
    const second = tokenIn((await smtp.nth(n + 2)).text);
    expect(second).not.toBe(first);
    // Only the newest link works.
    expect((await reset(first, 'new-secret')).statusCode).toBe(400);
    // Expired: 60 minutes are over.
    await t.db.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(second)));
    expect((await reset(second, 'new-secret')).statusCode).toBe(400);
    expect((await reset('x'.repeat(43), 'new-secret')).statusCode).toBe(400);
    expect((await reset('', 'new-secret')).statusCode).toBe(400);
    expect((await login('bob@example.com', 'bob-secret')).statusCode).toBe(200);
    expect(user.email).toBe('bob@example.com');
  });

  it('is rate-limited per email and address like sign-in, and sends an address few e-mails', async () => {
    await registerUser(t, { email: 'cleo@example.com' });
    const n = smtp.received.length;
    const perEmail = t.config.authRateLimit.perEmail;
    const answers: number[] = [];
    for (let i = 0; i < perEmail + 1; i += 1) answers.push((await ask('cleo@example.com', t, '10.0.0.7')).statusCode);
    expect(answers.slice(0, perEmail).every((s) => s === 202)).toBe(true);
    const refused = await ask('cleo@example.com', t, '10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // An unknown email is limited alike (the limit says nothing about accounts).
    for (let i = 0; i < perEmail; i += 1) await ask('ghost@example.com', t, '10.0.0.7');
    expect((await ask('ghost@example.com', t, '10.0.0.7')).statusCode).toBe(429);
    // Another address may still ask; Cleo's inbox got at most RESET_MAILS_PER_HOUR links.
    expect((await ask('cleo@example.com', t, '10.0.0.8')).statusCode).toBe(202);
    await smtp.nth(n + RESET_MAILS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.slice(n).filter((m) => m.to[0] === 'cleo@example.com')).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('bad input gets a sentence on the field', async () => {
    const res = await ask('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.email).toBe(MSG.emailInvalid);
    const none = await t.request({ method: 'POST', url: '/api/auth/password-reset/request', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fields: Record<string, string> }>().fields.email).toBe(MSG.emailRequired);
  });
});

describe('without SMTP_URL', () => {
  it('says it sends no e-mail; the operator command makes a link or sets a temporary password', async () => {
    const { token: session } = await registerUser(plain, { email: 'dan@example.com', password: 'dan-secret' });
    const res = await ask('dan@example.com', plain);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: RESET_MSG.unavailable, code: 'CONFLICT' });

    const noUrl = await resetPasswordCommand(plain.db.db, {
      email: 'dan@example.com',
      appUrl: undefined,
      temporaryPassword: false,
    });
    expect(noUrl.code).toBe(2);
    expect(noUrl.out).toContain('APP_URL');
    const unknown = await resetPasswordCommand(plain.db.db, {
      email: 'nobody@example.com',
      appUrl: APP_URL,
      temporaryPassword: false,
    });
    expect(unknown).toEqual({ code: 1, out: 'No account uses nobody@example.com.' });

    const link = await resetPasswordCommand(plain.db.db, {
      email: 'DAN@example.com',
      appUrl: APP_URL,
      temporaryPassword: false,
    });
    expect(link.code).toBe(0);
    const token = tokenIn(link.out);
    expect((await reset(token, 'dan-new-secret', plain)).statusCode).toBe(200);
    expect((await me(session, plain)).statusCode).toBe(401);
    expect((await login('dan@example.com', 'dan-new-secret', plain)).statusCode).toBe(200);

    const temp = await resetPasswordCommand(plain.db.db, {
      email: 'dan@example.com',
      appUrl: undefined,
      temporaryPassword: true,
    });
    expect(temp.code).toBe(0);
    const password = /now:\n\n {2}(\S+)\n/.exec(temp.out)?.[1] ?? '';
    expect(password).toHaveLength(24);
    expect((await login('dan@example.com', 'dan-new-secret', plain)).statusCode).toBe(401);
    expect((await login('dan@example.com', password, plain)).statusCode).toBe(200);
  });
});

describe('mail configuration', () => {
  const base = { APP_SECRET: 'x'.repeat(32) };
  it('needs APP_URL with SMTP_URL, and URLs of the right kind', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/APP_URL: must be set/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail', APP_URL: APP_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, APP_URL: 'money.example.com' })).toThrow(/APP_URL/);
    const config = loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail:465', APP_URL: `${APP_URL}/` });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://u:p@mail:465', from: 'Ledgerly <no-reply@localhost>' });
    expect(config.appUrl).toBe(APP_URL);
    expect(loadConfig(base).mail).toBeNull();
  });
});
