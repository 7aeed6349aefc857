import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { filesUnder, png } from '../../../test/receipt-fixtures.js';

const t = useTestApp();
const receiptsDir = () => join(t.config.dataDir, 'receipts');

/** Rows the user has in every table that holds a user_id (or is the user). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const tables = await t.db.db.execute(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of (tables as { rows: { table_name: string }[] }).rows) {
    const res = await t.db.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
    );
    counts[table_name] = (res as { rows: { n: number }[] }).rows[0]!.n;
  }
  const users = await t.db.db.execute(sql`select count(*)::int as n from users where id = ${userId}`);
  counts.users = (users as { rows: { n: number }[] }).rows[0]!.n;
  return counts;
}

async function userWithData() {
  const user = await registerUser(t, { password: 'secret123' });
  const cat = await createCategory(t, user.token);
  for (const description of ['Taxi', 'Lunch']) {
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: user.token,
      ...multipart({ categoryId: cat.id, type: 'expense', amount: '5', description, date: todayIn('UTC') }, [
        { filename: 'r.png', data: await png() },
      ]),
    });
    expect(res.statusCode).toBe(201);
  }
  await t.request({
    method: 'POST',
    url: '/api/budgets',
    token: user.token,
    payload: { categoryId: cat.id, amount: '100', period: 'monthly' },
  });
  await t.request({
    method: 'POST',
    url: '/api/recurring',
    token: user.token,
    payload: {
      categoryId: cat.id,
      type: 'expense',
      amount: '9',
      description: 'Gym',
      frequency: 'monthly',
      startDate: todayIn('UTC'),
    },
  });
  await t.request({
    method: 'POST',
    url: '/api/account/tokens',
    token: user.token,
    payload: { name: 'x', scope: 'read' },
  });
  return user;
}

describe('DELETE /api/account', () => {
  it('deletes every row and receipt file of the user at once; their sessions stop working', async () => {
    const other = await userWithData();
    const otherFiles = filesUnder(receiptsDir()).length;
    const user = await userWithData();
    const before = await rowsOf(user.user.id);
    expect(before.transactions).toBe(2);
    expect(before.budgets).toBe(1);
    expect(filesUnder(receiptsDir()).length).toBe(otherFiles + 4);

    const res = await t.request({
      method: 'DELETE',
      url: '/api/account',
      token: user.token,
      payload: { password: 'secret123' },
    });
    expect(res.statusCode).toBe(204);
    const after = await rowsOf(user.user.id);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(filesUnder(receiptsDir()).length).toBe(otherFiles);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(401);
    // The other user is untouched.
    expect(Object.values(await rowsOf(other.user.id)).some((n) => n > 0)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/transactions', token: other.token })).json().data).toHaveLength(
      2,
    );
  });

  it('refuses a wrong password, and with two-factor on a missing or wrong code, changing nothing', async () => {
    const user = await userWithData();
    const before = await rowsOf(user.user.id);
    const del = (payload: object) => t.request({ method: 'DELETE', url: '/api/account', token: user.token, payload });
    const wrong = await del({ password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'The password is not correct' });

    const setup = (await t.request({ method: 'POST', url: '/api/account/2fa/setup', token: user.token })).json().data;
    const code = await generate({ secret: setup.secret });
    await t.request({ method: 'POST', url: '/api/account/2fa/enable', token: user.token, payload: { code } });
    const noCode = await del({ password: 'secret123' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields.code).toBe('Enter the code from your authenticator app or a recovery code');
    expect((await del({ password: 'secret123', code: '000000' })).statusCode).toBe(400);
    const after = await rowsOf(user.user.id);
    expect({ ...after, recovery_codes: 0, two_factor: 0 }).toEqual({ ...before, recovery_codes: 0, two_factor: 0 });

    const next = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await del({ password: 'secret123', code: next })).statusCode).toBe(204);
    expect(Object.values(await rowsOf(user.user.id)).every((n) => n === 0)).toBe(true);
  });

  it('cannot be done with an API token', async () => {
    const user = await registerUser(t, { password: 'secret123' });
    const token = (
      await t.request({
        method: 'POST',
        url: '/api/account/tokens',
        token: user.token,
        payload: { name: 'w', scope: 'write' },
      })
    ).json().data.token;
    const res = await t.request({ method: 'DELETE', url: '/api/account', token, payload: { password: 'secret123' } });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf(user.user.id)).users).toBe(1);
  });
});
