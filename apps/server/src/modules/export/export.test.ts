import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatShare, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory, seedTransactions } from '../../../test/factories.js';
import { readPdf } from '../../../test/pdf.js';
import { accounts, transfers } from '../../db/schema.js';
import { openReport } from './export.service.js';
import { type KnownData, seedKnownData, seedOtherUser } from '../../../test/known-data.js';

const t = useTestApp();
let jane: { token: string; id: string; email: string };
let known: KnownData;

async function exportPdf(query = '', token = jane.token) {
  const res = await t.request({ method: 'GET', url: `/api/export/pdf${query}`, token });
  expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { res, pdf: await readPdf(res.rawPayload) };
}

beforeAll(async () => {
  const auth = await registerUser(t, { firstName: 'Jane', lastName: 'Doe', timezone: 'Asia/Kolkata' });
  jane = { token: auth.token, id: auth.user.id, email: auth.user.email };
  const put = await t.request({
    method: 'PUT',
    url: '/api/settings',
    token: jane.token,
    payload: { firstName: 'Jane', lastName: 'Doe', currency: 'INR' },
  });
  expect(put.statusCode).toBe(200);
  known = await seedKnownData(t, jane);
  const other = await registerUser(t);
  await seedOtherUser(t, { token: other.token, id: other.user.id });
});

