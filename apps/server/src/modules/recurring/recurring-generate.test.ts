import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, daysInMonth, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { createRecurring, generatedRows } from '../../../test/recurring-helpers.js';

const t = useTestApp();

/** Freezes the clock (Date only; timers stay real) at an instant. */
function freeze(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
afterEach(() => {
  vi.useRealTimers();
});

async function setup(timezone = 'UTC') {
  const { token, user } = await registerUser(t, { timezone });
  const cat = await createCategory(t, token, { name: 'Bills' });
  return { token, userId: user.id, cat };
}

const generateAll = (token: string) => t.request({ method: 'POST', url: '/api/recurring/generate', token });
const generateOne = (token: string, id: string) =>
  t.request({ method: 'POST', url: `/api/recurring/${id}/generate`, token });
const getItem = async (token: string, id: string) =>
  (await t.request({ method: 'GET', url: '/api/recurring', token }))
    .json()
    .data.find((r: { id: string }) => r.id === id);

describe('POST /recurring/generate (catch-up)', () => {
  it('creates every due occurrence of a monthly item on the 31st, with the right dates, once', async () => {
    freeze('2026-07-15T12:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, {
      categoryId: cat.id,
      startDate: '2026-01-31',
      amount: 99.99,
      description: 'Rent',
    });
    const res = await generateAll(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { generated: 6, more: false }, message: 'Generated 6 transactions' });
    const rows = await generatedRows(t, userId, item.id);
    expect(rows.map((r) => r.occurrenceDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(rows.every((r) => r.date === r.occurrenceDate && r.amountCents === 9999)).toBe(true);
    expect(await getItem(token, item.id)).toMatchObject({ nextDate: '2026-07-31', lastGenerated: '2026-06-30' });

    const again = await generateAll(token);
    expect(again.json()).toEqual({ data: { generated: 0, more: false }, message: 'Generated 0 transactions' });
    expect(await generatedRows(t, userId, item.id)).toHaveLength(6);
  });

  it('catches up a monthly item started five months ago (real clock): the 5 or 6 due ones', async () => {
    const { token, userId, cat } = await setup();
    const today = todayIn('UTC');
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const monthStart = (k: number) => {
      const total = y * 12 + (m - 1) - 5 + k;
      return [Math.floor(total / 12), (total % 12) + 1] as const;
    };
    const [sy, sm] = monthStart(0);
    const start = `${sy}-${String(sm).padStart(2, '0')}-${String(Math.min(d, daysInMonth(sy, sm))).padStart(2, '0')}`;
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: start });
    const startDay = Number(start.slice(8));
    const expected = [0, 1, 2, 3, 4, 5]
      .map((k) => {
        const [yy, mm] = monthStart(k);
        return `${yy}-${String(mm).padStart(2, '0')}-${String(Math.min(startDay, daysInMonth(yy, mm))).padStart(2, '0')}`;
      })
      .filter((date) => date <= today);
    expect(expected.length === 5 || expected.length === 6).toBe(true);
    const res = await generateAll(token);
    expect(res.json().data.generated).toBe(expected.length);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual(expected);
  });

  it("says 'Generated 1 transaction' for one, and fills in the item's category, type, amount and description", async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId } = await setup();
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const item = await createRecurring(t, token, {
      categoryId: salary.id,
      type: 'income',
      amount: '3000.10',
      description: 'Pay',
      frequency: 'yearly',
      startDate: '2025-03-11',
    });
    const res = await generateAll(token);
    expect(res.json()).toEqual({ data: { generated: 1, more: false }, message: 'Generated 1 transaction' });
    const [row] = await t.db.db.query.transactions.findMany({ where: (tx, { eq }) => eq(tx.userId, userId) });
    expect(row).toMatchObject({
      categoryId: salary.id,
      type: 'income',
      amountCents: 300010,
      description: 'Pay',
      date: '2025-03-11',
      occurrenceDate: '2025-03-11',
      recurringId: item.id,
    });
    expect(await getItem(token, item.id)).toMatchObject({ nextDate: '2026-03-11', lastGenerated: '2025-03-11' });
  });

  it('stops at the end date: the series ends (nextDate null) and cannot be generated', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: '2026-02-28',
      endDate: '2026-03-03',
    });
    expect((await generateAll(token)).json().data.generated).toBe(4);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(await getItem(token, item.id)).toMatchObject({ nextDate: null, lastGenerated: '2026-03-03' });
    const one = await generateOne(token, item.id);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ message: 'This recurring transaction has ended', code: 'CONFLICT' });
  });

  it('never generates an inactive item', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: '2026-01-01',
      isActive: false,
    });
    expect(item.isActive).toBe(false);
    expect((await generateAll(token)).json().data.generated).toBe(0);
    const one = await generateOne(token, item.id);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ message: 'Inactive recurring transactions cannot be generated', code: 'CONFLICT' });
    expect(await generatedRows(t, userId)).toEqual([]);
    expect(await getItem(token, item.id)).toMatchObject({ nextDate: '2026-01-01', lastGenerated: null });
  });

  it("uses the user's time zone: in Pacific/Kiritimati (UTC+14) today's occurrence is already due", async () => {
    freeze('2026-03-10T12:00:00Z'); // 2026-03-11 02:00 in Kiritimati
    const kiri = await setup('Pacific/Kiritimati');
    const utc = await setup('UTC');
    const mine = await createRecurring(t, kiri.token, {
      categoryId: kiri.cat.id,
      frequency: 'daily',
      startDate: '2026-03-11',
    });
    await createRecurring(t, utc.token, { categoryId: utc.cat.id, frequency: 'daily', startDate: '2026-03-11' });
    expect((await generateAll(kiri.token)).json().data.generated).toBe(1);
    expect((await generatedRows(t, kiri.userId, mine.id)).map((r) => r.date)).toEqual(['2026-03-11']);
    expect((await generateAll(utc.token)).json().data.generated).toBe(0);
    const upcoming = await t.request({ method: 'GET', url: '/api/recurring/upcoming?days=1', token: kiri.token });
    expect(upcoming.json().data.map((o: { date: string }) => o.date)).toEqual(['2026-03-12']);
  });
});

