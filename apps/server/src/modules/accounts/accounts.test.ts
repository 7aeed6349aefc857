import { describe, expect, it } from 'vitest';
import type { Account } from '@ledgerly/shared';
import {
  ACCOUNT_API_MSG,
  ACCOUNT_MSG,
  DEFAULT_ACCOUNT_NAME,
  UNKNOWN_CURRENCY_MESSAGE,
  addDays,
  todayIn,
} from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory, createTransaction } from '../../../test/factories.js';
import { csv, getBatch, preview } from '../../../test/imports-helpers.js';

const t = useTestApp();

async function setup() {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food', type: 'expense' });
  const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
  return { ...auth, food, salary, today: todayIn(auth.user.timezone) };
}

async function accounts(token: string): Promise<Account[]> {
  const res = await t.request({ method: 'GET', url: '/api/accounts', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Account[] }>().data;
}

describe('GET/POST /accounts', () => {
  it('a new user has the default Main account, with every field', async () => {
    const { token, user } = await setup();
    const [main, ...rest] = await accounts(token);
    expect(rest).toEqual([]);
    expect(main).toEqual({
      id: expect.any(String),
      name: DEFAULT_ACCOUNT_NAME,
      kind: 'checking',
      class: 'asset',
      currency: user.currency,
      onBudget: true,
      inNetWorth: true,
      isDefault: true,
      creditLimit: null,
      statementDay: null,
      dueDay: null,
      institution: null,
      mask: null,
      iban: null,
      icon: null,
      color: null,
      sortOrder: 0,
      openingDate: expect.toSatisfy((v) => v === null || typeof v === 'string'),
      closedAt: null,
      balance: 0,
      clearedBalance: 0,
      balanceInBase: 0,
      balanceCheck: null,
      brokenReconciliation: null,
    });
  });

  it('defaults onBudget by kind and currency to the user’s; the opening balance is a cleared opening row', async () => {
    const { token, user, today } = await setup();
    const savings = await createAccount(t, token, { name: 'Savings', kind: 'savings', openingBalance: '1200.50' });
    expect(savings).toMatchObject({ onBudget: true, currency: user.currency, balance: 1200.5, clearedBalance: 1200.5 });
    expect(savings.openingDate).toBe(today);
    const invest = await createAccount(t, token, { name: 'Broker', kind: 'investment', currency: 'EUR' });
    expect(invest).toMatchObject({ onBudget: false, currency: 'EUR', class: 'asset', balance: 0 });
    const loan = await createAccount(t, token, {
      name: 'Loan',
      kind: 'loan',
      openingBalance: -5000,
      openingDate: '2024-01-15',
    });
    expect(loan).toMatchObject({
      onBudget: false,
      class: 'liability',
      balance: -5000,
      owed: 5000,
      availableCredit: null,
    });

    const reg = await t.request({ method: 'GET', url: `/api/accounts/${savings.id}/register`, token });
    expect(reg.statusCode, reg.body).toBe(200);
    const rows = reg.json<{ data: Record<string, unknown>[] }>().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'opening',
      status: 'cleared',
      category: null,
      categoryId: null,
      type: 'income',
      amount: 1200.5,
      date: today,
      runningBalance: 1200.5,
    });
    // Opening rows are never income: the dashboard's sums leave them out.
    const summary = await t.request({ method: 'GET', url: '/api/transactions/summary', token });
    expect(summary.json<{ data: { totalIncome: number } }>().data.totalIncome).toBe(0);
  });

  it('sorts by sortOrder then name; a card answers owed, available credit and statement balance', async () => {
    const { token, food, today } = await setup();
    const card = await createAccount(t, token, {
      name: 'visa',
      kind: 'credit_card',
      creditLimit: 2000,
      statementDay: 1,
      openingBalance: -300,
      openingDate: '2020-01-01',
      sortOrder: 5,
    });
    await createAccount(t, token, { name: 'Zed', sortOrder: 5 });
    await createAccount(t, token, { name: 'alpha', sortOrder: 5 });
    // A purchase after the last statement day (the 1st of this month) is not in the statement balance.
    const statementDay = `${today.slice(0, 7)}-01`;
    await createTransaction(t, token, { categoryId: food.id, accountId: card.id, amount: 50, date: statementDay });
    if (today > statementDay)
      await createTransaction(t, token, { categoryId: food.id, accountId: card.id, amount: 25, date: today });
    const list = await accounts(token);
    expect(list.map((a) => a.name)).toEqual([DEFAULT_ACCOUNT_NAME, 'alpha', 'visa', 'Zed']);
    const after = list.find((a) => a.id === card.id)!;
    const owed = today > statementDay ? 375 : 350;
    expect(after).toMatchObject({ balance: -owed, owed, availableCredit: 2000 - owed, statementBalance: -350 });
  });

  it('refuses a duplicate name ignoring case, bad fields with the field named', async () => {
    const { token } = await setup();
    await createAccount(t, token, { name: 'Savings', kind: 'savings' });
    const dup = await t.request({
      method: 'POST',
      url: '/api/accounts',
      token,
      payload: { name: ' SAVINGS ', kind: 'cash' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ message: string }>().message).toBe(ACCOUNT_MSG.nameTaken);
    const bad = await t.request({ method: 'POST', url: '/api/accounts', token, payload: { name: '', kind: 'boat' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      name: ACCOUNT_MSG.nameRequired,
      kind: ACCOUNT_MSG.kind,
    });
    const date = await t.request({
      method: 'POST',
      url: '/api/accounts',
      token,
      payload: { name: 'X', kind: 'cash', openingDate: '2024-02-30' },
    });
    expect(date.statusCode).toBe(400);
  });
});

describe('PUT /accounts/{id}, close, reopen, default', () => {
  it('changes only the given fields; edits, creates and removes the opening row', async () => {
    const { token } = await setup();
    const acc = await createAccount(t, token, { name: 'Cash box', kind: 'cash', institution: 'Home' });
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/accounts/${acc.id}`, token, payload });
    let res = await put({ color: '#22c55e' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Account }>().data).toMatchObject({
      name: 'Cash box',
      institution: 'Home',
      color: '#22c55e',
    });
    res = await put({ openingBalance: 40, openingDate: '2023-05-01' });
    expect(res.json<{ data: Account }>().data).toMatchObject({ balance: 40, openingDate: '2023-05-01' });
    res = await put({ openingBalance: -15 });
    expect(res.json<{ data: Account }>().data).toMatchObject({ balance: -15, openingDate: '2023-05-01' });
    const asOf = await t.request({ method: 'GET', url: `/api/accounts/${acc.id}/balance?date=2023-04-30`, token });
    expect(asOf.json<{ data: { balance: number } }>().data.balance).toBe(0);
    res = await put({ openingBalance: 0 });
    expect(res.json<{ data: Account }>().data.balance).toBe(0);
    const reg = await t.request({ method: 'GET', url: `/api/accounts/${acc.id}/register`, token });
    expect(reg.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('moves the default; the default and the last open account cannot be closed or deleted', async () => {
    const { token } = await setup();
    const [main] = await accounts(token);
    const other = await createAccount(t, token, { name: 'Other' });
    let res = await t.request({ method: 'POST', url: `/api/accounts/${main!.id}/close`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.isDefault);
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${main!.id}`, token });
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.isDefault);
    res = await t.request({ method: 'PUT', url: `/api/accounts/${other.id}`, token, payload: { isDefault: true } });
    expect(res.statusCode, res.body).toBe(200);
    const list = await accounts(token);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([other.id]);
    // Main can now be closed; then Other is the last open one.
    res = await t.request({ method: 'PUT', url: `/api/accounts/${main!.id}`, token, payload: { closed: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Account }>().data.closedAt).not.toBeNull();
    const third = await createAccount(t, token, { name: 'Third' });
    res = await t.request({ method: 'POST', url: `/api/accounts/${third.id}/close`, token });
    expect(res.statusCode).toBe(200);
    res = await t.request({ method: 'PUT', url: `/api/accounts/${other.id}`, token, payload: { isDefault: true } });
    expect(res.statusCode).toBe(200);
    res = await t.request({ method: 'PUT', url: `/api/accounts/${third.id}`, token, payload: { isDefault: true } });
    expect(res.statusCode).toBe(409);
    // Writes into a closed account are refused.
    const food = await createCategory(t, token);
    res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { categoryId: food.id, type: 'expense', amount: 5, date: '2024-01-01', accountId: main!.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.closed);
    res = await t.request({ method: 'POST', url: `/api/accounts/${main!.id}/reopen`, token });
    expect(res.json<{ data: Account }>().data.closedAt).toBeNull();
  });

  it('the last open account cannot be closed or deleted', async () => {
    const { token } = await setup();
    const [main] = await accounts(token);
    const other = await createAccount(t, token, { name: 'Other', isDefault: true });
    expect((await accounts(token)).find((a) => a.id === main!.id)!.isDefault).toBe(false);
    expect((await t.request({ method: 'POST', url: `/api/accounts/${main!.id}/close`, token })).statusCode).toBe(200);
    // Other is default and the last open one: the default rule answers first.
    const res = await t.request({ method: 'DELETE', url: `/api/accounts/${main!.id}`, token });
    expect(res.statusCode).toBe(204);
    await createAccount(t, token, { name: 'Spare' });
    const spare = (await accounts(token)).find((a) => a.name === 'Spare')!;
    await t.request({ method: 'PUT', url: `/api/accounts/${spare.id}`, token, payload: { isDefault: true } });
    const last = await t.request({ method: 'POST', url: `/api/accounts/${spare.id}/close`, token });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toBe(ACCOUNT_MSG.isDefault);
    await t.request({ method: 'POST', url: `/api/accounts/${other.id}/close`, token });
    const res2 = await t.request({ method: 'DELETE', url: `/api/accounts/${other.id}`, token });
    expect(res2.statusCode).toBe(204);
    // Now Spare is the only account: not closable even once not default is impossible; check lastOpen via a new closed default.
    const closedNew = await createAccount(t, token, { name: 'Closed one' });
    await t.request({ method: 'POST', url: `/api/accounts/${closedNew.id}/close`, token });
    const reopenedDefault = await t.request({
      method: 'PUT',
      url: `/api/accounts/${closedNew.id}`,
      token,
      payload: { closed: false, isDefault: true },
    });
    expect(reopenedDefault.statusCode, reopenedDefault.body).toBe(200);
    await t.request({ method: 'POST', url: `/api/accounts/${spare.id}/close`, token });
    const lastOpen = await t.request({
      method: 'PUT',
      url: `/api/accounts/${closedNew.id}`,
      token,
      payload: { closed: true },
    });
    expect(lastOpen.statusCode).toBe(409);
    expect(lastOpen.json<{ message: string }>().message).toBe(ACCOUNT_MSG.isDefault);
  });

  it("another user's account is a 404 everywhere", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await createAccount(t, b.token, { name: 'Theirs' });
    for (const [method, url] of [
      ['GET', `/api/accounts/${theirs.id}`],
      ['PUT', `/api/accounts/${theirs.id}`],
      ['DELETE', `/api/accounts/${theirs.id}`],
      ['POST', `/api/accounts/${theirs.id}/close`],
      ['GET', `/api/accounts/${theirs.id}/balance`],
      ['GET', `/api/accounts/${theirs.id}/register`],
      ['GET', '/api/accounts/not-a-uuid/register'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: a.token,
        ...(method === 'PUT' ? { payload: { name: 'x' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await createAccount(t, a.token, { name: 'Mine' });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/accounts/${mine.id}?moveTo=${theirs.id}`,
      token: a.token,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /accounts/{id}?moveTo', () => {
  it('needs a target when it has rows; moves rows, recurring items and keeps balances', async () => {
    const { token, food, salary, today } = await setup();
    const [main] = await accounts(token);
    const old = await createAccount(t, token, { name: 'Old', openingBalance: 100, openingDate: '2024-01-01' });
    await createTransaction(t, token, { categoryId: food.id, accountId: old.id, amount: 30, date: '2024-02-01' });
    await createTransaction(t, token, {
      categoryId: salary.id,
      type: 'income',
      accountId: old.id,
      amount: 5,
      date: '2024-03-01',
    });
    const rec = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        categoryId: food.id,
        type: 'expense',
        amount: 9,
        description: 'Gym',
        frequency: 'monthly',
        startDate: addDays(today, 40),
        accountId: old.id,
      },
    });
    expect(rec.statusCode, rec.body).toBe(201);

    let res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.hasRows);
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}?moveTo=${old.id}`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_MSG.moveToSelf);
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}?moveTo=${main!.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { moved: number } }>().data.moved).toBe(3);
    const list = await accounts(token);
    expect(list.map((a) => a.id)).toEqual([main!.id]);
    expect(list[0]!.balance).toBe(75);
    const recurring = await t.request({ method: 'GET', url: '/api/recurring', token });
    const items = recurring.json<{ data: { id: string; accountId: string }[] }>().data;
    expect(items.find((i) => i.id === rec.json<{ data: { id: string } }>().data.id)!.accountId).toBe(main!.id);
    // The deleted account's daily balances went with its rows.
    const left = await t.db.db.execute(
      `select count(*)::int as n from account_daily_balances where account_id = '${old.id}'`,
    );
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("moves a recurring transfer's either end and the import batches to the target; without one, batches keep no account", async () => {
    const { token, today } = await setup();
    const [main] = await accounts(token);
    const old = await createAccount(t, token, { name: 'Old', openingBalance: 10, openingDate: '2024-01-01' });
    const savings = await createAccount(t, token, { name: 'Savings', kind: 'savings' });
    const transfer = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        amount: 50,
        description: 'Save',
        frequency: 'monthly',
        startDate: addDays(today, 10),
        accountId: savings.id,
        toAccountId: old.id,
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const statement = csv([['2024-02-01', 'Coffee', '-3.50']]);
    const batch = await preview(t, token, statement, { accountId: old.id });
    expect(batch.accountId).toBe(old.id);

    let res = await t.request({ method: 'DELETE', url: `/api/accounts/${old.id}?moveTo=${main!.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const items = (await t.request({ method: 'GET', url: '/api/recurring', token })).json<{
      data: { id: string; accountId: string; toAccountId: string | null }[];
    }>().data;
    const moved = items.find((i) => i.id === transfer.json<{ data: { id: string } }>().data.id)!;
    expect(moved).toMatchObject({ accountId: savings.id, toAccountId: main!.id });
    expect((await getBatch(t, token, batch.id)).accountId).toBe(main!.id);

    // An empty account goes without a target: its import batches stay, with no account.
    const empty = await createAccount(t, token, { name: 'Empty' });
    const second = await preview(t, token, statement, { accountId: empty.id });
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${empty.id}`, token });
    expect(res.statusCode, res.body).toBe(204);
    expect((await getBatch(t, token, second.id)).accountId).toBeNull();
  });

  it('refuses a target closed; an empty account goes without one', async () => {
    const { token } = await setup();
    const empty = await createAccount(t, token, { name: 'Empty' });
    const closed = await createAccount(t, token, { name: 'Shut' });
    const full = await createAccount(t, token, { name: 'Full', openingBalance: 1 });
    await t.request({ method: 'POST', url: `/api/accounts/${closed.id}/close`, token });
    let res = await t.request({ method: 'DELETE', url: `/api/accounts/${full.id}?moveTo=${closed.id}`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_API_MSG.moveToClosed);
    res = await t.request({ method: 'DELETE', url: `/api/accounts/${empty.id}`, token });
    expect(res.statusCode).toBe(204);
  });
});

describe('balances as of dates', () => {
  it('includes the whole day; cleared counts cleared and reconciled rows only', async () => {
    const { token, food, salary } = await setup();
    const acc = await createAccount(t, token, { name: 'Dated', openingBalance: 1000, openingDate: '2024-01-01' });
    await createTransaction(t, token, { categoryId: food.id, accountId: acc.id, amount: 100, date: '2024-01-10' });
    await createTransaction(t, token, {
      categoryId: salary.id,
      type: 'income',
      accountId: acc.id,
      amount: 50.25,
      date: '2024-01-10',
    });
    await createTransaction(t, token, { categoryId: food.id, accountId: acc.id, amount: 20, date: '2024-02-01' });
    const at = async (date?: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/accounts/${acc.id}/balance${date ? `?date=${date}` : ''}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { balance: number; clearedBalance: number; date: string } }>().data;
    };
    expect(await at('2023-12-31')).toEqual({ balance: 0, clearedBalance: 0, date: '2023-12-31' });
    expect(await at('2024-01-01')).toEqual({ balance: 1000, clearedBalance: 1000, date: '2024-01-01' });
    expect(await at('2024-01-09')).toMatchObject({ balance: 1000 });
    expect(await at('2024-01-10')).toMatchObject({ balance: 950.25, clearedBalance: 1000 });
    expect(await at()).toMatchObject({ balance: 930.25, clearedBalance: 1000 });
    const bad = await t.request({ method: 'GET', url: `/api/accounts/${acc.id}/balance?date=2024-13-01`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(ACCOUNT_API_MSG.date);
  });
});

describe('account currencies (DESIGN §12)', () => {
  it('takes any ISO 4217 code, current or withdrawn, on create and update', async () => {
    const { token } = await setup();
    const kwd = await createAccount(t, token, { name: 'Kuwait', kind: 'checking', currency: 'KWD' });
    expect(kwd.currency).toBe('KWD');
    const ltl = await createAccount(t, token, { name: 'Old litas', kind: 'savings', currency: 'LTL' });
    expect(ltl.currency).toBe('LTL');
    const put = await t.request({ method: 'PUT', url: `/api/accounts/${ltl.id}`, token, payload: { currency: 'JPY' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: Account }>().data.currency).toBe('JPY');
  });

  it.each(['BTC', 'usd', 'XXX', 'EURO', 42, null])(
    'refuses %j with a 400 naming currency, nothing written',
    async (currency) => {
      const { token } = await setup();
      const before = await accounts(token);
      const post = await t.request({
        method: 'POST',
        url: '/api/accounts',
        token,
        payload: { name: 'Coins', kind: 'cash', currency },
      });
      expect(post.statusCode).toBe(400);
      expect(post.json<{ fields: Record<string, string> }>().fields.currency).toBe(UNKNOWN_CURRENCY_MESSAGE);
      const main = before[0]!;
      const put = await t.request({ method: 'PUT', url: `/api/accounts/${main.id}`, token, payload: { currency } });
      expect(put.statusCode).toBe(400);
      expect(put.json<{ fields: Record<string, string> }>().fields.currency).toBe(UNKNOWN_CURRENCY_MESSAGE);
      expect(await accounts(token)).toEqual(before);
    },
  );

  it('a lone empty default account follows the settings currency; with rows or a second account it keeps its own', async () => {
    const lone = await setup();
    const put = (token: string, currency: string) =>
      t.request({ method: 'PUT', url: '/api/settings', token, payload: { currency } });
    expect((await put(lone.token, 'EUR')).statusCode).toBe(200);
    expect((await accounts(lone.token))[0]).toMatchObject({ name: DEFAULT_ACCOUNT_NAME, currency: 'EUR' });

    const withRows = await setup();
    await createTransaction(t, withRows.token, { categoryId: withRows.food.id, amount: 12, date: withRows.today });
    expect((await put(withRows.token, 'GBP')).statusCode).toBe(200);
    const [main] = await accounts(withRows.token);
    expect(main!.currency).toBe('USD');
    // Its amounts are dollars: relabelling them as another currency is refused.
    const relabel = await t.request({
      method: 'PUT',
      url: `/api/accounts/${main!.id}`,
      token: withRows.token,
      payload: { currency: 'GBP', name: 'Renamed' },
    });
    expect(relabel.statusCode).toBe(409);
    expect(relabel.json<{ message: string }>().message).toBe(ACCOUNT_MSG.currencyLocked);
    expect(await accounts(withRows.token)).toEqual([main]);

    const two = await setup();
    await createAccount(t, two.token, { name: 'Cash', kind: 'cash' });
    expect((await put(two.token, 'JPY')).statusCode).toBe(200);
    expect((await accounts(two.token)).map((a) => a.currency)).toEqual(['USD', 'USD']);
  });
});
