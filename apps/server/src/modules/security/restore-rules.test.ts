import { describe, expect, it } from 'vitest';
import { MSG, addDays, recurringMinStartDate, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { multipart } from '../../../test/multipart.js';
import { generatedRows } from '../../../test/recurring-helpers.js';
import { makeZip } from '../../../test/zip.js';
import { SWEEP_MAX_PER_ITEM, runRecurringSweep } from '../../jobs/recurring-sweep.js';

/**
 * Issue "Hardening first", item 2: a restore is held to exactly the API's rules — the per-user
 * caps and every entity's own zod schema — and a file breaking any of them is refused whole
 * with a 400 naming what is wrong, nothing written. A restored item far in the past is caught
 * up by the sweep at most 1,000 occurrences per item per run.
 */
const t = useTestApp();

type Json = Record<string, unknown>;
const at = '2026-01-01T00:00:00.000Z';
const stamp = { createdAt: at, updatedAt: at };
const today = () => todayIn('UTC');

const category = (id: string, name: string, type = 'expense') => ({
  id,
  name,
  type,
  color: '#f97316',
  icon: '🍔',
  isDefault: false,
  ...stamp,
});
const recurringItem = (id: string, startDate: string, frequency = 'monthly') => ({
  id,
  categoryId: 'food',
  type: 'expense',
  amount: '9.99',
  description: 'Gym',
  frequency,
  startDate,
  endDate: null,
  nextDate: startDate,
  lastGenerated: null,
  lastBooked: null,
  skippedBefore: null,
  skippedDates: [],
  isActive: true,
  ...stamp,
});
const rule = (id: string, contains: string) => ({ id, contains, categoryId: 'food', ...stamp });
const profile = (id: string, name: string) => ({ id, name, header: ['Date', name], options: {}, ...stamp });

/** A small valid export (version 3), as the API could have written it. */
function document(): Json {
  return {
    format: 'ledgerly-export',
    version: 3,
    exportedAt: at,
    settings: { firstName: 'Ada', lastName: null, currency: 'EUR', timezone: 'UTC' },
    categories: [category('food', 'Food'), category('pay', 'Salary', 'income')],
    transactions: [
      {
        id: 't1',
        categoryId: 'food',
        type: 'expense',
        amount: '12.50',
        description: 'Lunch',
        date: addDays(today(), -3),
        recurringId: null,
        occurrenceDate: null,
        receipt: null,
        ...stamp,
      },
    ],
    budgets: [{ id: 'b1', categoryId: 'food', period: 'monthly', amount: '300.00', rollover: false, ...stamp }],
    recurring: [recurringItem('r1', addDays(today(), -40))],
    rules: [rule('l1', 'LIDL')],
    importProfiles: [profile('p1', 'Bank')],
  };
}

const restore = async (token: string, doc: Json) =>
  t.request({
    method: 'POST',
    url: '/api/account/restore',
    token,
    ...multipart({}, [
      { field: 'file', filename: 'export.zip', data: await makeZip({ 'ledgerly.json': JSON.stringify(doc) }) },
    ]),
  });

const get = async (token: string, url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: unknown; meta?: { total: number } }>();
};

const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const first = (doc: Json, section: string) => (doc[section] as Json[])[0]!;

