import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecurringTransaction } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { type RecurringSeed, createRecurring, generatedRows } from '../../../test/recurring-helpers.js';

const t = useTestApp();

function freeze(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const { token, user } = await registerUser(t);
  const cat = await createCategory(t, token, { name: 'Bills' });
  return { token, userId: user.id, cat };
}

const put = (token: string, item: RecurringTransaction, changes: Partial<RecurringSeed>) =>
  t.request({
    method: 'PUT',
    url: `/api/recurring/${item.id}`,
    token,
    payload: {
      categoryId: item.categoryId,
      type: item.type,
      amount: item.amount,
      description: item.description,
      frequency: item.frequency,
      startDate: item.startDate,
      endDate: item.endDate,
      isActive: item.isActive,
      ...changes,
    },
  });
const generateAll = (token: string) => t.request({ method: 'POST', url: '/api/recurring/generate', token });

describe('PUT /recurring/:id — nextDate after an edit', () => {
  it('without anything generated, the new rule starts over from its start date', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-04-15' });
    const res = await put(token, item, { startDate: '2026-05-31', frequency: 'weekly', amount: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...item,
      startDate: '2026-05-31',
      frequency: 'weekly',
      amount: 20,
      nextDate: '2026-05-31',
    });
  });

  it('after generation, continues with the first occurrence of the new rule after lastGenerated', async () => {
    freeze('2026-05-20T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-01-15' });
    expect((await generateAll(token)).json().data.generated).toBe(5);
    const before = { ...item, nextDate: '2026-06-15', lastGenerated: '2026-05-15' };

    // Only the amount changes: the schedule stays; the next occurrences use the new amount.
    const amount = await put(token, item, { amount: 50 });
    expect(amount.json().data).toEqual({ ...before, amount: 50 });

    // Daily from the same start: the day after the last generated occurrence.
    const daily = await put(token, item, { frequency: 'daily', amount: 50 });
    expect(daily.json().data).toMatchObject({ nextDate: '2026-05-16', lastGenerated: '2026-05-15' });
    expect((await generateAll(token)).json().data.generated).toBe(5); // 16th to 20th
    const rows = await generatedRows(t, userId, item.id);
    expect(rows.map((r) => r.occurrenceDate)).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
    ]);
    expect(rows.slice(5).every((r) => r.amountCents === 5000)).toBe(true);

    // Back to monthly: the next monthly occurrence after 2026-05-20 — never one already generated.
    const monthly = await put(token, item, { frequency: 'monthly', amount: 50 });
    expect(monthly.json().data).toMatchObject({ nextDate: '2026-06-15', lastGenerated: '2026-05-20' });
  });

  it('an end date before nextDate ends the series; moving it later resumes after lastGenerated', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, frequency: 'weekly', startDate: '2026-03-02' });
    await generateAll(token); // 03-02, 03-09
    const ended = await put(token, item, { endDate: '2026-03-15' });
    expect(ended.json().data).toMatchObject({ endDate: '2026-03-15', nextDate: null, lastGenerated: '2026-03-09' });
    const resumed = await put(token, item, { endDate: '2026-12-31' });
    expect(resumed.json().data).toMatchObject({ nextDate: '2026-03-16', lastGenerated: '2026-03-09' });
  });

  it('pausing stops generation; resuming skips what fell due while paused', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-03-01' });
    await generateAll(token); // 03-01
    const paused = await put(token, item, { isActive: false });
    expect(paused.json().data).toMatchObject({ isActive: false, nextDate: '2026-04-01' });

    freeze('2026-04-05T08:00:00Z'); // 04-01 fell due while paused (sessions last 30 days, so not later)
    expect((await generateAll(token)).json().data.generated).toBe(0);
    // An edit that does not mention isActive keeps the item paused.
    const { isActive: _omit, ...withoutActive } = { ...item, amount: 15 };
    const kept = await t.request({ method: 'PUT', url: `/api/recurring/${item.id}`, token, payload: withoutActive });
    expect(kept.json().data).toMatchObject({ isActive: false, amount: 15 });

    const resumed = await put(token, item, { isActive: true });
    expect(resumed.json().data).toMatchObject({ isActive: true, nextDate: '2026-05-01', lastGenerated: '2026-03-01' });
    expect((await generateAll(token)).json().data.generated).toBe(0);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual(['2026-03-01']);

    // Later edits keep the skip: a new amount, a new frequency, an earlier start date.
    const repriced = await put(token, item, { isActive: true, amount: 20 });
    expect(repriced.json().data).toMatchObject({ nextDate: '2026-05-01', amount: 20 });
    const weekly = await put(token, item, { isActive: true, frequency: 'weekly' });
    expect(weekly.json().data).toMatchObject({ nextDate: '2026-04-05', frequency: 'weekly' });
    const earlier = await put(token, item, { isActive: true, frequency: 'monthly', startDate: '2026-01-07' });
    expect(earlier.json().data).toMatchObject({ nextDate: '2026-04-07' });
    expect((await generateAll(token)).json().data.generated).toBe(0);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual(['2026-03-01']);

    // What falls due after the resume is generated as usual.
    freeze('2026-04-08T08:00:00Z');
    expect((await generateAll(token)).json().data.generated).toBe(1);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual([
      '2026-03-01',
      '2026-04-07',
    ]);
  });

  it('a resume with nothing overdue skips nothing; pausing again and resuming skips the new gap only', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, userId, cat } = await setup();
    const item = await createRecurring(t, token, { categoryId: cat.id, frequency: 'weekly', startDate: '2026-03-02' });
    await generateAll(token); // 03-02, 03-09
    await put(token, item, { isActive: false });
    const back = await put(token, item, { isActive: true });
    expect(back.json().data).toMatchObject({ nextDate: '2026-03-16' });
    await put(token, item, { isActive: false });
    freeze('2026-03-25T08:00:00Z'); // 03-16 and 03-23 fell due while paused
    const resumed = await put(token, item, { isActive: true });
    expect(resumed.json().data).toMatchObject({ nextDate: '2026-03-30' });
    const edited = await put(token, item, { isActive: true, description: 'Gym' });
    expect(edited.json().data).toMatchObject({ nextDate: '2026-03-30', description: 'Gym' });
    freeze('2026-04-07T08:00:00Z');
    await generateAll(token);
    expect((await generatedRows(t, userId, item.id)).map((r) => r.occurrenceDate)).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-30',
      '2026-04-06',
    ]);
  });

  it('can move the item to another category of the new type', async () => {
    freeze('2026-03-10T08:00:00Z');
    const { token, cat } = await setup();
    const salary = await createCategory(t, token, { name: 'Salary', type: 'income' });
    const item = await createRecurring(t, token, { categoryId: cat.id, startDate: '2026-04-01' });
    const res = await put(token, item, { categoryId: salary.id, type: 'income' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'income',
      categoryId: salary.id,
      category: { id: salary.id, name: 'Salary', icon: salary.icon, color: salary.color },
    });
  });
});

