import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { filesUnder, jpegWithGps, png } from '../../../test/receipt-fixtures.js';
import { makeZip, readZip } from '../../../test/zip.js';

const t = useTestApp();
const receiptsDir = () => join(t.config.dataDir, 'receipts');

type Json = Record<string, unknown>;

async function exportOf(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/account/export', token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="ledgerly-export-${todayIn('UTC')}.zip"`);
  return readZip(res.rawPayload);
}

const restoreZip = (token: string, zip: Buffer) =>
  t.request({
    method: 'POST',
    url: '/api/account/restore',
    token,
    ...multipart({}, [{ field: 'file', filename: 'export.zip', contentType: 'application/zip', data: zip }]),
  });

async function richUser() {
  const user = await registerUser(t, { firstName: 'Ada', timezone: 'UTC' });
  await t.request({
    method: 'PUT',
    url: '/api/settings',
    token: user.token,
    payload: { firstName: 'Ada', lastName: 'L', currency: 'EUR' },
  });
  const food = await createCategory(t, user.token, { name: 'Food, "good"', type: 'expense' });
  const pay = await createCategory(t, user.token, { name: 'Salary', type: 'income' });
  const add = async (fields: Json, file?: Buffer) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: user.token,
      ...multipart(fields as Record<string, string>, file ? [{ filename: 'r.jpg', data: file }] : []),
    });
    expect(res.statusCode).toBe(201);
  };
  await add(
    {
      categoryId: food.id,
      type: 'expense',
      amount: '12.30',
      description: 'Café ☕, "latte"\nline',
      date: '2026-01-05',
    },
    await jpegWithGps(),
  );
  await add(
    { categoryId: food.id, type: 'expense', amount: '0.01', description: 'Gum', date: '2026-01-05' },
    await png(),
  );
  await add({ categoryId: pay.id, type: 'income', amount: '9999999999.99', description: 'Big', date: '2025-12-31' });
  await t.request({
    method: 'POST',
    url: '/api/budgets',
    token: user.token,
    payload: { categoryId: food.id, amount: '300', period: 'monthly' },
  });
  const rec = await t.request({
    method: 'POST',
    url: '/api/recurring',
    token: user.token,
    payload: {
      categoryId: food.id,
      type: 'expense',
      amount: '9.99',
      description: 'Gym',
      frequency: 'monthly',
      startDate: '2025-10-15',
    },
  });
  expect(rec.statusCode).toBe(201);
  expect((await t.request({ method: 'POST', url: '/api/recurring/generate', token: user.token })).statusCode).toBe(200);
  for (const payload of [
    { contains: 'LIDL', categoryId: food.id },
    { contains: 'ACME PAYROLL', categoryId: pay.id },
  ]) {
    const rule = await t.request({ method: 'POST', url: '/api/rules', token: user.token, payload });
    expect(rule.statusCode).toBe(201);
  }
  const profile = await t.request({
    method: 'POST',
    url: '/api/import-profiles',
    token: user.token,
    payload: {
      name: 'My bank',
      header: ['Buchungstag', 'Betrag', 'Verwendungszweck'],
      options: { encoding: 'windows-1252', dateFormat: 'DD.MM.YYYY', csv: { delimiter: ';', decimalSeparator: ',' } },
    },
  });
  expect(profile.statusCode).toBe(201);
  const total: number = (await t.request({ method: 'GET', url: '/api/transactions', token: user.token })).json().meta
    .total;
  expect(total).toBeGreaterThan(3);
  return { ...user, total };
}

