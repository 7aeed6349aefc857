import { describe, expect, it } from 'vitest';
import type { RecurringTransaction, UpcomingOccurrence } from '@ledgerly/shared';
import { addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { countTransactions, createRecurring, generatedRows } from '../../../test/recurring-helpers.js';
import { generateDueForItem } from './recurring.generator.js';

const t = useTestApp();

async function skip(token: string, id: string, date: unknown) {
  return t.request({ method: 'POST', url: `/api/recurring/${id}/skip`, token, payload: { date } });
}

async function unskip(token: string, id: string, date: unknown) {
  return t.request({ method: 'POST', url: `/api/recurring/${id}/unskip`, token, payload: { date } });
}

async function upcoming(token: string, days = 30): Promise<UpcomingOccurrence[]> {
  const res = await t.request({ method: 'GET', url: `/api/recurring/upcoming?days=${days}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: UpcomingOccurrence[] }>().data;
}

async function item(token: string, id: string): Promise<RecurringTransaction> {
  const res = await t.request({ method: 'GET', url: '/api/recurring', token });
  return res.json<{ data: RecurringTransaction[] }>().data.find((r) => r.id === id)!;
}

describe('upcoming occurrences', () => {
  it('lists every occurrence of every active item in the next 30 days, by date, with its category', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token, { name: 'Bills', icon: '🏠', color: '#ef4444' });
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Cleaner',
      frequency: 'weekly',
      amount: 30,
      startDate: addDays(today, 2),
    });
    const monthly = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Rent',
      amount: 950,
      startDate: addDays(today, 10),
    });
    await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Paused',
      startDate: addDays(today, 1),
      isActive: false,
    });
    const list = await upcoming(token);
    expect(list.map((o) => [o.date, o.description])).toEqual([
      [addDays(today, 2), 'Cleaner'],
      [addDays(today, 9), 'Cleaner'],
      [addDays(today, 10), 'Rent'],
      [addDays(today, 16), 'Cleaner'],
      [addDays(today, 23), 'Cleaner'],
      [addDays(today, 30), 'Cleaner'],
    ]);
    expect(list[2]).toEqual({
      recurringId: monthly.id,
      date: addDays(today, 10),
      description: 'Rent',
      amount: 950,
      type: 'expense',
      category: { id: cat.id, name: 'Bills', icon: '🏠', color: '#ef4444' },
    });
    expect(list[0]!.recurringId).toBe(weekly.id);
  });
});

describe('skipping an occurrence', () => {
  it('skips the next occurrence: the schedule moves on, nothing is created, the item shows it', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Cleaner',
      frequency: 'weekly',
      startDate: addDays(today, 3),
    });
    const res = await skip(token, weekly.id, addDays(today, 3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { ...weekly, nextDate: addDays(today, 10), skippedDates: [addDays(today, 3)] },
      message: 'Occurrence skipped successfully!',
    });
    expect((await upcoming(token)).map((o) => o.date)).toEqual([
      addDays(today, 10),
      addDays(today, 17),
      addDays(today, 24),
    ]);
    // Idempotent: the same skip again answers the same item and changes nothing.
    const again = await skip(token, weekly.id, addDays(today, 3));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(res.json().data);
    expect(await countTransactions(t, user.id)).toBe(0);
  });

  it('skips a later occurrence; generation (catch-up, one now, the sweep) never creates it', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    // Daily from 3 days ago: 4 occurrences are due today (−3, −2, −1, 0).
    const daily = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Coffee',
      frequency: 'daily',
      startDate: addDays(today, -3),
    });
    for (const d of [-2, 0, 2, 3]) expect((await skip(token, daily.id, addDays(today, d))).statusCode).toBe(200);
    expect((await item(token, daily.id)).nextDate).toBe(addDays(today, -3));

    const all = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(all.json().data).toEqual({ generated: 2, more: false });
    let rows = await generatedRows(t, user.id, daily.id);
    expect(rows.map((r) => r.occurrenceDate)).toEqual([addDays(today, -3), addDays(today, -1)]);
    // nextDate passed over the skipped today; skips before the last generated one are pruned.
    expect(await item(token, daily.id)).toMatchObject({
      nextDate: addDays(today, 1),
      lastGenerated: addDays(today, -1),
      skippedDates: [addDays(today, 0), addDays(today, 2), addDays(today, 3)],
    });

    // Generate one now: tomorrow's (+1), then the next not skipped (+4).
    for (const expected of [1, 4]) {
      const one = await t.request({ method: 'POST', url: `/api/recurring/${daily.id}/generate`, token });
      expect(one.statusCode).toBe(200);
      expect(one.json().data.transaction.occurrenceDate).toBe(addDays(today, expected));
    }
    expect(await item(token, daily.id)).toMatchObject({ nextDate: addDays(today, 5), skippedDates: [] });

    // The sweep's path, far ahead: still nothing on a skipped date.
    const other = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Paper',
      frequency: 'daily',
      startDate: addDays(today, 1),
    });
    await skip(token, other.id, addDays(today, 2));
    await generateDueForItem(t.db.db, user.id, other.id, addDays(today, 3));
    rows = await generatedRows(t, user.id, other.id);
    expect(rows.map((r) => r.occurrenceDate)).toEqual([addDays(today, 1), addDays(today, 3)]);
  });

  it('an overdue occurrence can be skipped instead of generated', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'weekly',
      startDate: addDays(today, -5),
    });
    const res = await skip(token, weekly.id, addDays(today, -5));
    expect(res.json().data).toMatchObject({ nextDate: addDays(today, 2), skippedDates: [addDays(today, -5)] });
    const all = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(all.json().data.generated).toBe(0);
  });

  it('skips survive an edit of the item', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const start = addDays(today, 5);
    const monthly = await createRecurring(t, token, { categoryId: cat.id, description: 'Gym', startDate: start });
    await skip(token, monthly.id, start);
    const put = await t.request({
      method: 'PUT',
      url: `/api/recurring/${monthly.id}`,
      token,
      payload: { categoryId: cat.id, type: 'expense', amount: 45, description: 'Gym', startDate: start },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.amount).toBe(45);
    expect(put.json().data.nextDate).not.toBe(start);
    expect(put.json().data.skippedDates).toEqual([start]);
  });

  it('refuses bad skips with the right status and a sentence; nothing changes', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const today = todayIn(alice.user.timezone);
    const cat = await createCategory(t, alice.token);
    const weekly = await createRecurring(t, alice.token, {
      categoryId: cat.id,
      frequency: 'weekly',
      startDate: addDays(today, -7),
    });
    // The first occurrence (−7) is generated; the next is today.
    const gen = await t.request({ method: 'POST', url: `/api/recurring/${weekly.id}/generate`, token: alice.token });
    expect(gen.statusCode).toBe(200);
    const paused = await createRecurring(t, alice.token, {
      categoryId: cat.id,
      startDate: addDays(today, 1),
      isActive: false,
    });
    const before = await t.request({ method: 'GET', url: '/api/recurring', token: alice.token });

    const cases: [string, string, unknown, number, string][] = [
      [alice.token, weekly.id, undefined, 400, 'Please select a date'],
      [alice.token, weekly.id, '2026-02-30', 400, 'Please select a date'],
      [alice.token, weekly.id, 'tomorrow', 400, 'Please select a date'],
      [alice.token, weekly.id, addDays(today, 1), 400, 'That date is not an occurrence of this recurring transaction'],
      [
        alice.token,
        weekly.id,
        addDays(today, -7),
        409,
        'That occurrence was already generated, so it cannot be skipped',
      ],
      [alice.token, weekly.id, addDays(today, 7 * 60), 400, 'Only occurrences in the next 366 days can be skipped'],
      [alice.token, paused.id, addDays(today, 1), 409, 'Inactive recurring transactions cannot skip an occurrence'],
      [bob.token, weekly.id, today, 404, 'Recurring transaction not found'],
      [alice.token, '00000000-0000-4000-8000-000000000000', today, 404, 'Recurring transaction not found'],
      [alice.token, 'nope', today, 404, 'Recurring transaction not found'],
    ];
    for (const [token, id, date, status, message] of cases) {
      const res = await skip(token, id, date);
      expect(res.statusCode, `${id} ${String(date)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const after = await t.request({ method: 'GET', url: '/api/recurring', token: alice.token });
    expect(after.json()).toEqual(before.json());
    const noAuth = await t.request({
      method: 'POST',
      url: `/api/recurring/${weekly.id}/skip`,
      payload: { date: today },
    });
    expect(noAuth.statusCode).toBe(401);
  });

  it('concurrent skips of two occurrences and a generate keep the schedule exact', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const daily = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'daily',
      startDate: addDays(today, -2),
    });
    const answers = await Promise.all([
      skip(token, daily.id, addDays(today, -2)),
      skip(token, daily.id, addDays(today, -1)),
      t.request({ method: 'POST', url: '/api/recurring/generate', token }),
    ]);
    // Whichever ran first, every due occurrence is either generated or skipped, never both.
    const rows = await generatedRows(t, user.id, daily.id);
    const final = await item(token, daily.id);
    const generated = rows.map((r) => r.occurrenceDate);
    const skippedOk = [addDays(today, -2), addDays(today, -1)].filter((_, i) => answers[i]!.statusCode === 200);
    for (const d of skippedOk) expect(generated).not.toContain(d);
    expect(generated.length + skippedOk.length).toBe(3);
    expect(final.nextDate).toBe(addDays(today, 1));
  });
});