describe("another user's recurring items", () => {
  it('are invisible and answer 404 on every route; their categories are refused', async () => {
    freeze('2026-03-10T08:00:00Z');
    const alice = await setup();
    const bob = await setup();
    const item = await createRecurring(t, alice.token, {
      categoryId: alice.cat.id,
      frequency: 'daily',
      startDate: '2026-03-01',
    });

    expect((await t.request({ method: 'GET', url: '/api/recurring', token: bob.token })).json().data).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/recurring/upcoming', token: bob.token })).json().data).toEqual(
      [],
    );
    const valid = { categoryId: bob.cat.id, type: 'expense', amount: 1, description: 'Mine', startDate: '2026-03-01' };
    for (const res of [
      await t.request({ method: 'PUT', url: `/api/recurring/${item.id}`, token: bob.token, payload: valid }),
      await t.request({ method: 'DELETE', url: `/api/recurring/${item.id}`, token: bob.token }),
      await t.request({ method: 'POST', url: `/api/recurring/${item.id}/generate`, token: bob.token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurring transaction not found', code: 'NOT_FOUND' });
    }
    expect((await generateAll(bob.token)).json().data.generated).toBe(0);
    expect(await generatedRows(t, alice.userId)).toEqual([]);

    const stolen = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token: bob.token,
      payload: { ...valid, categoryId: alice.cat.id },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Please select a category');
    const bobs = await createRecurring(t, bob.token, { categoryId: bob.cat.id, startDate: '2026-03-01' });
    const moved = await put(bob.token, bobs, { categoryId: alice.cat.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Please select a category');

    expect(
      await t.request({ method: 'GET', url: '/api/recurring', token: alice.token }).then((r) => r.json().data),
    ).toEqual([item]);
  });
});
