import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Category, addDays, fromCents, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../test/build-test-app.js';
import { createCategory, createTransaction } from '../../test/factories.js';
import { accounts, categories, dailyTotals, monthlyTotals, transactions as tx, users } from './schema.js';
import { splitRange } from '../modules/ledger/index.js';

// The per-day and per-month totals must always equal a plain SQL sum over the transactions,
// whatever writes came before: single ones over HTTP and many-row statements (as imports,
// category moves and bulk deletes run them). Every figure that reads the totals is compared.

const t = useTestApp();

const TODAY = todayIn('UTC');
const DAYS_BACK = 430;

type Range = { start?: string; end?: string };

type Command =
  | { kind: 'create'; cat: number; cents: number; back: number }
  | { kind: 'update'; pick: number; cat: number; cents: number; back: number }
  | { kind: 'describe'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'bulkInsert'; rows: Array<{ cat: number; cents: number; back: number }> }
  | { kind: 'bulkMove'; from: number; to: number }
  | { kind: 'bulkRedate'; pick: number; shift: number }
  | { kind: 'bulkDelete'; from: number; span: number };

const back = fc.integer({ min: 0, max: DAYS_BACK });
const cents = fc.integer({ min: 1, max: 500_000 });
const cat = fc.integer({ min: 0, max: 4 });
const pick = fc.nat();
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('create' as const), cat, cents, back }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), pick, cat, cents, back }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('describe' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bulkInsert' as const),
      rows: fc.array(fc.record({ cat, cents, back }), { minLength: 1, maxLength: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bulkMove' as const), from: cat, to: cat }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bulkRedate' as const), pick, shift: fc.integer({ min: -40, max: 0 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkDelete' as const),
      from: back,
      span: fc.integer({ min: 0, max: 20 }),
    }),
  },
);
const dateArb = back.map((b) => addDays(TODAY, -b));
const rangeArb: fc.Arbitrary<Range> = fc
  .tuple(fc.option(dateArb, { nil: undefined }), fc.option(dateArb, { nil: undefined }))
  .map(([a, b]) => (a && b && a > b ? { start: b, end: a } : { start: a, end: b }))
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Range);

interface Owner {
  token: string;
  id: string;
  cats: Category[];
  accountId: string;
}

async function newOwner(): Promise<Owner> {
  const { token, user } = await registerUser(t);
  const cats = [
    await createCategory(t, token, { name: 'A', type: 'expense' }),
    await createCategory(t, token, { name: 'B', type: 'expense' }),
    await createCategory(t, token, { name: 'C', type: 'expense' }),
    await createCategory(t, token, { name: 'D', type: 'income' }),
    await createCategory(t, token, { name: 'E', type: 'income' }),
  ];
  const [account] = await t.db.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, user.id));
  return { token, id: user.id, cats, accountId: account!.id };
}

const money = (c: number) => (c / 100).toFixed(2);

async function ids(owner: Owner): Promise<string[]> {
  const rows = await t.db.db
    .select({ id: tx.id })
    .from(tx)
    .where(eq(tx.userId, owner.id))
    .orderBy(asc(tx.createdAt), asc(tx.id));
  return rows.map((r) => r.id);
}