describe('undoing a skip', () => {
  it('schedules the occurrence again, as the next date when it comes first; idempotent', async () => {
    const { token, user } = await registerUser(t);
    const other = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      description: 'Cleaner',
      frequency: 'weekly',
      startDate: addDays(today, 3),
    });
    await skip(token, weekly.id, addDays(today, 3));
    await skip(token, weekly.id, addDays(today, 17));
    // Another user's item is not found; a date not skipped changes nothing.
    expect((await unskip(other.token, weekly.id, addDays(today, 3))).statusCode).toBe(404);
    const notSkipped = await unskip(token, weekly.id, addDays(today, 10));
    expect(notSkipped.statusCode).toBe(200);
    expect(notSkipped.json().data).toMatchObject({ nextDate: addDays(today, 10) });

    const res = await unskip(token, weekly.id, addDays(today, 3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { ...weekly, nextDate: addDays(today, 3), skippedDates: [addDays(today, 17)] },
      message: 'Skip undone: the occurrence will be generated',
    });
    expect((await upcoming(token)).map((o) => o.date)).toEqual([
      addDays(today, 3),
      addDays(today, 10),
      addDays(today, 24),
    ]);
    // A later one: the next date stays.
    const later = await unskip(token, weekly.id, addDays(today, 17));
    expect(later.json().data).toMatchObject({ nextDate: addDays(today, 3), skippedDates: [] });
    expect((await unskip(token, weekly.id, 'not-a-date')).statusCode).toBe(400);
  });

  it('an overdue skip undone is generated; once a later occurrence is generated, undo is refused', async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const cat = await createCategory(t, token);
    const weekly = await createRecurring(t, token, {
      categoryId: cat.id,
      frequency: 'weekly',
      startDate: addDays(today, -5),
    });
    await skip(token, weekly.id, addDays(today, -5));
    expect((await unskip(token, weekly.id, addDays(today, -5))).json().data).toMatchObject({
      nextDate: addDays(today, -5),
      skippedDates: [],
    });
    const all = await t.request({ method: 'POST', url: '/api/recurring/generate', token });
    expect(all.json().data.generated).toBe(1);
    expect((await generatedRows(t, user.id, weekly.id)).map((r) => r.occurrenceDate)).toEqual([addDays(today, -5)]);

    // Skip +9, generate +2 and +9 is skipped… then +16 generated early: +9 can no longer come back.
    await skip(token, weekly.id, addDays(today, 9));
    await generateDueForItem(t.db.db, user.id, weekly.id, addDays(today, 16));
    const refused = await unskip(token, weekly.id, addDays(today, 9));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'A later occurrence was already generated, so this skip cannot be undone',
      code: 'CONFLICT',
    });
    expect((await generatedRows(t, user.id, weekly.id)).map((r) => r.occurrenceDate)).toEqual([
      addDays(today, -5),
      addDays(today, 2),
      addDays(today, 16),
    ]);
  });
});
