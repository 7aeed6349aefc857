import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportBatch, Transaction, TransferSuggestion } from '@ledgerly/shared';
import { MATCH_MSG, ACCOUNT_MSG } from '@ledgerly/shared';
import { registerUser, useTestApp, type TestApp } from '../../../test/build-test-app.js';
import { seedAccount, createCategory, seedTransactions } from '../../../test/factories.js';
import { commit, csv, preview, upload } from '../../../test/imports-helpers.js';

const t = useTestApp();

/** An OFX 1.02 statement of one or more accounts: [acctid, [[date, amount, name, fitid]...], ledgerbal?]. */
function ofx(statements: [string, [string, string, string, string][], string?][]): string {
  const body = statements
    .map(
      ([
        acct,
        rows,
        bal,
      ]) => `<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>123<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>${rows
        .map(
          ([d, a, n, id]) =>
            `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d.replaceAll('-', '')}<TRNAMT>${a}<FITID>${id}<NAME>${n}</STMTTRN>`,
        )
        .join(
          '\n',
        )}</BANKTRANLIST>${bal ? `<LEDGERBAL><BALAMT>${bal}<DTASOF>20260930</LEDGERBAL>` : ''}</STMTRS></STMTTRNRS>`,
    )
    .join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1>${body}</BANKMSGSRSV1></OFX>\n`;
}

async function user(t: TestApp) {
  const { token, user } = await registerUser(t);
  return { token, userId: user.id };
}

async function list(token: string, accountId?: string): Promise<Transaction[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/transactions?limit=500${accountId ? `&accountId=${accountId}` : ''}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Transaction[] }>().data;
}

async function suggestions(token: string): Promise<TransferSuggestion[]> {
  const res = await t.request({ method: 'GET', url: '/api/transfers/suggestions', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TransferSuggestion[] }>().data;
}

describe('imports into accounts', () => {
  it('with one account the statement goes into it, as before', async () => {
    const { token } = await user(t);
    const batch = await preview(t, token, csv([['2026-09-01', 'Shop', '-5.00']]));
    expect(batch.needsReview).toEqual([]);
    expect(batch.accountId).toEqual(expect.any(String));
    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
    expect((await list(token))[0]!.accountId).toBe(batch.accountId);
  });

  it('with two accounts and none chosen it needs review, and its commit is a 409 with a sentence', async () => {
    const { token, userId } = await user(t);
    const savings = await seedAccount(t, userId, { name: 'Savings', kind: 'savings', currency: 'USD' });
    const batch = await preview(t, token, csv([['2026-09-01', 'Interest', '1.00']]));
    expect(batch.needsReview).toContain('account');
    expect(batch.accountId).toBeNull();
    const refused = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MATCH_MSG.chooseAccount);

    const chosen = await t.request({
      method: 'PUT',
      url: `/api/imports/${batch.id}`,
      token,
      payload: { options: { accountId: savings } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const updated = chosen.json<{ data: ImportBatch }>().data;
    expect(updated.needsReview).toEqual([]);
    expect(updated.accountId).toBe(savings);
    await commit(t, token, batch.id);
    expect((await list(token, savings)).map((r) => r.description)).toEqual(['Interest']);
  });

  it("another user's account is a 404, a closed one a 409", async () => {
    const { token, userId } = await user(t);
    const other = await user(t);
    const theirs = await seedAccount(t, other.userId, { name: 'Theirs', kind: 'checking', currency: 'USD' });
    const res = await upload(t, token, csv([['2026-09-01', 'Shop', '-5.00']]), { accountId: theirs });
    expect(res.statusCode).toBe(404);
    const closed = await seedAccount(t, userId, { name: 'Old', kind: 'checking', currency: 'USD' });
    await t.db.db.execute(sql`update accounts set closed_at = now() where id = ${closed}`);
    const refused = await upload(t, token, csv([['2026-09-01', 'Shop', '-5.00']]), { accountId: closed });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(ACCOUNT_MSG.closed);
  });

  it("remembers the file's account identity and picks that account next time; answers the balance check", async () => {
    const { token, userId } = await user(t);
    const checking = await seedAccount(t, userId, {
      name: 'Checking',
      kind: 'checking',
      currency: 'USD',
      openingCents: 10000,
      openingDate: '2026-08-31',
    });
    await seedAccount(t, userId, { name: 'Card', kind: 'credit_card', currency: 'USD' });
    const first = await preview(t, token, ofx([['5550001', [['2026-09-02', '-20.00', 'GROCER', 'A1']], '80.00']]), {
      accountId: checking,
    });
    expect(first.suggestedAccountId).toBeNull();
    expect(first.statementAccounts).toEqual([{ id: '5550001', rows: 1 }]);
    const done = await commit(t, token, first.id);
    expect(done.balanceCheck).toEqual({ date: '2026-09-30', statementBalance: 80, ledgerBalance: 80, matches: true });

    const next = await preview(t, token, ofx([['5550001', [['2026-09-05', '-1.00', 'FEE', 'A2']], '70.00']]));
    expect(next.accountId).toBe(checking);
    expect(next.suggestedAccountId).toBe(checking);
    expect(next.needsReview).toEqual([]);
    const second = await commit(t, token, next.id);
    // The statement says 70.00; the ledger has 79.00: the check says it differs.
    expect(second.balanceCheck).toEqual({
      date: '2026-09-30',
      statementBalance: 70,
      ledgerBalance: 79,
      matches: false,
    });
    const got = await t.request({ method: 'GET', url: `/api/imports/${next.id}`, token });
    expect(got.json<{ data: ImportBatch }>().data.balanceCheck).toMatchObject({ matches: false });
    type Stored = { import_ids: string[]; check_date: string; check_balance_cents: string | number };
    const stored: unknown = await t.db.db.execute(
      sql`select import_ids, check_date::text, check_balance_cents from accounts where id = ${checking}`,
    );
    const [account] = (stored as { rows: Stored[] }).rows;
    expect(account).toMatchObject({ import_ids: ['5550001'], check_date: '2026-09-30' });
    expect(Number(account!.check_balance_cents)).toBe(7000);
  });

  it('with one account, a file of several accounts imports whole, as before accounts existed', async () => {
    const { token } = await user(t);
    const file = ofx([
      ['111', [['2026-09-02', '-20.00', 'GROCER', 'B1']], '10.00'],
      [
        '222',
        [
          ['2026-09-03', '-7.00', 'CAFE', 'B2'],
          ['2026-09-04', '-3.00', 'BUS', 'B3'],
        ],
      ],
    ]);
    const batch = await preview(t, token, file);
    expect(batch.statementAccounts).toHaveLength(2);
    expect(batch.needsReview).not.toContain('statementAccount');
    expect(batch.summary.rows).toBe((batch.statementAccounts ?? []).reduce((n, a) => n + a.rows, 0));
    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
  });

  it('a file of several accounts imports the chosen account’s rows only', async () => {
    const { token, userId } = await user(t);
    const checking = await seedAccount(t, userId, { name: 'Checking', kind: 'checking', currency: 'USD' });
    const file = ofx([
      ['111', [['2026-09-02', '-20.00', 'GROCER', 'B1']], '10.00'],
      [
        '222',
        [
          ['2026-09-03', '-7.00', 'CAFE', 'B2'],
          ['2026-09-04', '-3.00', 'BUS', 'B3'],
        ],
      ],
    ]);
    const batch = await preview(t, token, file, { accountId: checking });
    expect(batch.statementAccounts).toEqual([
      { id: '111', rows: 1 },
      { id: '222', rows: 2 },
    ]);
    expect(batch.needsReview).toContain('statementAccount');
    const refused = await t.request({ method: 'POST', url: `/api/imports/${batch.id}/commit`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MATCH_MSG.chooseStatementAccount);
    const res = await t.request({
      method: 'PUT',
      url: `/api/imports/${batch.id}`,
      token,
      payload: { options: { accountId: checking, statementAccount: '222' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const narrowed = res.json<{ data: ImportBatch }>().data;
    expect(narrowed.needsReview).toEqual([]);
    expect(narrowed.summary.rows).toBe(2);
    const done = await commit(t, token, batch.id);
    // Several statements' closing balances are not one account's: no balance check.
    expect(done.balanceCheck).toBeNull();
    expect((await list(token, checking)).map((r) => r.description).sort()).toEqual(['BUS', 'CAFE']);
  });
  it('a QIF "Opening Balance" record becomes the account\'s opening row, and undoing the import removes it', async () => {
    const { token, userId } = await user(t);
    const wallet = await seedAccount(t, userId, { name: 'Wallet', kind: 'cash', currency: 'USD' });
    await seedAccount(t, userId, { name: 'Checking', kind: 'checking', currency: 'USD' });
    const qif = '!Type:Cash\nD09/01/2026\nT42.10\nPOpening Balance\nL[Wallet]\n^\nD09/02/2026\nT-2.10\nPCoffee\n^\n';
    const res = await upload(t, token, qif, { accountId: wallet, dateFormat: 'MM/DD/YYYY' }, 'wallet.qif');
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<{ data: ImportBatch }>().data;
    expect(batch.summary.rows).toBe(1);
    const done = await commit(t, token, batch.id);
    const rows = await list(token, wallet);
    expect(rows.map((r) => [r.kind, r.status, r.categoryId === null, r.amount, r.date])).toEqual([
      ['regular', 'cleared', false, 2.1, '2026-09-02'],
      ['opening', 'cleared', true, 42.1, '2026-09-01'],
    ]);
    const summary = await t.request({ method: 'GET', url: '/api/transactions/summary', token });
    expect(summary.json<{ data: { totalIncome: number } }>().data.totalIncome).toBe(0);
    await t.request({ method: 'POST', url: `/api/imports/${done.id}/revert`, token });
    expect(await list(token, wallet)).toEqual([]);
  });
  it('a QIF whose only record is its "Opening Balance" imports the opening row alone (nothing to match)', async () => {
    const { token, userId } = await user(t);
    const wallet = await seedAccount(t, userId, { name: 'Wallet', kind: 'cash', currency: 'USD' });
    const qif = '!Type:Cash\nD09/01/2026\nT42.10\nPOpening Balance\nL[Wallet]\n^\n';
    const res = await upload(t, token, qif, { accountId: wallet, dateFormat: 'MM/DD/YYYY' }, 'wallet.qif');
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<{ data: ImportBatch }>().data;
    expect(batch.summary.rows).toBe(0);
    const done = await commit(t, token, batch.id);
    expect(done.transfers).toEqual({ linked: 0, suggested: 0 });
    const rows = await list(token, wallet);
    expect(rows.map((r) => [r.kind, r.amount, r.date])).toEqual([['opening', 42.1, '2026-09-01']]);
  });
});

describe('transfer matching', () => {
  async function household() {
    const { token, userId } = await user(t);
    const checking = await seedAccount(t, userId, { name: 'Checking', kind: 'checking', currency: 'USD' });
    const savings = await seedAccount(t, userId, { name: 'Savings', kind: 'savings', currency: 'USD' });
    return { token, userId, checking, savings };
  }

  it('links a unique pair after import, keeps the previous category, and reverting gives it back', async () => {
    const { token, checking, savings } = await household();
    const a = await commit(
      t,
      token,
      (await preview(t, token, csv([['2026-09-01', 'To savings', '-100.00']]), { accountId: checking })).id,
    );
    expect(a.transfers).toEqual({ linked: 0, suggested: 0 });
    const before = (await list(token, checking))[0]!;
    const b = await commit(
      t,
      token,
      (await preview(t, token, csv([['2026-09-02', 'From checking', '100.00']]), { accountId: savings })).id,
    );
    expect(b.transfers).toEqual({ linked: 1, suggested: 0 });
    const out = (await list(token, checking))[0]!;
    expect(out).toMatchObject({ kind: 'transfer', categoryId: null, transferAccountId: savings });
    const revert = await t.request({ method: 'POST', url: `/api/imports/${b.id}/revert`, token });
    expect(revert.statusCode).toBe(200);
    expect((await list(token, checking))[0]).toMatchObject({
      kind: 'regular',
      transferId: null,
      categoryId: before.categoryId,
    });
  });

  it('offers ties as suggestions; link, reject and match on demand; errors are sentences', async () => {
    const { token, userId, checking, savings } = await household();
    const other = await user(t);
    // One 50.00 out of checking, two 50.00 into savings one day either side: a tie.
    await commit(
      t,
      token,
      (
        await preview(
          t,
          token,
          csv([
            ['2026-09-10', 'Move', '-50.00'],
            ['2026-09-12', 'Shop', '-9.00'],
          ]),
          { accountId: checking },
        )
      ).id,
    );
    const done = await commit(
      t,
      token,
      (
        await preview(
          t,
          token,
          csv([
            ['2026-09-09', 'Deposit', '50.00'],
            ['2026-09-11', 'Deposit', '50.00'],
            ['2026-09-12', 'Refund', '9.50'],
          ]),
          { accountId: savings },
        )
      ).id,
    );
    expect(done.transfers).toEqual({ linked: 0, suggested: 2 });
    const offered = await suggestions(token);
    expect(offered).toHaveLength(2);
    expect(offered[0]!.score).toBe(offered[1]!.score);
    const [first, second] = offered as [TransferSuggestion, TransferSuggestion];
    const shop = (await list(token, checking)).find((r) => r.description === 'Shop')!;
    const refund = (await list(token, savings)).find((r) => r.description === 'Refund')!;

    const link = (payload: Record<string, string>, who = token) =>
      t.request({ method: 'POST', url: '/api/transfers/link', token: who, payload });
    const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

    let res = await link({ outTransactionId: first.inTransactionId, inTransactionId: first.outTransactionId });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(ACCOUNT_MSG.sameDirection);
    res = await link({ outTransactionId: shop.id, inTransactionId: refund.id });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(ACCOUNT_MSG.differentAmounts);
    res = await link({ outTransactionId: first.outTransactionId, inTransactionId: first.inTransactionId }, other.token);
    expect(res.statusCode).toBe(404);
    res = await link({ outTransactionId: 'nope', inTransactionId: first.inTransactionId });
    expect(res.statusCode).toBe(400);

    const rejected = await t.request({
      method: 'POST',
      url: '/api/transfers/suggestions/reject',
      token,
      payload: { outTransactionId: second.outTransactionId, inTransactionId: second.inTransactionId },
    });
    expect(rejected.statusCode).toBe(204);
    // With the rival rejected, matching on demand finds the pair left unique and links it.
    const matched = await t.request({ method: 'POST', url: '/api/transfers/match', token });
    expect(matched.json()).toEqual({ data: { linked: 1, suggested: 0 } });
    res = await link({ outTransactionId: first.outTransactionId, inTransactionId: first.inTransactionId });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(ACCOUNT_MSG.alreadyLinked);
    const linkedOut = (await list(token, checking)).find((r) => r.id === first.outTransactionId)!;
    expect(linkedOut.transferAccountId).toBe(savings);
    expect(await suggestions(token)).toEqual([]);
    expect(userId).toBeTruthy();
  });

  it('POST /transfers/link answers the transfer; bulk mark-as-transfer pairs the unique best partners', async () => {
    const { token, userId, checking, savings } = await household();
    const category = await createCategory(t, token, { name: 'Moves', type: 'expense' });
    const income = await createCategory(t, token, { name: 'Moves in', type: 'income' });
    await seedTransactions(t, [
      {
        userId,
        categoryId: category.id,
        type: 'expense',
        amountCents: 7000,
        date: '2026-09-01',
        description: 'Out A',
        accountId: checking,
      },
      {
        userId,
        categoryId: category.id,
        type: 'expense',
        amountCents: 3000,
        date: '2026-09-01',
        description: 'Out B',
        accountId: checking,
      },
      {
        userId,
        categoryId: category.id,
        type: 'expense',
        amountCents: 1234,
        date: '2026-09-01',
        description: 'Lonely',
      },
    ]);
    const rows = await list(token);
    const ids = Object.fromEntries(rows.map((r) => [r.description, r.id]));
    await seedTransactions(t, [
      {
        userId,
        categoryId: income.id,
        type: 'income',
        amountCents: 7000,
        date: '2026-09-20',
        description: 'In A',
        accountId: savings,
      },
      {
        userId,
        categoryId: income.id,
        type: 'income',
        amountCents: 3000,
        date: '2026-09-02',
        description: 'In B',
        accountId: savings,
      },
    ]);
    for (const r of await list(token)) ids[r.description!] = r.id;

    // Any two rows of opposite directions and equal amounts may be linked by hand, even 19 days apart.
    const res = await t.request({
      method: 'POST',
      url: '/api/transfers/link',
      token,
      payload: { outTransactionId: ids['Out A'], inTransactionId: ids['In A'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      amount: 70,
      toAmount: 70,
      toAccountId: savings,
      date: '2026-09-01',
      outTransaction: { id: ids['Out A'], kind: 'transfer' },
      inTransaction: { id: ids['In A'], kind: 'transfer' },
    });

    const bulk = await t.request({
      method: 'POST',
      url: '/api/transactions/bulk/mark-transfer',
      token,
      payload: { ids: [ids['Out B'], ids['Lonely']] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ data: { linked: 1, unmatched: [ids['Lonely']] } });
    const empty = await t.request({
      method: 'POST',
      url: '/api/transactions/bulk/mark-transfer',
      token,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(MATCH_MSG.idsRequired);
    const other = await user(t);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/transactions/bulk/mark-transfer',
      token: other.token,
      payload: { ids: [ids['Lonely']] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('after an import links and counts only pairs with a leg in it, with rivals among older rows counted', async () => {
    const { token, userId, checking, savings } = await household();
    const cash = await seedAccount(t, userId, { name: 'Wallet', kind: 'cash', currency: 'USD' });
    const food = await createCategory(t, token, { name: 'Moves', type: 'expense' });
    const pay = await createCategory(t, token, { name: 'Moves in', type: 'income' });
    // Older rows, written without matching: a 70.00 out of checking with an income a day later
    // in savings, and a unique 40.00 pair of the same day.
    const old = (accountId: string, type: 'expense' | 'income', cents: number, date: string, description: string) => ({
      userId,
      accountId,
      categoryId: type === 'expense' ? food.id : pay.id,
      type,
      amountCents: cents,
      date,
      description,
    });
    await seedTransactions(t, [
      old(checking, 'expense', 7000, '2026-09-10', 'Move'),
      old(savings, 'income', 7000, '2026-09-11', 'In'),
      old(checking, 'expense', 4000, '2026-09-01', 'Other'),
      old(savings, 'income', 4000, '2026-09-01', 'Other in'),
    ]);
    // The import's 70.00 is a day before the old out leg: a tie with the old income.
    const batch = await preview(t, token, csv([['2026-09-09', 'Top up', '70.00']]), { accountId: cash });
    const done = await commit(t, token, batch.id);
    expect(done.transfers).toEqual({ linked: 0, suggested: 1 });
    expect((await list(token)).filter((r) => r.kind === 'transfer')).toEqual([]);
    // On demand, every pair of the user: the old unique one is linked, the tie's two are offered.
    const matched = await t.request({ method: 'POST', url: '/api/transfers/match', token });
    expect(matched.json()).toEqual({ data: { linked: 1, suggested: 2 } });
    const linked = (await list(token)).filter((r) => r.kind === 'transfer').map((r) => r.description);
    expect(linked.sort()).toEqual(['Other', 'Other in']);
    expect((await suggestions(token)).map((s) => s.inTransaction.description).sort()).toEqual(['In', 'Top up']);
  });

  it('matches a 10,000-row import against 10,000 rows of another account, then on demand over the 20,000', async () => {
    const { token, userId, checking, savings } = await household();
    const category = await createCategory(t, token, { name: 'Bulk', type: 'expense' });
    const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10);
    await seedTransactions(
      t,
      Array.from({ length: 10_000 }, (_, i) => ({
        userId,
        categoryId: category.id,
        type: 'expense' as const,
        amountCents: 100 + (i % 5000),
        date: day(i),
        description: `Spend ${i}`,
        accountId: checking,
      })),
    );
    // Every other row has its partner a day later (a transfer), the rest 9 days later (none).
    // Amounts repeat every 5,000 rows, dates every 2,000: rows i and i + 10,000 would collide,
    // but there are only 10,000, so each even row's partner is its only candidate.
    const lines: [string, string, string][] = Array.from({ length: 10_000 }, (_, i) => [
      day(i + (i % 2 === 0 ? 1 : 9)),
      `Got ${i}`,
      ((100 + (i % 5000)) / 100).toFixed(2),
    ]);
    const batch = await preview(t, token, csv(lines), { accountId: savings });
    const done = await commit(t, token, batch.id);
    expect(done.status).toBe('committed');
    const counted = await t.db.db.execute(
      sql`select count(*)::int as n from transfers where user_id = ${userId} and matched`,
    );
    const [links] = (counted as { rows: { n: number }[] }).rows;
    expect(done.transfers).toEqual({ linked: links!.n, suggested: 0 });
    expect(links!.n).toBeGreaterThan(4000);
    // Matching on demand over the 20,000 rows finds nothing more (its time is measured in bench/accounts.bench.ts).
    const matched = await t.request({ method: 'POST', url: '/api/transfers/match', token });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toEqual({ data: { linked: 0, suggested: 0 } });
  }, 300_000);
});