describe('POST /recurring/:id/generate', () => {
  it('creates the overdue next occurrence dated nextDate, then moves nextDate one step', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'weekly',
      startDate: '2026-02-20',
      amount: 7,
    });
    const res = await generateOne(token, item.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Transaction generated successfully!');
    expect(body.data.transaction).toEqual({
      tags: [],
      id: expect.any(String),
      categoryId: cat.id,
      category: { id: cat.id, name: 'Bills', icon: cat.icon, color: cat.color },
      lines: [],
      accountId: expect.any(String),
      kind: 'regular',
      status: 'uncleared',
      transferId: null,
      transferAccountId: null,
      amount: 7,
      type: 'expense',
      description: 'Rent',
      date: '2026-02-20',
      occurrenceDate: '2026-02-20',
      receiptUrl: null,
      receiptThumbUrl: null,
      recurringId: item.id,
      createdAt: expect.any(String),
    });
    expect(body.data.recurring).toEqual({ ...item, nextDate: '2026-02-27', lastGenerated: '2026-02-20' });
    // The rest of the backlog still comes with generate-all.
    expect((await generateAll(token)).json().data.generated).toBe(2); // 2026-02-27 and 2026-03-06
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual([
      '2026-02-20',
      '2026-02-27',
      '2026-03-06',
    ]);
  });

  it('dates a future occurrence today, keeps its occurrence date, and never generates it again', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-03-31' });
    const res = await generateOne(token, item.id);
    expect(res.json().data.transaction).toMatchObject({ date: '2026-03-10', occurrenceDate: '2026-03-31' });
    // "Last generated" is the day it was booked, not the future occurrence it stood for.
    expect(res.json().data.recurring).toMatchObject({ nextDate: '2026-04-30', lastGenerated: '2026-03-10' });
    // The schedule still knows the occurrence was generated: an edit keeps nextDate past it.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/recurring/${item.id}`,
      token,
      payload: {
        categoryId: cat.id,
        type: 'expense',
        amount: 8,
        description: 'Rent',
        frequency: 'monthly',
        startDate: '2026-03-31',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ nextDate: '2026-04-30', lastGenerated: '2026-03-10' });
    const upcoming = await t.request({ method: 'GET', url: '/api/recurring/upcoming?days=60', token });
    expect(upcoming.json().data.map((o: { date: string }) => o.date)).toEqual(['2026-04-30']);
    freeze('2026-04-05T08:00:00Z');
    expect((await generateAll(token)).json().data.generated).toBe(0);
    expect(await generatedRows(t, userId, item.id)).toHaveLength(1);
  });
});

describe('GET /recurring/upcoming', () => {
  it('lists occurrences (not items) of active items from today through today+days, not yet generated, by date', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, cat } = await setup();
    const daily = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: '2026-03-08',
      description: 'Coffee',
      amount: 3.5,
    });
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'weekly',
      startDate: '2026-03-12',
      description: 'Gym',
    });
    await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-01-31', description: 'Rent' });
    await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: '2026-03-01',
      isActive: false,
      description: 'Off',
    });
    await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: '2026-03-01',
      endDate: '2026-03-11',
      description: 'Ends',
    });
    await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-05-01', description: 'Later' });

    const res = await t.request({ method: 'GET', url: '/api/recurring/upcoming?days=3', token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { date: string; description: string; recurringId: string }[];
    expect(list.map((o) => `${o.date} ${o.description}`)).toEqual([
      '2026-03-10 Coffee',
      '2026-03-10 Ends',
      '2026-03-11 Coffee',
      '2026-03-11 Ends',
      '2026-03-12 Coffee',
      '2026-03-12 Gym',
      '2026-03-13 Coffee',
    ]);
    expect(list[0]).toEqual({
      recurringId: daily.id,
      date: '2026-03-10',
      description: 'Coffee',
      amount: 3.5,
      type: 'expense',
      category: { id: cat.id, name: 'Bills', icon: cat.icon, color: cat.color },
    });
    const month = (await t.request({ method: 'GET', url: '/api/recurring/upcoming', token })).json()
      .data as typeof list;
    expect(month.filter((o) => o.description === 'Rent').map((o) => o.date)).toEqual(['2026-03-31']);
    expect(month.filter((o) => o.recurringId === weekly.id).map((o) => o.date)).toEqual([
      '2026-03-12',
      '2026-03-19',
      '2026-03-26',
      '2026-04-02',
      '2026-04-09',
    ]);
    expect(month.filter((o) => o.description === 'Coffee')).toHaveLength(31);
    expect(month.some((o) => o.description === 'Later' || o.description === 'Off')).toBe(false);
    expect(month.at(-1)!.date <= addDays('2026-03-10', 30)).toBe(true);
  });
});
