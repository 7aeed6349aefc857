import { describe, expect, it } from 'vitest';
import type { Transaction } from '@ledgerly/shared';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { type TxSeed, createCategory, createTransaction, seedTransactions } from '../../../test/factories.js';
import { ledgerWriter } from '../ledger/index.js';

const t = useTestApp();

interface ListBody {
  data: Transaction[];
  meta: { total: number; nextCursor: string | null; totalIsLowerBound: boolean };
}

/** Follows nextCursor to the end; every page must report the same total. */
async function walk(token: string, query: string, limit: number) {
  const seen: Transaction[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = `/api/transactions?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody>();
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data);
    cursor = body.meta.nextCursor;
    pages += 1;
    if (pages > 100) throw new Error('paging does not end');
  } while (cursor);
  return { seen, pages };
}

/** Newest first: date desc, then created_at desc, then id desc. */
function isNewestFirst(rows: Transaction[]): boolean {
  return rows.every((r, i) => {
    const p = rows[i - 1];
    if (!p) return true;
    if (p.date !== r.date) return p.date > r.date;
    if (p.createdAt !== r.createdAt) return p.createdAt > r.createdAt;
    return p.id > r.id;
  });
}

async function seeded(count: number) {
  const auth = await registerUser(t);
  const food = await createCategory(t, auth.token, { name: 'Food' });
  const rent = await createCategory(t, auth.token, { name: 'Rent' });
  const pay = await createCategory(t, auth.token, { name: 'Pay', type: 'income' });
  const today = todayIn(auth.user.timezone);
  const rows: TxSeed[] = Array.from({ length: count }, (_, i) => {
    const kind = i % 3;
    const categoryId = kind === 0 ? food.id : kind === 1 ? rent.id : pay.id;
    // Only 12 distinct dates: most rows tie on date, and rows of one insert tie on created_at.
    return {
      userId: auth.user.id,
      categoryId,
      type: kind === 2 ? 'income' : 'expense',
      amountCents: 100 + i,
      date: addDays(today, -(i % 12) * 3),
      description: `Row ${i}`,
    };
  });
  // Two creation instants: rows tie on created_at within each half, and the halves differ.
  const base = Date.now() - 60_000;
  for (const [i, half] of [rows.slice(0, 70), rows.slice(70)].entries()) {
    if (half.length)
      await ledgerWriter.insertRows(
        t.db.db,
        half.map((r) => ({ ...r, createdAt: new Date(base + i * 1000) })),
      );
  }
  return { ...auth, food, rent, pay, today, rows };
}

describe('listing transactions', () => {
  it('visits every one of 137 rows exactly once, newest first, with the total on each page', async () => {
    const { token } = await seeded(137);
    const { seen, pages } = await walk(token, '', 10);
    expect(pages).toBe(14);
    expect(seen).toHaveLength(137);
    expect(new Set(seen.map((r) => r.id)).size).toBe(137);
    expect(isNewestFirst(seen)).toBe(true);
    const first = await t.request({ method: 'GET', url: '/api/transactions?limit=10', token });
    expect(first.json().meta.total).toBe(137);
  });

  it('pages through filtered results exactly once each', async () => {
    const { token, today, rows, food } = await seeded(137);
    const start = addDays(today, -20);
    const expected = rows.filter((r) => r.type === 'expense' && r.date >= start).map((r) => r.description);
    const { seen } = await walk(token, `type=expense&startDate=${start}&endDate=${today}`, 7);
    expect(seen.map((r) => r.description).sort()).toEqual([...expected].sort());
    expect(isNewestFirst(seen)).toBe(true);
    const byCategory = await walk(token, `categoryId=${food.id}`, 9);
    expect(byCategory.seen).toHaveLength(rows.filter((r) => r.categoryId === food.id).length);
    expect(byCategory.seen.every((r) => r.category?.name === 'Food')).toBe(true);
    const counted = await t.request({
      method: 'GET',
      url: `/api/transactions?type=expense&startDate=${start}&limit=1`,
      token,
    });
    expect(counted.json().meta.total).toBe(expected.length);
  });

  it('defaults to 50 per page and allows up to 500', async () => {
    const { token } = await seeded(60);
    const res = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(res.json().data).toHaveLength(50);
    expect(res.json().meta).toMatchObject({ total: 60, nextCursor: expect.any(String) });
    const all = await t.request({ method: 'GET', url: '/api/transactions?limit=500', token });
    expect(all.json().data).toHaveLength(60);
    expect(all.json().meta.nextCursor).toBeNull();
    for (const limit of ['0', '501', 'abc']) {
      const bad = await t.request({ method: 'GET', url: `/api/transactions?limit=${limit}`, token });
      expect(bad.statusCode).toBe(400);
    }
    const badCursor = await t.request({ method: 'GET', url: '/api/transactions?cursor=bm9wZQ', token });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe('Invalid cursor');
  });

  it('lists transactions made the same day newest first', async () => {
    const { token, food, today } = await seeded(0);
    for (const description of ['first', 'second', 'third']) {
      await createTransaction(t, token, { categoryId: food.id, type: 'expense', amount: 1, description, date: today });
    }
    const res = await t.request({ method: 'GET', url: '/api/transactions', token });
    expect(res.json().data.map((r: Transaction) => r.description)).toEqual(['third', 'second', 'first']);
  });

  it('searches descriptions case-insensitively, with % and _ taken literally', async () => {
    const auth = await registerUser(t);
    const cat = await createCategory(t, auth.token);
    const today = todayIn(auth.user.timezone);
    const texts = [
      'Coffee beans',
      'COFFEE shop',
      'Tea',
      '100% juice',
      '100 percent',
      'a_b',
      'axb',
      'back\\slash',
      null,
    ];
    await seedTransactions(
      t,
      texts.map((description) => ({
        userId: auth.user.id,
        categoryId: cat.id,
        type: 'expense' as const,
        amountCents: 100,
        date: today,
        description,
      })),
    );
    const search = async (q: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/transactions?search=${encodeURIComponent(q)}`,
        token: auth.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total).toBe(res.json().data.length);
      return res
        .json<ListBody>()
        .data.map((r) => r.description)
        .sort();
    };
    expect(await search('coffee')).toEqual(['COFFEE shop', 'Coffee beans']);
    expect(await search('  cOfFeE  ')).toEqual(['COFFEE shop', 'Coffee beans']);
    expect(await search('%')).toEqual(['100% juice']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('a_b')).toEqual(['a_b']);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search('')).toHaveLength(texts.length);
    expect(await search('nothing like it')).toEqual([]);
  });

  it('counts a search only up to 1,000 matches (totalIsLowerBound), and still pages through every match', async () => {
    const auth = await registerUser(t);
    const food = await createCategory(t, auth.token, { name: 'Food' });
    const other = await registerUser(t);
    const otherFood = await createCategory(t, other.token, { name: 'Food' });
    const today = todayIn(auth.user.timezone);
    const row = (userId: string, categoryId: string, i: number, description: string): TxSeed => ({
      userId,
      categoryId,
      type: 'expense',
      amountCents: 100 + i,
      date: addDays(today, -(i % 400)),
      description,
    });
    // 1,001 rows say "coffee" (one more than the bound), 1,000 say "tea" (exactly the bound), 5 "juice".
    await seedTransactions(t, [
      ...Array.from({ length: 1001 }, (_, i) => row(auth.user.id, food.id, i, `Coffee ${i}`)),
      ...Array.from({ length: 1000 }, (_, i) => row(auth.user.id, food.id, i, `Green tea ${i}`)),
      ...Array.from({ length: 5 }, (_, i) => row(auth.user.id, food.id, i, `Juice ${i}`)),
      // Another user's matches never count.
      ...Array.from({ length: 50 }, (_, i) => row(other.user.id, otherFood.id, i, `Coffee ${i}`)),
    ]);
    const meta = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/transactions?${query}`, token: auth.token });
      expect(res.statusCode).toBe(200);
      return res.json<ListBody>().meta;
    };

    expect(await meta('search=coffee')).toEqual({
      total: 1000,
      totalIsLowerBound: true,
      nextCursor: expect.any(String),
    });
    expect(await meta('search=tea')).toEqual({ total: 1000, totalIsLowerBound: false, nextCursor: expect.any(String) });
    expect(await meta('search=juice')).toEqual({ total: 5, totalIsLowerBound: false, nextCursor: null });
    expect(await meta('search=nothing')).toEqual({ total: 0, totalIsLowerBound: false, nextCursor: null });
    // Without a search the totals count exactly, however many.
    expect(await meta('')).toEqual({ total: 2006, totalIsLowerBound: false, nextCursor: expect.any(String) });
    expect(await meta('search=coffee&limit=500')).toMatchObject({ total: 1000, totalIsLowerBound: true });

    // Paging past the bound still reaches every match; each page answers the same bounded total.
    const { seen, pages } = await walk(auth.token, 'search=coffee', 500);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(1001);
    expect(new Set(seen.map((r) => r.id)).size).toBe(1001);
    expect(seen.every((r) => r.description?.startsWith('Coffee'))).toBe(true);
    const first = await meta('search=coffee&limit=500');
    expect(await meta(`search=coffee&limit=500&cursor=${first.nextCursor ?? ''}`)).toEqual({
      total: 1000,
      totalIsLowerBound: true,
      nextCursor: expect.any(String),
    });
  });

  it('refuses dates after today and a start after the end, in the list and the summary', async () => {
    const kiri = await registerUser(t, { timezone: 'Pacific/Kiritimati' });
    const today = todayIn('Pacific/Kiritimati');
    for (const base of ['/api/transactions', '/api/transactions/summary']) {
      const ok = await t.request({
        method: 'GET',
        url: `${base}?startDate=${today}&endDate=${today}`,
        token: kiri.token,
      });
      expect(ok.statusCode).toBe(200);
      for (const q of [`endDate=${addDays(today, 1)}`, `startDate=${addDays(today, 1)}`]) {
        const res = await t.request({ method: 'GET', url: `${base}?${q}`, token: kiri.token });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Dates cannot be later than today');
      }
      const swapped = await t.request({
        method: 'GET',
        url: `${base}?startDate=${today}&endDate=${addDays(today, -1)}`,
        token: kiri.token,
      });
      expect(swapped.statusCode).toBe(400);
      expect(swapped.json().message).toBe('Start date cannot be after end date');
      const badType = await t.request({ method: 'GET', url: `${base}?type=savings`, token: kiri.token });
      expect(badType.statusCode).toBe(400);
    }
  });
});