describe('POST /api/account/restore holds a file to the API rules', () => {
  it('refuses a file over a per-user cap or breaking a row rule, whole, naming what is wrong', async () => {
    const target = await registerUser(t, { firstName: 'Keep' });
    const cases: [string, (doc: Json) => void, string][] = [
      [
        '1,015 categories',
        (d) => (d.categories = many(1015, (i) => category(`c${i}`, `Category ${i}`))),
        'categories: at most 200 in one account, and this file has 1015',
      ],
      [
        '1,001 recurring items',
        (d) => (d.recurring = many(1001, (i) => recurringItem(`r${i}`, addDays(today(), -10)))),
        'recurring: at most 200 in one account, and this file has 1001',
      ],
      [
        '2,001 rules',
        (d) => (d.rules = many(2001, (i) => rule(`l${i}`, `shop ${i}`))),
        'rules: at most 500 in one account, and this file has 2001',
      ],
      [
        '501 import profiles',
        (d) => (d.importProfiles = many(501, (i) => profile(`p${i}`, `Bank ${i}`))),
        'importProfiles: at most 100 in one account, and this file has 501',
      ],
      [
        'a date in year 0001',
        (d) => (first(d, 'transactions').date = '0001-01-01'),
        'transactions[0].date: must be a date from 1900-01-01 to 9999-12-31',
      ],
      [
        'month 13',
        (d) => (first(d, 'transactions').date = '2026-13-01'),
        'transactions[0].date: must be a date from 1900-01-01 to 9999-12-31',
      ],
      [
        '30 February',
        (d) => (first(d, 'recurring').endDate = '2026-02-30'),
        'recurring[0].endDate: must be a date from 1900-01-01 to 9999-12-31',
      ],
      [
        'a time stamp in year 0001',
        (d) => (first(d, 'categories').createdAt = '0001-01-01T00:00:00.000Z'),
        'categories[0].createdAt: must be a time from the year 1900 on',
      ],
      [
        'a transaction after today',
        (d) => (first(d, 'transactions').date = addDays(today(), 2)),
        `transactions[0].date: ${MSG.dateInFuture}`,
      ],
      [
        'a recurring start more than 50 years back',
        (d) => (d.recurring = [recurringItem('r1', '1900-01-01', 'daily')]),
        'recurring[0].startDate: Start date cannot be more than 50 years ago',
      ],
      [
        'a next date before the start',
        (d) => (first(d, 'recurring').nextDate = '1999-01-01'),
        "recurring[0].nextDate: outside the item's start and end dates",
      ],
      [
        'a colour the category form does not offer',
        (d) => (first(d, 'categories').color = '#123456'),
        'categories[0].color: Choose one of the preset colours',
      ],
      [
        'an empty description after trimming',
        (d) => (first(d, 'recurring').description = '   '),
        `recurring[0].description: ${MSG.enterDescription}`,
      ],
      [
        'two names that are one once trimmed',
        (d) => (d.categories = [...(d.categories as Json[]), category('food2', ' food ')]),
        'categories: "food" appears twice',
      ],
    ];
    for (const [what, change, message] of cases) {
      const doc = document();
      change(doc);
      const res = await restore(target.token, doc);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    }

    // Nothing of any of them was written.
    expect((await get(target.token, '/api/categories')).data).toEqual([]);
    expect((await get(target.token, '/api/transactions')).meta!.total).toBe(0);
    expect((await get(target.token, '/api/recurring')).data).toEqual([]);
    expect((await get(target.token, '/api/budgets/status')).data).toEqual([]);
    expect((await get(target.token, '/api/rules')).data).toEqual([]);
    expect((await get(target.token, '/api/import-profiles')).data).toEqual([]);
    expect((await get(target.token, '/api/settings')).data).toMatchObject({ firstName: 'Keep' });

    // At the caps exactly, and with text as the API stores it (trimmed, lower-case colour), it restores.
    const atCaps = document();
    atCaps.categories = [
      { ...category('food', '  Food  '), color: '#F97316' },
      category('pay', 'Salary', 'income'),
      ...many(198, (i) => category(`c${i}`, `Category ${i}`)),
    ];
    atCaps.rules = many(500, (i) => rule(`l${i}`, ` shop ${i} `));
    atCaps.importProfiles = many(100, (i) => profile(`p${i}`, `Bank ${i}`));
    atCaps.recurring = many(200, (i) => recurringItem(`r${i}`, addDays(today(), 1 + i)));
    const res = await restore(target.token, atCaps);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ categories: 200, recurring: 200, rules: 500, importProfiles: 100 });
    const categories = (await get(target.token, '/api/categories')).data as Json[];
    expect(categories.find((c) => c.name === 'Food')).toMatchObject({ color: '#f97316' });
    const rules = (await get(target.token, '/api/rules')).data as Json[];
    expect(rules.map((r) => r.contains)).toContain('shop 0');
    // And the API's own cap now answers as it would for an account built through the API.
    const more = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: target.token,
      payload: { name: 'One too many', type: 'expense' },
    });
    expect(more.statusCode).toBe(409);
  });

  it('a restored daily item 50 years back: the sweep writes at most 1,000 per item per run, then goes on', async () => {
    const user = await registerUser(t);
    // The earliest start the API accepts today: some 18,000 daily occurrences are due.
    const start = addDays(recurringMinStartDate(), 1);
    const doc = document();
    doc.transactions = [];
    doc.recurring = many(5, (i) => ({ ...recurringItem(`r${i}`, start, 'daily'), description: `Daily ${i}` }));
    const restored = await restore(user.token, doc);
    expect(restored.statusCode, restored.body).toBe(200);
    const items = (await get(user.token, '/api/recurring')).data as { id: string }[];
    expect(items).toHaveLength(5);

    const run1 = await runRecurringSweep(t.db.db);
    expect(run1.failed).toBe(0);
    expect(run1.more).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      const rows = await generatedRows(t, user.user.id, item.id);
      expect(rows).toHaveLength(SWEEP_MAX_PER_ITEM);
      expect(rows[0]!.occurrenceDate).toBe(start);
      expect(rows.at(-1)!.occurrenceDate).toBe(addDays(start, SWEEP_MAX_PER_ITEM - 1));
    }

    // The next run goes on from where the first stopped: nothing twice, nothing left out.
    await runRecurringSweep(t.db.db);
    for (const item of items) {
      const dates = (await generatedRows(t, user.user.id, item.id)).map((r) => r.occurrenceDate);
      expect(dates).toHaveLength(2 * SWEEP_MAX_PER_ITEM);
      expect(new Set(dates).size).toBe(dates.length);
      expect(dates.at(-1)).toBe(addDays(start, 2 * SWEEP_MAX_PER_ITEM - 1));
    }
    const list = (await get(user.token, '/api/recurring')).data as Json[];
    expect(list.every((r) => r.nextDate === addDays(start, 2 * SWEEP_MAX_PER_ITEM))).toBe(true);
  });
});
