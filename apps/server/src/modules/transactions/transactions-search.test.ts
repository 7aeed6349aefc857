import { describe, expect, it } from 'vitest';
import type { Transaction } from '@ledgerly/shared';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';
import { searchAmountRange } from '../ledger/index.js';

const t = useTestApp();

describe('searching the transactions list (issue 6/6 item 9)', () => {
  it('finds descriptions (payees), category names and amounts, and only the user’s own', async () => {
    const auth = await registerUser(t);
    const groceries = await createCategory(t, auth.token, { name: 'Groceries' });
    const rent = await createCategory(t, auth.token, { name: 'Rent' });
    const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
    const today = todayIn(auth.user.timezone);
    const rows = [
      { description: 'OAK PROPERTIES', categoryId: rent.id, type: 'expense' as const, amountCents: 145000 },
      { description: 'Corner shop', categoryId: groceries.id, type: 'expense' as const, amountCents: 1450 },
      { description: 'Market', categoryId: groceries.id, type: 'expense' as const, amountCents: 1455 },
      { description: 'ACME payroll', categoryId: salary.id, type: 'income' as const, amountCents: 145099 },
      { description: 'Invoice 1450 paid', categoryId: salary.id, type: 'income' as const, amountCents: 3000 },
      { description: null, categoryId: rent.id, type: 'expense' as const, amountCents: 145100 },
    ];
    await seedTransactions(
      t,
      rows.map((r) => ({ ...r, userId: auth.user.id, date: today })),
    );
    // Someone else's matching rows never show.
    const other = await registerUser(t);
    const otherRent = await createCategory(t, other.token, { name: 'Rent' });
    await seedTransactions(t, [
      {
        userId: other.user.id,
        categoryId: otherRent.id,
        type: 'expense',
        amountCents: 1450,
        date: today,
        description: 'Corner shop',
      },
    ]);

    const search = async (q: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/transactions?search=${encodeURIComponent(q)}`,
        token: auth.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ meta: { total: number } }>().meta.total).toBe(res.json<{ data: unknown[] }>().data.length);
      return res
        .json<{ data: Transaction[] }>()
        .data.map((r) => r.description ?? '(none)')
        .sort();
    };

    // Category names, case-insensitively (a row without description is found by its category).
    expect(await search('rent')).toEqual(['(none)', 'OAK PROPERTIES']);
    expect(await search('GROC')).toEqual(['Corner shop', 'Market']);
    // Payees as before.
    expect(await search('oak prop')).toEqual(['OAK PROPERTIES']);
    // "1450": $1,450.00 to $1,450.99, and text containing 1450.
    expect(await search('1450')).toEqual(['ACME payroll', 'Invoice 1450 paid', 'OAK PROPERTIES']);
    expect(await search('1,450')).toEqual(['ACME payroll', 'OAK PROPERTIES']);
    expect(await search('1,450.00')).toEqual(['OAK PROPERTIES']);
    expect(await search('$1450.99')).toEqual(['ACME payroll']);
    // "14.50" is exactly $14.50; "14.5" is $14.50 to $14.59; "-14.50" as the list writes an expense.
    expect(await search('14.50')).toEqual(['Corner shop']);
    expect(await search('14.5')).toEqual(['Corner shop', 'Market']);
    expect(await search('-14.50')).toEqual(['Corner shop']);
    expect(await search('14')).toEqual(['Corner shop', 'Invoice 1450 paid', 'Market']);
    // Not amounts: searched as text only.
    expect(await search('1.2.3')).toEqual([]);
    expect(await search('99999999999999999999')).toEqual([]);
  });

  it('reads amounts with patterns that run in linear time and refuses what is not an amount', () => {
    expect(searchAmountRange('1450')).toEqual({ lo: 145000, hi: 145099 });
    expect(searchAmountRange('14.50')).toEqual({ lo: 1450, hi: 1450 });
    expect(searchAmountRange('14.5')).toEqual({ lo: 1450, hi: 1459 });
    expect(searchAmountRange('14.')).toEqual({ lo: 1400, hi: 1499 });
    expect(searchAmountRange('1,234,567.89')).toEqual({ lo: 123456789, hi: 123456789 });
    for (const text of ['', 'coffee', '14.505', '1,45', '12,3456', '.5', '1 450', '--5', '1e3']) {
      expect(searchAmountRange(text), text).toBeNull();
    }
    // A long hostile input is refused at once.
    const started = performance.now();
    expect(searchAmountRange(`${'1,'.repeat(50_000)}x`)).toBeNull();
    expect(searchAmountRange(`${'9'.repeat(100_000)}!`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
