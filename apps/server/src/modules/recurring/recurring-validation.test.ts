import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@ledgerly/shared';
import { recurringMinStartDate } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { createRecurring } from '../../../test/recurring-helpers.js';

const t = useTestApp();

let token = '';
let expense: Category;
let income: Category;
let foreign: Category;
const base = () => ({
  categoryId: expense.id,
  type: 'expense',
  amount: 10,
  description: 'Gym',
  frequency: 'monthly',
  startDate: '2030-01-01',
});

beforeAll(async () => {
  ({ token } = await registerUser(t));
  expense = await createCategory(t, token, { name: 'Fitness', type: 'expense' });
  income = await createCategory(t, token, { name: 'Salary', type: 'income' });
  const other = await registerUser(t);
  foreign = await createCategory(t, other.token, { name: 'Theirs', type: 'expense' });
});

async function listCount(): Promise<number> {
  return (await t.request({ method: 'GET', url: '/api/recurring', token })).json().data.length;
}

describe('recurring validation, in the spec order', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['nothing at all', () => ({}), 'Please select a category'],
    [
      'everything wrong',
      () => ({ categoryId: '', amount: 0, description: ' ', startDate: '', endDate: 'nope' }),
      'Please select a category',
    ],
    [
      'an unknown category, with a bad amount',
      () => ({ ...base(), categoryId: crypto.randomUUID(), amount: 0 }),
      'Please select a category',
    ],
    [
      "another user's category, with a bad amount",
      () => ({ ...base(), categoryId: foreign.id, amount: 0 }),
      'Please select a category',
    ],
    ['a category id that is not a uuid', () => ({ ...base(), categoryId: 'abc' }), 'Please select a category'],
    [
      'amount 0, blank description, no start',
      () => ({ ...base(), amount: 0, description: ' ', startDate: undefined }),
      'Please enter a valid amount',
    ],
    ['amount missing', () => ({ ...base(), amount: undefined }), 'Please enter a valid amount'],
    ['negative amount', () => ({ ...base(), amount: -5 }), 'Please enter a valid amount'],
    ['three decimals', () => ({ ...base(), amount: 1.005 }), 'Please enter a valid amount'],
    ['amount text', () => ({ ...base(), amount: 'ten' }), 'Please enter a valid amount'],
    [
      'blank description, no start',
      () => ({ ...base(), description: '   ', startDate: undefined }),
      'Please enter a description',
    ],
    ['description missing', () => ({ ...base(), description: undefined }), 'Please enter a description'],
    [
      'start date missing, end before nothing',
      () => ({ ...base(), startDate: undefined, endDate: '2020-01-01' }),
      'Please select a start date',
    ],
    ['start date empty', () => ({ ...base(), startDate: '' }), 'Please select a start date'],
    ['start date not a date', () => ({ ...base(), startDate: '2030-02-30' }), 'Please select a start date'],
    ['end date before start', () => ({ ...base(), endDate: '2029-12-31' }), 'End date must be after start date'],
    [
      'start more than 50 years ago',
      () => ({ ...base(), startDate: '1969-12-31' }),
      `Start date cannot be more than 50 years ago (the earliest is ${recurringMinStartDate()})`,
    ],
    [
      'an income category on an expense item',
      () => ({ ...base(), categoryId: income.id }),
      'Selected category is for income, but transaction type is expense',
    ],
    ['an unknown type', () => ({ ...base(), type: 'savings' }), 'Type must be expense or income'],
    [
      'an unknown frequency',
      () => ({ ...base(), frequency: 'hourly' }),
      'Frequency must be daily, weekly, monthly or yearly',
    ],
    [
      'a description over 255 characters',
      () => ({ ...base(), description: 'x'.repeat(256) }),
      'Description must be at most 255 characters',
    ],
  ];

  it.each(cases)('POST refuses %s', async (_name, payload, message) => {
    const res = await t.request({ method: 'POST', url: '/api/recurring', token, payload: payload() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(await listCount()).toBe(0);
  });

  it('names every failing field for the form', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        categoryId: foreign.id,
        type: 'expense',
        amount: 0,
        description: '',
        startDate: '2030-02-01',
        endDate: '2030-01-01',
      },
    });
    expect(res.json().fields).toEqual({
      categoryId: 'Please select a category',
      amount: 'Please enter a valid amount',
      description: 'Please enter a description',
      endDate: 'End date must be after start date',
    });
  });

  it('accepts an end date equal to the start date, a numeric-string amount, and omitted end date and frequency', async () => {
    const same = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: { ...base(), endDate: '2030-01-01' },
    });
    expect(same.statusCode).toBe(201);
    expect(same.json().data).toMatchObject({ endDate: '2030-01-01', nextDate: '2030-01-01' });
    const res = await t.request({
      method: 'POST',
      url: '/api/recurring',
      token,
      payload: {
        categoryId: income.id,
        type: 'income',
        amount: '2500.00',
        description: 'Pay',
        startDate: '2030-01-25',
        endDate: '',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 2500, frequency: 'monthly', endDate: null, isActive: true });
  });

  it('PUT checks in the same order and changes nothing on failure', async () => {
    const item = await createRecurring(t, token, {
      categoryId: expense.id,
      startDate: '2031-03-01',
      description: 'Keep me',
    });
    for (const [payload, message] of [
      [{ ...base(), categoryId: foreign.id, amount: 0 }, 'Please select a category'],
      [{ ...base(), amount: 0, description: '' }, 'Please enter a valid amount'],
      [{ ...base(), description: ' ' }, 'Please enter a description'],
      [{ ...base(), startDate: undefined }, 'Please select a start date'],
      [{ ...base(), endDate: '2000-01-01' }, 'End date must be after start date'],
      [{ ...base(), type: 'income' }, 'Selected category is for expense, but transaction type is income'],
    ] as const) {
      const res = await t.request({ method: 'PUT', url: `/api/recurring/${item.id}`, token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const list = await t.request({ method: 'GET', url: '/api/recurring', token });
    expect(list.json().data.find((r: { id: string }) => r.id === item.id)).toEqual(item);
  });

  it.each(['0', '367', 'abc', '1.5', '-3'])('upcoming refuses days=%s', async (days) => {
    const res = await t.request({ method: 'GET', url: `/api/recurring/upcoming?days=${days}`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Days must be a whole number from 1 to 366');
  });

  it('upcoming accepts 1 and 366 and defaults to 30', async () => {
    for (const days of ['1', '366']) {
      const res = await t.request({ method: 'GET', url: `/api/recurring/upcoming?days=${days}`, token });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/api/recurring/upcoming', token })).statusCode).toBe(200);
  });

  it('answers 404 for ids that are not uuids', async () => {
    for (const [method, url] of [
      ['PUT', '/api/recurring/nope'],
      ['DELETE', '/api/recurring/nope'],
      ['POST', '/api/recurring/nope/generate'],
    ] as const) {
      const res = await t.request({ method, url, token, payload: base() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurring transaction not found', code: 'NOT_FOUND' });
    }
  });
});