async function apply(owner: Owner, c: Command): Promise<void> {
  const db = t.db.db;
  const existing = await ids(owner);
  const chosen = (n: number) => existing[n % Math.max(existing.length, 1)];
  const body = (catIndex: number, amount: number, b: number) => {
    const category = owner.cats[catIndex]!;
    return {
      categoryId: category.id,
      type: category.type,
      amount: money(amount),
      description: 'x',
      date: addDays(TODAY, -b),
    };
  };
  switch (c.kind) {
    case 'create': {
      await createTransaction(t, owner.token, body(c.cat, c.cents, c.back));
      return;
    }
    case 'update': {
      const id = chosen(c.pick);
      if (!id) return;
      const res = await t.request({
        method: 'PUT',
        url: `/api/transactions/${id}`,
        token: owner.token,
        payload: body(c.cat, c.cents, c.back),
      });
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'describe': {
      const id = chosen(c.pick);
      if (id) await db.update(tx).set({ description: 'renamed' }).where(eq(tx.id, id));
      return;
    }
    case 'delete': {
      const id = chosen(c.pick);
      if (!id) return;
      const res = await t.request({ method: 'DELETE', url: `/api/transactions/${id}`, token: owner.token });
      expect(res.statusCode).toBe(204);
      return;
    }
    case 'bulkInsert': {
      await db.insert(tx).values(
        c.rows.map((r) => {
          const category = owner.cats[r.cat]!;
          return {
            userId: owner.id,
            accountId: owner.accountId,
            categoryId: category.id,
            type: category.type,
            amountCents: r.cents,
            date: addDays(TODAY, -r.back),
          };
        }),
      );
      return;
    }
    case 'bulkMove': {
      const from = owner.cats[c.from]!;
      const to = owner.cats[c.to]!;
      if (from.type !== to.type) return;
      await db
        .update(tx)
        .set({ categoryId: to.id })
        .where(and(eq(tx.userId, owner.id), eq(tx.categoryId, from.id)));
      return;
    }
    case 'bulkRedate': {
      const some = existing.filter((_, i) => i % 3 === c.pick % 3);
      if (some.length === 0) return;
      // Dates only move back: the API never accepts dates after today.
      await db
        .update(tx)
        .set({ date: sql`${tx.date} + ${c.shift}::int` })
        .where(inArray(tx.id, some));
      return;
    }
    case 'bulkDelete': {
      const end = addDays(TODAY, -c.from);
      await db
        .delete(tx)
        .where(and(eq(tx.userId, owner.id), sql`${tx.date} between ${addDays(end, -c.span)} and ${end}`));
      return;
    }
  }
}

/** The transactions of the owner in the range, filtered: the plain SQL the totals must match. */
function where(owner: Owner, r: Range, f: { type?: string; categoryId?: string } = {}): SQL {
  const parts: SQL[] = [eq(tx.userId, owner.id)];
  if (r.start) parts.push(sql`${tx.date} >= ${r.start}`);
  if (r.end) parts.push(sql`${tx.date} <= ${r.end}`);
  if (f.type) parts.push(sql`${tx.type} = ${f.type}`);
  if (f.categoryId) parts.push(eq(tx.categoryId, f.categoryId));
  return and(...parts)!;
}

const n = (v: unknown) => Number(v ?? 0);

async function plainSums(owner: Owner, r: Range, f: { type?: string; categoryId?: string } = {}) {
  const [row] = await t.db.db
    .select({
      income: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'income'), 0)`.mapWith(n),
      expense: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'expense'), 0)`.mapWith(n),
      incomeCount: sql`count(*) filter (where ${tx.type} = 'income')`.mapWith(n),
      expenseCount: sql`count(*) filter (where ${tx.type} = 'expense')`.mapWith(n),
      count: sql`count(*)`.mapWith(n),
      avgExpense: sql`coalesce(round(avg(${tx.amountCents}) filter (where ${tx.type} = 'expense')), 0)`.mapWith(n),
    })
    .from(tx)
    .where(where(owner, r, f));
  return row!;
}

async function plainBreakdown(owner: Owner, r: Range, type: 'expense' | 'income') {
  const rows = await t.db.db
    .select({
      categoryId: tx.categoryId,
      name: categories.name,
      total: sql`sum(${tx.amountCents})`.mapWith(n),
      count: sql`count(*)`.mapWith(n),
    })
    .from(tx)
    .innerJoin(categories, eq(categories.id, tx.categoryId))
    .where(where(owner, r, { type }))
    .groupBy(tx.categoryId, categories.name);
  const grand = rows.reduce((s, x) => s + x.total, 0);
  rows.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    total: fromCents(grand),
    breakdown: rows.map((x) => ({
      categoryId: x.categoryId,
      // Breakdown totals are decimal strings (spec), the grand total a number.
      total: (x.total / 100).toFixed(2),
      count: x.count,
      // Percentages as the query rounds them: numeric, half away from zero, 1 decimal.
      percentage: Math.round((x.total * 1000) / grand) / 10,
    })),
  };
}

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
};