/** The document with ids replaced by what they point at, rows sorted: equal for equal content. */
function comparable(doc: Json) {
  const cats = new Map((doc.categories as Json[]).map((c) => [c.id, `${String(c.type)}:${String(c.name)}`]));
  const recs = new Map((doc.recurring as Json[]).map((r) => [r.id, r.description]));
  const accounts = new Map((doc.accounts as Json[]).map((a) => [a.id, a.name]));
  const sort = (rows: Json[]) => rows.map((r) => JSON.stringify(r)).sort();
  const strip = ({ id: _id, ...rest }: Json) => rest;
  return {
    settings: doc.settings,
    accounts: sort((doc.accounts as Json[]).map(strip)),
    categories: sort((doc.categories as Json[]).map(strip)),
    budgets: sort((doc.budgets as Json[]).map((b) => ({ ...strip(b), categoryId: cats.get(b.categoryId) }))),
    recurring: sort(
      (doc.recurring as Json[]).map((r) => ({
        ...strip(r),
        categoryId: cats.get(r.categoryId),
        accountId: accounts.get(r.accountId),
      })),
    ),
    rules: sort((doc.rules as Json[]).map((r) => ({ ...strip(r), categoryId: cats.get(r.categoryId) }))),
    importProfiles: sort((doc.importProfiles as Json[]).map(strip)),
    transactions: sort(
      (doc.transactions as Json[]).map((tx) => ({
        ...strip(tx),
        categoryId: cats.get(tx.categoryId),
        accountId: accounts.get(tx.accountId),
        recurringId: tx.recurringId ? recs.get(tx.recurringId) : null,
        receipt: (tx.receipt as Json | null)?.mime ?? null,
      })),
    ),
  };
}

const receiptsByDescription = (files: Map<string, Buffer>, doc: Json) =>
  Object.fromEntries(
    (doc.transactions as Json[])
      .filter((tx) => tx.receipt)
      .map((tx) => [tx.description, files.get((tx.receipt as Json).file as string)!.toString('base64')]),
  );

