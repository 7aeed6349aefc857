import { describe, expect, it } from 'vitest';
import {
  RECURRING_GENERATE_MAX_PER_CALL,
  RECURRING_MAX_ITEMS,
  addDays,
  recurringMinStartDate,
  todayIn,
} from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { countTransactions, createRecurring } from '../../../test/recurring-helpers.js';
import { countRecurring } from './recurring.repository.js';
import { UPCOMING_MAX_OCCURRENCES } from './recurring.service.js';

// Issue 13: 3 daily items from 1970 made one request write 62,343 rows in 9.7 s and block
// every other user on PGlite; there was no cap on items.
const t = useTestApp();

const generate = (token: string) => t.request({ method: 'POST', url: '/api/recurring/generate', token });

describe('recurring limits', () => {
  it('refuses a start date more than 50 years back, writing nothing', async () => {
    const { token, user } = await registerUser(t, { timezone: 'UTC' });
    const cat = await createCategory(t, token);
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/recurring',
        token,
        payload: {
          categoryId: cat.id,
          type: 'expense',
          amount: 1,
          description: 'Daily',
          frequency: 'daily',
          startDate: '1970-01-01',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `Start date cannot be more than 50 years ago (the earliest is ${recurringMinStartDate()})`,
        fields: { startDate: expect.stringContaining('50 years') as unknown },
      });
    }
    expect(await countRecurring(t.db.db, user.id)).toBe(0);
    // The earliest day itself is accepted.
    await createRecurring(t, token, { categoryId: cat.id, frequency: 'yearly', startDate: recurringMinStartDate() });
  });

  it(
    'catches 3 daily items from 40 years back up in bounded calls, to the exact count',
    { timeout: 300_000 },
    async () => {
      const { token, user } = await registerUser(t, { timezone: 'UTC' });
      const cat = await createCategory(t, token);
      const today = todayIn('UTC');
      const starts = [addDays(today, -40 * 365), addDays(today, -40 * 365 + 17), addDays(today, -39 * 365)];
      for (const startDate of starts)
        await createRecurring(t, token, { categoryId: cat.id, frequency: 'daily', startDate });
      const expected = starts.reduce(
        (sum, s) => sum + Math.round((Date.parse(today) - Date.parse(s)) / 86_400_000) + 1,
        0,
      );
      expect(expected).toBeGreaterThan(40_000);

      const first = await generate(token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        data: { generated: RECURRING_GENERATE_MAX_PER_CALL, more: true },
        message: 'Generated 1000 transactions; more are due and follow on the next generate or within the hour',
      });
      expect(await countTransactions(t, user.id)).toBe(RECURRING_GENERATE_MAX_PER_CALL);

      let total = RECURRING_GENERATE_MAX_PER_CALL;
      let calls = 1;
      for (;;) {
        const res = await generate(token);
        const { generated, more } = res.json<{ data: { generated: number; more: boolean } }>().data;
        expect(generated).toBeLessThanOrEqual(RECURRING_GENERATE_MAX_PER_CALL);
        total += generated;
        calls += 1;
        if (!more) break;
        expect(generated).toBe(RECURRING_GENERATE_MAX_PER_CALL);
      }
      expect(calls).toBe(Math.ceil(expected / RECURRING_GENERATE_MAX_PER_CALL));
      expect(total).toBe(expected);
      expect(await countTransactions(t, user.id)).toBe(expected);
      expect((await generate(token)).json()).toEqual({
        data: { generated: 0, more: false },
        message: 'Generated 0 transactions',
      });
    },
  );

  it(`caps recurring items at ${RECURRING_MAX_ITEMS} per user with a clear message`, { timeout: 120_000 }, async () => {
    const { token, user } = await registerUser(t);
    const other = await registerUser(t);
    const cat = await createCategory(t, token);
    const startDate = todayIn('UTC');
    for (let i = 0; i < RECURRING_MAX_ITEMS; i++) await createRecurring(t, token, { categoryId: cat.id, startDate });
    const res = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: { categoryId: cat.id, type: 'expense', amount: 1, description: 'One too many', startDate },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'You can have at most 200 recurring transactions. Delete one you no longer need first.',
    });
    expect(await countRecurring(t.db.db, user.id)).toBe(RECURRING_MAX_ITEMS);
    // Another user is not affected.
    const otherCat = await createCategory(t, other.token);
    await createRecurring(t, other.token, { categoryId: otherCat.id, startDate });
  });

  it('answers at most 1,000 upcoming occurrences, the earliest', async () => {
    const { token } = await registerUser(t, { timezone: 'UTC' });
    const cat = await createCategory(t, token);
    const today = todayIn('UTC');
    for (let i = 0; i < 3; i++)
      await createRecurring(t, token, { categoryId: cat.id, frequency: 'daily', startDate: today });
    const res = await t.request({ method: 'GET', url: '/api/recurring/upcoming?days=366', token });
    const list = res.json<{ data: { date: string }[] }>().data;
    expect(list).toHaveLength(UPCOMING_MAX_OCCURRENCES);
    expect(list[0]!.date).toBe(today);
    expect(list[999]!.date).toBe(addDays(today, 333));
  });
});