describe('PDF export', () => {
  it('is an attachment named with today in the user’s time zone, with the whole report', async () => {
    const { res, pdf } = await exportPdf();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${todayIn('Asia/Kolkata')}.pdf"`);
    expect(pdf.pages).toHaveLength(1);
    const text = pdf.text;
    expect(text).toContain('Ledgerly — Transaction Report');
    expect(text).toContain(`Prepared for Jane Doe · ${jane.email}`);
    expect(text).toContain('All time');
    expect(text).toContain('Income and expenses');
    expect(text).toContain('INR (₹)');
    // Summary: income, expenses, balance in the user's currency.
    expect(text).toContain('₹3,500.05');
    expect(text).toContain('₹2,045.84');
    expect(text).toContain('₹1,454.21');
    expect(text).toContain('7 transactions in all');
    // Totals per category, income first, largest first.
    expect(text).toMatch(/Salary\s+Income\s+1\s+85\.7%\s+₹3,000\.00/);
    expect(text).toMatch(/Freelance\s+Income\s+1\s+14\.3%\s+₹500\.05/);
    expect(text).toMatch(/Rent\s+Expense\s+2\s+97\.8%\s+₹2,000\.00/);
    expect(text).toMatch(/Food\s+Expense\s+3\s+2\.2%\s+₹45\.84/);
    expect(text).not.toContain('Fun');
    // Every transaction, oldest first, with a signed amount.
    expect(text).toContain('Transactions (7)');
    const order = ['January salary', 'January rent', 'Groceries', 'Logo design', 'March rent'].map((d) =>
      text.indexOf(d),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(text).toMatch(/Jan 5, 2025\s+January salary\s+Salary\s+\+₹3,000\.00/);
    expect(text).toMatch(/Jan 6, 2025\s+Lunch\s+Food\s+-₹12\.50/);
    expect(text).toMatch(/Jan 6, 2025\s+Gum\s+Food\s+-₹0\.01/);
    expect(text).toMatch(/Net balance\s+\+₹1,454\.21/);
    expect(text).toContain('Page 1 of 1');
    // Another user's rows on the same days are never counted.
    expect(text).not.toContain('7,777.77');
    expect(text).not.toContain('9,999.99');
  });

  it('honours type, category, dates and search', async () => {
    const expenses = (await exportPdf('?type=expense')).pdf.text;
    expect(expenses).toContain('Expenses only');
    expect(expenses).toContain('Transactions (5)');
    expect(expenses).not.toContain('January salary');
    expect(expenses).toMatch(/Net balance\s+-₹2,045\.84/);

    const food = (await exportPdf(`?categoryId=${known.food.id}`)).pdf.text;
    expect(food).toMatch(/Category\s+Food/);
    expect(food).toContain('Transactions (3)');
    expect(food).not.toContain('January rent');

    const feb = (await exportPdf('?startDate=2025-02-01&endDate=2025-02-28')).pdf.text;
    expect(feb).toContain('Feb 1, 2025 – Feb 28, 2025');
    expect(feb).toContain('Transactions (2)');
    expect(feb).toContain('Groceries');
    expect(feb).toContain('Logo design');
    expect(feb).not.toContain('March rent');

    const rent = (await exportPdf('?search=RENT')).pdf.text;
    expect(rent).toContain('“RENT”');
    expect(rent).toContain('Transactions (2)');
    expect(rent).toContain('January rent');
    expect(rent).toContain('March rent');

    const from = (await exportPdf('?startDate=2025-03-01')).pdf.text;
    expect(from).toContain('From Mar 1, 2025');
    expect(from).toContain('Transactions (1)');
  });

  it('treats search wildcards literally', async () => {
    const user = await registerUser(t);
    const cat = await createCategory(t, user.token, { name: 'Misc' });
    const row = (description: string) => ({
      userId: user.user.id,
      categoryId: cat.id,
      type: 'expense' as const,
      amountCents: 100,
      date: '2025-01-01',
      description,
    });
    await seedTransactions(t, [row('100% cotton'), row('1000 cotton'), row('a_b'), row('axb')]);
    const percent = (await exportPdf('?search=100%25', user.token)).pdf.text;
    expect(percent).toContain('Transactions (1)');
    expect(percent).toContain('100% cotton');
    const underscore = (await exportPdf('?search=a_b', user.token)).pdf.text;
    expect(underscore).toContain('Transactions (1)');
  });

  it('is still a valid one-page report when nothing matches', async () => {
    const empty = await registerUser(t, { firstName: 'Ed' });
    const { pdf } = await exportPdf('', empty.token);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.text).toContain('Prepared for Ed · ');
    expect(pdf.text).toContain('$0.00');
    expect(pdf.text).toContain('No transactions match these filters.');
    expect(pdf.text).toContain('Transactions (0)');
    expect(pdf.text).toContain('Page 1 of 1');
  });

  it('answers bad filters with JSON errors before any PDF', async () => {
    const cases: [string, number, string][] = [
      ['?startDate=2025-02-30', 400, 'Dates must be YYYY-MM-DD'],
      ['?startDate=2025-03-02&endDate=2025-03-01', 400, 'Start date cannot be after end date'],
      ['?endDate=2999-01-01', 400, 'Dates cannot be later than today'],
      ['?type=savings', 400, 'Type must be expense or income'],
      ['?categoryId=nope', 400, 'Unknown category'],
      [`?categoryId=00000000-0000-4000-8000-000000000000`, 404, 'Category not found'],
    ];
    for (const [query, status, message] of cases) {
      const res = await t.request({ method: 'GET', url: `/api/export/pdf${query}`, token: jane.token });
      expect(res.statusCode, query).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().message, query).toBe(message);
    }
    const unauthenticated = await t.request({ method: 'GET', url: '/api/export/pdf' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it("answers 404 for another user's category", async () => {
    const other = await registerUser(t);
    const theirs = await createCategory(t, other.token, { name: 'Theirs' });
    const res = await t.request({ method: 'GET', url: `/api/export/pdf?categoryId=${theirs.id}`, token: jane.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found', code: 'NOT_FOUND' });
  });
});

describe('shares', () => {
  it('writes a category share as the dashboard does: rounded once, one decimal', async () => {
    const auth = await registerUser(t, { firstName: 'Ria' });
    const food = await createCategory(t, auth.token, { name: 'Food' });
    const rent = await createCategory(t, auth.token, { name: 'Rent' });
    // 419.49 of 1,000.00 is 41.949 %: rounding it twice (41.95, then 42.0) would say 42 %.
    await seedTransactions(t, [
      {
        userId: auth.user.id,
        categoryId: food.id,
        type: 'expense',
        amountCents: 41_949,
        date: '2025-02-01',
        description: 'Food',
      },
      {
        userId: auth.user.id,
        categoryId: rent.id,
        type: 'expense',
        amountCents: 58_051,
        date: '2025-02-02',
        description: 'Rent',
      },
    ]);
    const res = await t.request({
      method: 'GET',
      url: '/api/analytics/category-breakdown?type=expense',
      token: auth.token,
    });
    const shares = Object.fromEntries(
      res
        .json<{ data: { breakdown: { categoryName: string; percentage: number }[] } }>()
        .data.breakdown.map((b) => [b.categoryName, formatShare(b.percentage)]),
    );
    expect(shares).toEqual({ Rent: '58.1%', Food: '41.9%' });
    const { pdf } = await exportPdf('', auth.token);
    expect(pdf.text).toMatch(/Rent\s+Expense\s+1\s+58\.1%/);
    expect(pdf.text).toMatch(/Food\s+Expense\s+1\s+41\.9%/);
  });
});

describe('large figures', () => {
  it('shows every amount whole, however wide, never cut with an ellipsis', async () => {
    const auth = await registerUser(t, { firstName: 'Budi' });
    await t.request({ method: 'PUT', url: '/api/settings', token: auth.token, payload: { currency: 'IDR' } });
    const salary = await createCategory(t, auth.token, { name: 'Salary', type: 'income' });
    const rent = await createCategory(t, auth.token, { name: 'Rent' });
    const big = 999_999_999_999; // the largest amount a transaction may have
    await seedTransactions(t, [
      ...[1, 2, 3].map((d) => ({
        userId: auth.user.id,
        categoryId: salary.id,
        type: 'income' as const,
        amountCents: big,
        date: `2025-01-0${d}`,
        description: `Pay ${d}`,
      })),
      {
        userId: auth.user.id,
        categoryId: rent.id,
        type: 'expense' as const,
        amountCents: big,
        date: '2025-01-04',
        description: 'Tower',
      },
    ]);
    const { pdf } = await exportPdf('', auth.token);
    expect(pdf.text).not.toContain('…');
    expect(pdf.text).toContain('Rp29,999,999,999.97'); // income card and the Salary total
    expect(pdf.text).toContain('-Rp9,999,999,999.99'); // the Tower row
    expect(pdf.text).toMatch(/Net balance\s+\+Rp19,999,999,999\.98/);
  });
});

describe('a long report', () => {
  it('continues the table across pages with its header and page numbers; every row once', async () => {
    const user = await registerUser(t, { firstName: 'Long' });
    const cat = await createCategory(t, user.token, { name: 'Supplies' });
    const rows = Array.from({ length: 600 }, (_, i) => ({
      userId: user.user.id,
      categoryId: cat.id,
      type: 'expense' as const,
      amountCents: 1000 + i,
      // Many rows share a date (and all share created_at): the keyset cursor must break ties.
      date: addDays('2024-01-01', Math.floor(i / 7)),
      description: `Item ${String(i + 1).padStart(3, '0')}`,
    }));
    await seedTransactions(t, rows);
    const { pdf } = await exportPdf('', user.token);
    const total = pdf.pages.length;
    expect(total).toBeGreaterThanOrEqual(15);
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${total}`);
      expect(page).toMatch(/DATE\s+DESCRIPTION\s+CATEGORY\s+AMOUNT/);
      if (i > 0) {
        expect(page).toContain('Transactions (600) (continued)');
        expect(page).toContain('Ledgerly — Transaction Report');
      }
    });
    const items = pdf.text.match(/Item \d{3}/g) ?? [];
    expect(items).toHaveLength(600);
    expect(new Set(items).size).toBe(600);
    // Oldest first: the day (7 items a day) never goes back; within a day the order is by id.
    const days = items.map((item) => Math.floor((Number(item.slice(5)) - 1) / 7));
    expect(days.every((day, i) => i === 0 || day >= days[i - 1]!)).toBe(true);
    // 600 × 10.00 + (0 + … + 599) cents = 6,000.00 + 1,797.00
    expect(pdf.pages[total - 1]).toMatch(/Net balance\s+-\$7,797\.00/);
  });

  it('plans exactly the pages it writes, whatever the row count (page boundaries)', async () => {
    const user = await registerUser(t);
    const food = await createCategory(t, user.token, { name: 'Food' });
    const salary = await createCategory(t, user.token, { name: 'Salary', type: 'income' });
    const start = '2024-01-01';
    await seedTransactions(
      t,
      Array.from({ length: 62 }, (_, i) => ({
        userId: user.user.id,
        categoryId: i === 0 ? salary.id : food.id,
        type: i === 0 ? ('income' as const) : ('expense' as const),
        amountCents: 500,
        date: addDays(start, i),
        description: `Row ${i + 1}`,
      })),
    );
    const totals = new Set<number>();
    for (const count of [1, 19, 20, 21, 22, 23, 56, 57, 58, 59, 60, 61, 62]) {
      const { pdf } = await exportPdf(`?startDate=${start}&endDate=${addDays(start, count - 1)}`, user.token);
      const total = pdf.pages.length;
      expect(pdf.pages[0], `count ${count}`).toContain(`Page 1 of ${total}`);
      expect(pdf.pages[total - 1], `count ${count}`).toContain(`Page ${total} of ${total}`);
      expect(pdf.pages[total - 1], `count ${count}`).toContain('Net balance');
      expect(pdf.text.match(/Row \d+/g) ?? [], `count ${count}`).toHaveLength(count);
      totals.add(total);
    }
    // The sweep crosses two page boundaries (one, two and three pages).
    expect([...totals]).toEqual([1, 2, 3]);
  });

  it('answers other requests while a long report is being written', async () => {
    const auth = await registerUser(t, { firstName: 'Busy' });
    const cat = await createCategory(t, auth.token, { name: 'Parts' });
    await seedTransactions(
      t,
      Array.from({ length: 2000 }, (_, i) => ({
        userId: auth.user.id,
        categoryId: cat.id,
        type: 'expense' as const,
        amountCents: 100 + i,
        date: addDays('2024-01-01', i % 300),
        description: `Part ${i + 1}`,
      })),
    );
    // The route's choice: one snapshot on PostgreSQL, batch by batch on PGlite's single connection.
    const report = await openReport(t.db.db, auth.user, {}, () => {}, { snapshot: t.db.kind === 'postgres' });
    const events: string[] = [];
    const ended = new Promise<void>((resolve, reject) => {
      report.stream.on('end', () => {
        events.push('report');
        resolve();
      });
      report.stream.on('error', reject);
    });
    report.stream.resume();
    // The rows are still being read and drawn: another user's request must not wait for them.
    const other = await registerUser(t);
    const res = await t.request({ method: 'GET', url: '/api/transactions', token: other.token });
    expect(res.statusCode).toBe(200);
    events.push('other request');
    await ended;
    expect(events).toEqual(['other request', 'report']);
  });

  it('writes exactly the rows it planned when rows are added while it is written', async () => {
    const auth = await registerUser(t, { firstName: 'Moving' });
    const cat = await createCategory(t, auth.token, { name: 'Stock' });
    const row = (i: number, date: string, description: string) => ({
      userId: auth.user.id,
      categoryId: cat.id,
      type: 'expense' as const,
      amountCents: 100,
      date,
      description,
    });
    await seedTransactions(
      t,
      Array.from({ length: 700 }, (_, i) => row(i, addDays('2024-01-01', i % 200), `Old ${i + 1}`)),
    );
    const report = await openReport(t.db.db, auth.user, {}, () => {}, { snapshot: t.db.kind === 'postgres' });
    const chunks: Buffer[] = [];
    report.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      report.stream.on('end', () => resolve());
      report.stream.on('error', reject);
    });
    // Added while the report is being written, dated after every row it is reading.
    await seedTransactions(
      t,
      Array.from({ length: 300 }, (_, i) => row(i, addDays('2025-06-01', i % 30), `New ${i + 1}`)),
    );
    await ended;
    const pdf = await readPdf(Buffer.concat(chunks));
    const total = pdf.pages.length;
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${total}`));
    expect(pdf.text).toContain('Transactions (700)');
    expect(pdf.text.match(/Old \d+/g) ?? []).toHaveLength(700);
    expect(pdf.text).not.toMatch(/New \d+/);
    expect(pdf.pages[total - 1]).toMatch(/Net balance\s+-\$700\.00/);
  });
});

describe('with several accounts', () => {
  /** A user with a second account, a row in each, and a transfer from the first to the second. */
  async function twoAccounts() {
    const user = await registerUser(t, { firstName: 'Ann' });
    const food = await createCategory(t, user.token, { name: 'Food' });
    const [main] = await t.db.db.select().from(accounts).where(eq(accounts.userId, user.user.id));
    const [savings] = await t.db.db
      .insert(accounts)
      .values({ userId: user.user.id, name: 'Savings', kind: 'savings', currency: 'USD', onBudget: true })
      .returning();
    const row = (accountId: string, description: string, cents: number) => ({
      userId: user.user.id,
      accountId,
      categoryId: food.id,
      type: 'expense' as const,
      amountCents: cents,
      date: '2025-01-10',
      description,
    });
    const out = randomUUID();
    const into = randomUUID();
    const leg = (id: string, accountId: string, type: 'expense' | 'income') => ({
      id,
      userId: user.user.id,
      accountId,
      categoryId: null,
      kind: 'transfer' as const,
      type,
      amountCents: 50_000,
      date: '2025-01-12',
      description: 'To savings',
    });
    await seedTransactions(t, [
      row(main!.id, 'Bakery', 1_250),
      row(savings!.id, 'Market', 2_000),
      leg(out, main!.id, 'expense'),
      leg(into, savings!.id, 'income'),
    ]);
    await t.db.db.insert(transfers).values({ userId: user.user.id, outTransactionId: out, inTransactionId: into });
    return { user, main: main!, savings: savings! };
  }

  it('names each row’s account, lists transfers in their own section and never as income or expense', async () => {
    const { user, savings } = await twoAccounts();
    const { pdf } = await exportPdf('', user.token);
    const text = pdf.text;
    expect(text).toMatch(/Account\s+All accounts/);
    expect(text).toContain('Transactions (2)');
    expect(text).toMatch(/Jan 10, 2025\s+Bakery\s+Food\s+Main account\s+-\$12\.50/);
    expect(text).toMatch(/Jan 10, 2025\s+Market\s+Food\s+Savings\s+-\$20\.00/);
    // The $500 transfer is in neither the totals nor the category table.
    expect(text).toMatch(/Food\s+Expense\s+2\s+100\.0%\s+\$32\.50/);
    expect(text).toContain('$32.50');
    expect(text).not.toMatch(/Net balance\s+-\$532\.50/);
    expect(text).toContain('Transfers (2)');
    expect(text).toMatch(/Jan 12, 2025\s+To savings\s+Main account\s+To Savings\s+-\$500\.00/);
    expect(text).toMatch(/Jan 12, 2025\s+To savings\s+Savings\s+From Main account\s+\+\$500\.00/);

    const one = (await exportPdf(`?accountId=${savings.id}`, user.token)).pdf.text;
    expect(one).toMatch(/Account\s+Savings/);
    expect(one).toContain('Transactions (1)');
    expect(one).toContain('Transfers (1)');
    expect(one).not.toContain('Bakery');

    const csv = await t.request({ method: 'GET', url: '/api/transactions/export.csv', token: user.token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Description,Category,Account,Amount,Tags,Split');
    expect(lines).toContain('2025-01-10,Market,Food,Savings,-20.00,,');
    expect(lines).toContain('2025-01-12,To savings,Transfer,Savings,500.00,,');
  });

  it('a single account’s report has no account detail, column or transfer section', async () => {
    const { pdf } = await exportPdf();
    expect(pdf.text).not.toContain('All accounts');
    expect(pdf.text).not.toContain('Transfers (');
  });

  it('an account of another user is a 404', async () => {
    const { savings } = await twoAccounts();
    const res = await t.request({ method: 'GET', url: `/api/export/pdf?accountId=${savings.id}`, token: jane.token });
    expect(res.statusCode).toBe(404);
    const csv = await t.request({
      method: 'GET',
      url: `/api/transactions/export.csv?accountId=${savings.id}`,
      token: jane.token,
    });
    expect(csv.statusCode).toBe(404);
  });
});