async function get<T>(owner: Owner, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Rows of both totals tables equal the GROUP BY of the owner's transactions, row for row. */
async function expectTablesExact(owner: Owner): Promise<void> {
  const db = t.db.db;
  const daily = await db
    .select({
      d: dailyTotals.day,
      t: dailyTotals.type,
      c: dailyTotals.categoryId,
      s: dailyTotals.totalCents,
      n: dailyTotals.count,
    })
    .from(dailyTotals)
    .where(eq(dailyTotals.userId, owner.id))
    .orderBy(dailyTotals.day, dailyTotals.type, dailyTotals.categoryId);
  const plainDaily = await db
    .select({
      d: tx.date,
      t: tx.type,
      c: tx.categoryId,
      s: sql`sum(${tx.amountCents})`.mapWith(n),
      n: sql`count(*)`.mapWith(n),
    })
    .from(tx)
    .where(eq(tx.userId, owner.id))
    .groupBy(tx.date, tx.type, tx.categoryId)
    .orderBy(tx.date, tx.type, tx.categoryId);
  expect(daily).toEqual(plainDaily);
  const month = sql<string>`to_char(${tx.date}::timestamp, 'YYYY-MM-01')`;
  const monthly = await db
    .select({
      m: monthlyTotals.month,
      t: monthlyTotals.type,
      c: monthlyTotals.categoryId,
      s: monthlyTotals.totalCents,
      n: monthlyTotals.count,
    })
    .from(monthlyTotals)
    .where(eq(monthlyTotals.userId, owner.id))
    .orderBy(monthlyTotals.month, monthlyTotals.type, monthlyTotals.categoryId);
  const plainMonthly = await db
    .select({
      m: month,
      t: tx.type,
      c: tx.categoryId,
      s: sql`sum(${tx.amountCents})`.mapWith(n),
      n: sql`count(*)`.mapWith(n),
    })
    .from(tx)
    .where(eq(tx.userId, owner.id))
    .groupBy(month, tx.type, tx.categoryId)
    .orderBy(month, tx.type, tx.categoryId);
  expect(monthly).toEqual(plainMonthly);
}

/** Every figure read from the totals, for one range, against plain SQL over the transactions. */
async function expectFiguresExact(owner: Owner, r: Range, catIndex: number): Promise<void> {
  const range = { startDate: r.start, endDate: r.end };
  const plain = await plainSums(owner, r);
  const summary = await get<{ data: Record<string, number> }>(owner, `/api/analytics/summary?${qs(range)}`);
  expect(summary.data).toEqual({
    totalIncome: fromCents(plain.income),
    totalExpense: fromCents(plain.expense),
    balance: fromCents(plain.income - plain.expense),
    incomeCount: plain.incomeCount,
    expenseCount: plain.expenseCount,
    transactionCount: plain.count,
    avgExpense: fromCents(plain.avgExpense),
  });
  for (const type of ['expense', 'income'] as const) {
    const expected = await plainBreakdown(owner, r, type);
    const got = await get<{ data: { total: number; breakdown: Array<Record<string, unknown>> } }>(
      owner,
      `/api/analytics/category-breakdown?${qs({ ...range, type })}`,
    );
    expect(got.data.total).toBe(expected.total);
    expect(
      got.data.breakdown.map(({ categoryId, total, count, percentage }) => ({ categoryId, total, count, percentage })),
    ).toEqual(expected.breakdown);
    const top = await get<{ data: Array<{ categoryId: string }> }>(
      owner,
      `/api/analytics/top-categories?${qs({ ...range, type, limit: 2 })}`,
    );
    expect(top.data.map((x) => x.categoryId)).toEqual(expected.breakdown.slice(0, 2).map((x) => x.categoryId));
  }
  // The weekday pattern, from the daily totals.
  const dow = sql`extract(dow from ${tx.date})::int`;
  const plainDays = await t.db.db
    .select({
      weekday: dow.mapWith(n),
      total: sql`sum(${tx.amountCents})`.mapWith(n),
      count: sql`count(*)`.mapWith(n),
      average: sql`round(avg(${tx.amountCents}))`.mapWith(n),
    })
    .from(tx)
    .where(where(owner, r, { type: 'expense' }))
    .groupBy(dow);
  const pattern = await get<{ data: Array<{ weekday: number; total: number; count: number; average: number }> }>(
    owner,
    `/api/analytics/daily-pattern?${qs({ ...range, type: 'expense' })}`,
  );
  for (const p of pattern.data) {
    const e = plainDays.find((x) => x.weekday === p.weekday);
    expect({ total: p.total, count: p.count, average: p.average }).toEqual({
      total: fromCents(e?.total ?? 0),
      count: e?.count ?? 0,
      average: fromCents(e?.average ?? 0),
    });
  }
  // The list's counts and the transactions summary: unfiltered, by type, by category, with dates.
  const category = owner.cats[catIndex]!;
  for (const f of [{}, { type: 'income' as const }, { type: 'expense' as const }, { categoryId: category.id }]) {
    const e = await plainSums(owner, r, f);
    const list = await get<{ meta: { total: number } }>(owner, `/api/transactions?${qs({ ...range, ...f, limit: 1 })}`);
    expect(list.meta.total).toBe(e.count);
    const sums = await get<{ data: Record<string, number> }>(
      owner,
      `/api/transactions/summary?${qs({ ...range, ...f })}`,
    );
    expect(sums.data).toEqual({
      totalIncome: fromCents(e.income),
      totalExpense: fromCents(e.expense),
      balance: fromCents(e.income - e.expense),
    });
  }
}

/** The series and budgets, which depend on today rather than on a range. */
async function expectSeriesExact(owner: Owner): Promise<void> {
  const month = sql<string>`to_char(${tx.date}::timestamp, 'YYYY-MM')`;
  const plainMonths = await t.db.db
    .select({
      month,
      income: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'income'), 0)`.mapWith(n),
      expense: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'expense'), 0)`.mapWith(n),
    })
    .from(tx)
    .where(eq(tx.userId, owner.id))
    .groupBy(month);
  for (const months of [12, 60]) {
    const trend = await get<{ data: Array<{ month: string; income: number; expense: number; balance: number }> }>(
      owner,
      `/api/analytics/monthly-trends?months=${months}`,
    );
    expect(trend.data).toHaveLength(months);
    for (const p of trend.data) {
      const e = plainMonths.find((x) => x.month === p.month);
      const income = e?.income ?? 0;
      const expense = e?.expense ?? 0;
      expect(p).toEqual({
        month: p.month,
        income: fromCents(income),
        expense: fromCents(expense),
        balance: fromCents(income - expense),
      });
    }
  }
  const start = addDays(TODAY, -45);
  const plainDaily = await t.db.db
    .select({
      date: tx.date,
      income: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'income'), 0)`.mapWith(n),
      expense: sql`coalesce(sum(${tx.amountCents}) filter (where ${tx.type} = 'expense'), 0)`.mapWith(n),
    })
    .from(tx)
    .where(where(owner, { start, end: TODAY }))
    .groupBy(tx.date);
  const daily = await get<{ data: Array<{ date: string; income: number; expense: number }> }>(
    owner,
    `/api/analytics/daily-trends?${qs({ startDate: start, endDate: TODAY })}`,
  );
  expect(daily.data).toHaveLength(46);
  for (const p of daily.data) {
    const e = plainDaily.find((x) => x.date === p.date);
    expect([p.income, p.expense]).toEqual([fromCents(e?.income ?? 0), fromCents(e?.expense ?? 0)]);
  }
  // Budgets: A monthly and B yearly, spending of the current calendar month / year.
  const status = async (period: 'monthly' | 'yearly', catIndex: number, from: string, to: string) => {
    const e = await plainSums(owner, { start: from, end: to }, { categoryId: owner.cats[catIndex]!.id });
    const got = await get<{ data: Array<{ category: { id: string }; spentAmount: number }> }>(
      owner,
      `/api/budgets/status?period=${period}`,
    );
    const item = got.data.find((b) => b.category.id === owner.cats[catIndex]!.id);
    expect(item?.spentAmount).toBe(fromCents(e.expense));
  };
  const lastOfMonth = addDays(`${addDays(`${TODAY.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
  await status('monthly', 0, `${TODAY.slice(0, 7)}-01`, lastOfMonth);
  await status('yearly', 1, `${TODAY.slice(0, 4)}-01-01`, `${TODAY.slice(0, 4)}-12-31`);
  const all = await get<{ data: { summary: { transactionCount: number; totalExpense: number } } }>(
    owner,
    '/api/analytics/dashboard?period=all',
  );
  const plain = await plainSums(owner, {});
  expect(all.data.summary).toMatchObject({ transactionCount: plain.count, totalExpense: fromCents(plain.expense) });
}

describe('per-day and per-month totals', () => {
  it('splits a range into whole months and the days around them', () => {
    expect(splitRange({})).toEqual({ months: true, monthsFrom: null, monthsBefore: null, days: [] });
    expect(splitRange({ start: '2025-01-15', end: '2025-03-31' })).toEqual({
      months: true,
      monthsFrom: '2025-02-01',
      monthsBefore: '2025-04-01',
      days: [{ from: '2025-01-15', to: null, before: '2025-02-01' }],
    });
    expect(splitRange({ start: '2025-01-01', end: '2025-03-30' })).toEqual({
      months: true,
      monthsFrom: '2025-01-01',
      monthsBefore: '2025-03-01',
      days: [{ from: '2025-03-01', to: '2025-03-30', before: null }],
    });
    expect(splitRange({ start: '2024-12-31', end: '2025-01-30' }).months).toBe(false);
    expect(splitRange({ start: '2024-12-01', end: '2024-12-31' })).toMatchObject({ months: true, days: [] });
  });

  it('splits ranges that reach the last date there is, 9999-12-31, without a month after it', () => {
    // Once 500s: the day after 9999-12-31 is no date PostgreSQL or a text comparison can take.
    expect(splitRange({ end: '9999-12-31' })).toEqual({ months: true, monthsFrom: null, monthsBefore: null, days: [] });
    expect(splitRange({ start: '2025-01-15', end: '9999-12-31' })).toEqual({
      months: true,
      monthsFrom: '2025-02-01',
      monthsBefore: null,
      days: [{ from: '2025-01-15', to: null, before: '2025-02-01' }],
    });
    expect(splitRange({ start: '9999-12-05' })).toEqual({
      months: false,
      monthsFrom: null,
      monthsBefore: null,
      days: [{ from: '9999-12-05', to: null, before: null }],
    });
    expect(splitRange({ start: '9999-12-05', end: '9999-12-31' }).days).toEqual([
      { from: '9999-12-05', to: '9999-12-31', before: null },
    ]);
    expect(splitRange({ start: '9999-12-01', end: '9999-12-31' })).toEqual({
      months: true,
      monthsFrom: '9999-12-01',
      monthsBefore: null,
      days: [],
    });
  });

  it('equal plain SQL sums over random histories and random edits, in every figure', async () => {
    const other = await newOwner();
    await apply(other, {
      kind: 'bulkInsert',
      rows: [
        { cat: 0, cents: 999, back: 0 },
        { cat: 3, cents: 123, back: 40 },
      ],
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(rangeArb, cat), { minLength: 1, maxLength: 2 }),
        async (commands, ranges) => {
          const owner = await newOwner();
          for (const [catIndex, period] of [
            [0, 'monthly'],
            [1, 'yearly'],
          ] as const) {
            const res = await t.request({
              method: 'POST',
              url: '/api/budgets',
              token: owner.token,
              payload: { categoryId: owner.cats[catIndex]!.id, amount: '100.00', period },
            });
            expect(res.statusCode).toBe(201);
          }
          for (const c of commands) await apply(owner, c);
          await expectTablesExact(owner);
          for (const [r, catIndex] of ranges) await expectFiguresExact(owner, r, catIndex);
          await expectSeriesExact(owner);
        },
      ),
      { numRuns: 8 },
    );
    // The other user's totals never moved.
    await expectTablesExact(other);
  }, 600_000);

  it('stay exact when one user writes from many connections at once', async () => {
    const owner = await newOwner();
    const writes = Array.from({ length: 24 }, (_, i) => ({
      kind: 'create' as const,
      cat: i % 2,
      cents: 100 + i,
      back: i % 3 === 0 ? 0 : 31,
    }));
    await Promise.all(writes.map((w) => apply(owner, w)));
    const all = await ids(owner);
    await Promise.all(
      all.map((id, i) =>
        i % 2 === 0
          ? t.request({ method: 'DELETE', url: `/api/transactions/${id}`, token: owner.token })
          : t.request({
              method: 'PUT',
              url: `/api/transactions/${id}`,
              token: owner.token,
              payload: {
                categoryId: owner.cats[2]!.id,
                type: 'expense',
                amount: '1.00',
                description: 'y',
                date: addDays(TODAY, -i),
              },
            }),
      ),
    );
    await expectTablesExact(owner);
    expect((await plainSums(owner, {})).count).toBe(12);
  });

  it('follow an account deletion to nothing', async () => {
    const owner = await newOwner();
    await apply(owner, {
      kind: 'bulkInsert',
      rows: [
        { cat: 0, cents: 5, back: 1 },
        { cat: 4, cents: 7, back: 60 },
      ],
    });
    // As an account deletion runs it: the user row goes, everything of theirs cascades.
    await t.db.db.delete(users).where(eq(users.id, owner.id));
    const left = await t.db.db.select().from(dailyTotals).where(eq(dailyTotals.userId, owner.id));
    const leftMonthly = await t.db.db.select().from(monthlyTotals).where(eq(monthlyTotals.userId, owner.id));
    expect([left, leftMonthly]).toEqual([[], []]);
  });
});