describe('GET /api/account/export and POST /api/account/restore', () => {
  it('round-trips: export, restore into a fresh account, export again: the same content, ids aside', async () => {
    const user = await richUser();
    const first = await exportOf(user.token);
    expect([...first.keys()].filter((n) => !n.startsWith('receipts/')).sort()).toEqual([
      'accounts.csv',
      'budgets.csv',
      'categories.csv',
      'ledgerly.json',
      'profiles.csv',
      'reconciliations.csv',
      'recurring.csv',
      'rules.csv',
      'settings.csv',
      'tags.csv',
      'transactions.csv',
      'transfers.csv',
    ]);
    const doc = JSON.parse(first.get('ledgerly.json')!.toString('utf8')) as Json;
    expect(doc).toMatchObject({ format: 'ledgerly-export', version: 4 });
    expect(doc.accounts).toEqual([
      expect.objectContaining({ name: 'Main account', kind: 'checking', currency: 'EUR', isDefault: true }),
    ]);
    expect((doc.rules as Json[]).map((r) => r.contains)).toEqual(['LIDL', 'ACME PAYROLL']);
    expect(doc.importProfiles).toEqual([
      expect.objectContaining({
        name: 'My bank',
        header: ['Buchungstag', 'Betrag', 'Verwendungszweck'],
        options: { encoding: 'windows-1252', dateFormat: 'DD.MM.YYYY', csv: { delimiter: ';', decimalSeparator: ',' } },
      }),
    ]);
    expect(first.get('rules.csv')!.toString('utf8').split('\n')[0]).toBe(
      'id,contains,categoryId,split,tagIds,createdAt,updatedAt',
    );
    expect(first.get('profiles.csv')!.toString('utf8')).toContain(
      '"[""Buchungstag"",""Betrag"",""Verwendungszweck""]"',
    );
    expect(doc.settings).toEqual({ firstName: 'Ada', lastName: 'L', currency: 'EUR', timezone: 'UTC' });
    expect((doc.transactions as Json[]).length).toBe(user.total);
    expect([...first.keys()].filter((n) => n.startsWith('receipts/'))).toHaveLength(2);
    const csv = first.get('transactions.csv')!.toString('utf8');
    expect(csv.split('\n')[0]).toBe(
      'id,date,type,amount,accountId,kind,status,categoryId,description,recurringId,occurrenceDate,receipt,createdAt,updatedAt',
    );
    expect(csv).toContain(',2025-12-31,income,9999999999.99,');
    expect(csv).toContain('"Café ☕, ""latte""\nline"');
    const recurring = (doc.recurring as Json[])[0]!;
    expect(recurring).toMatchObject({ lastGenerated: expect.any(String), nextDate: expect.any(String) });

    const fresh = await registerUser(t);
    const restored = await restoreZip(fresh.token, await makeZip(first));
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toEqual({
      categories: 2,
      transactions: user.total,
      budgets: 1,
      recurring: 1,
      rules: 2,
      importProfiles: 1,
      receipts: 2,
    });

    const second = await exportOf(fresh.token);
    const doc2 = JSON.parse(second.get('ledgerly.json')!.toString('utf8')) as Json;
    expect(comparable(doc2)).toEqual(comparable(doc));
    expect(receiptsByDescription(second, doc2)).toEqual(receiptsByDescription(first, doc));
    const noIds = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID');
    for (const name of ['categories.csv', 'budgets.csv', 'recurring.csv', 'settings.csv', 'profiles.csv']) {
      expect(noIds(second.get(name)!.toString())).toBe(noIds(first.get(name)!.toString()));
    }

    // The schedule continues where it stood: nothing is generated twice.
    const again = await t.request({ method: 'POST', url: '/api/recurring/generate', token: fresh.token });
    expect(again.statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: '/api/transactions?limit=100', token: fresh.token })).json();
    expect(list.meta.total).toBe(user.total);
    // The restored profile is found again by its header row.
    const profiles = (await t.request({ method: 'GET', url: '/api/import-profiles', token: fresh.token })).json();
    expect(profiles.data.map((p: Json) => p.name)).toEqual(['My bank']);
  });

  it('restores a version 2 export (before rules and import profiles were exported)', async () => {
    const user = await richUser();
    const files = await exportOf(user.token);
    const {
      rules: _rules,
      importProfiles: _profiles,
      ...v3
    } = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as Json;
    const v2 = new Map(files);
    v2.set('ledgerly.json', Buffer.from(JSON.stringify({ ...v3, version: 2 })));
    v2.delete('rules.csv');
    v2.delete('profiles.csv');
    const fresh = await registerUser(t);
    const res = await restoreZip(fresh.token, await makeZip(v2));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ transactions: user.total, rules: 0, importProfiles: 0 });
    const again = JSON.parse((await exportOf(fresh.token)).get('ledgerly.json')!.toString('utf8')) as Json;
    expect(again).toMatchObject({ version: 4, rules: [], importProfiles: [] });
    // Older files have no accounts: everything is in one default account.
    expect(again.accounts).toEqual([expect.objectContaining({ name: 'Main account', isDefault: true })]);
  });

  it('refuses to restore into an account that has data (409), changing nothing', async () => {
    const user = await richUser();
    const zip = await makeZip(await exportOf(user.token));
    const res = await restoreZip(user.token, zip);
    expect(res.statusCode).toBe(409);
    const list = (await t.request({ method: 'GET', url: '/api/transactions?limit=100', token: user.token })).json();
    expect(list.meta.total).toBe(user.total);
  });

  it('restores a version 1 export', async () => {
    const user = await registerUser(t);
    const image = await png();
    const v1 = {
      format: 'ledgerly-export',
      version: 1,
      exportedAt: '2025-06-01T10:00:00.000Z',
      settings: { firstName: null, lastName: null, currency: 'USD', timezone: 'UTC' },
      categories: [{ id: 'c1', name: 'Food', type: 'expense', color: '#f97316', icon: '🍔', isDefault: false }],
      transactions: [
        {
          id: 't1',
          categoryId: 'c1',
          type: 'expense',
          amount: 12.5,
          description: 'Lunch',
          date: '2025-05-30',
          recurringId: null,
          occurrenceDate: null,
          receipt: 'receipts/t1.png',
        },
      ],
      budgets: [{ id: 'b1', categoryId: 'c1', period: 'monthly', amount: 200 }],
      recurring: [
        {
          id: 'r1',
          categoryId: 'c1',
          type: 'expense',
          amount: 5,
          description: 'Coffee',
          frequency: 'weekly',
          startDate: '2025-05-01',
          endDate: null,
          nextDate: '2025-06-05',
          lastGenerated: '2025-05-29',
          isActive: false,
        },
      ],
    };
    const zip = await makeZip({ 'ledgerly.json': JSON.stringify(v1), 'receipts/t1.png': image });
    const res = await restoreZip(user.token, zip);
    expect(res.statusCode).toBe(200);
    const out = await exportOf(user.token);
    const doc = JSON.parse(out.get('ledgerly.json')!.toString()) as Json;
    expect((doc.transactions as Json[])[0]).toMatchObject({ amount: '12.50', description: 'Lunch' });
    expect((doc.recurring as Json[])[0]).toMatchObject({
      amount: '5.00',
      nextDate: '2025-06-05',
      skippedBefore: null,
      skippedDates: [],
    });
    expect((doc.budgets as Json[])[0]).toMatchObject({ amount: '200.00' });
    const file = ((doc.transactions as Json[])[0]!.receipt as Json).file as string;
    expect(out.get(file)!.equals(image)).toBe(true);
  });

  it('refuses what is not ours, a zip bomb and a tampered ledgerly.json with a clear 400, changing nothing', async () => {
    const source = await richUser();
    const good = await exportOf(source.token);
    const doc = JSON.parse(good.get('ledgerly.json')!.toString()) as Json;
    const withDoc = (change: (d: Json) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return makeZip(new Map([...good, ['ledgerly.json', Buffer.from(JSON.stringify(copy))]]));
    };
    const target = await registerUser(t);
    const filesBefore = filesUnder(receiptsDir()).length;
    const cases: [Buffer, string][] = [
      [Buffer.from('not a zip at all, just text'), 'This file is not a Ledgerly export: it is not a zip file'],
      [await makeZip({ 'notes.txt': 'hello' }), 'This file is not a Ledgerly export: unexpected file "notes.txt"'],
      [await makeZip({ 'ledgerly.json': '{"hello": 1}' }), 'ledgerly.json is not a Ledgerly export'],
      [await makeZip({ 'ledgerly.json': '{not json' }), 'ledgerly.json is not valid JSON'],
      [
        await makeZip({ 'ledgerly.json': Buffer.alloc(60 * 1024 * 1024, 32) }),
        'This file inflates to far more than an export can hold',
      ],
      [
        await withDoc((d) => ((d.transactions as Json[])[0]!.amount = '-5')),
        'transactions[0].amount: must be an amount such as 12.34',
      ],
      [
        await withDoc((d) => ((d.transactions as Json[])[1]!.categoryId = 'nope')),
        'transactions[1].categoryId: no such category in the file',
      ],
      [await withDoc((d) => (d.version = 9)), 'Export version 9 is newer than this server reads'],
      [
        await withDoc((d) => ((d.rules as Json[])[0]!.categoryId = 'nope')),
        'rules[0].categoryId: no such category in the file',
      ],
      [await withDoc((d) => ((d.importProfiles as Json[])[0]!.header = [])), 'importProfiles[0].header'],
      [
        await withDoc(
          (d) => ((d.budgets as Json[])[0]!.categoryId = (d.categories as Json[]).find((c) => c.type === 'income')!.id),
        ),
        'budgets[0].categoryId: the category is for income',
      ],
      [
        await makeZip(
          new Map([...good].map(([n, b]) => [n, n.startsWith('receipts/') ? Buffer.from('<svg></svg>') : b])),
        ),
        'is not a receipt image we can read',
      ],
    ];
    for (const [zip, message] of cases) {
      const res = await restoreZip(target.token, zip);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const list = (await t.request({ method: 'GET', url: '/api/transactions', token: target.token })).json();
    expect(list.meta.total).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/categories', token: target.token })).json().data).toEqual([]);
    expect(filesUnder(receiptsDir()).length).toBe(filesBefore);
    // And the good file still restores afterwards.
    expect((await restoreZip(target.token, await makeZip(good))).statusCode).toBe(200);
  });

  it('exports an empty account, and refuses a restore without a file', async () => {
    const user = await registerUser(t);
    const files = await exportOf(user.token);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString()) as Json;
    expect(doc.transactions).toEqual([]);
    expect(files.get('transactions.csv')!.toString()).toMatch(/^id,date,type,amount/);
    const res = await t.request({ method: 'POST', url: '/api/account/restore', token: user.token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose an export file (.zip) to restore');
  });
});
