import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Rate, Transfer } from '@ledgerly/shared';
import { TRANSFER_MSG, minorUnitsMessage } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { multipart } from '../../../test/multipart.js';
import { addAccount, createTransfer, defaultAccountId, getTransaction } from '../../../test/transfer-helpers.js';
import { makeZip, readZip } from '../../../test/zip.js';

/*
 * Transfers between two currencies (DESIGN §12, issue 23): both amounts or one amount and a rate,
 * the rate stored on the transfer and kept as the user's rate of that day, bad input refused with
 * the field named and nothing written, and edits of either leg keeping the pair consistent.
 */
const t = useTestApp();

// The shared history of one day: 1 USD = 0.9 EUR = 150 JPY (the test app starts without the bundled data).
const DAY = '2024-03-01';
beforeAll(async () => {
  await t.db.db.execute(sql`
    insert into exchange_rates (currency, day, rate_vs_anchor, source)
    values ('EUR', ${DAY}, 0.9, 'dataset'), ('JPY', ${DAY}, 150, 'dataset')
    on conflict do nothing`);
});

async function setup() {
  const auth = await registerUser(t);
  const usd = await defaultAccountId(t, auth.user.id);
  const eur = await addAccount(t, auth.user.id, { name: 'Euros', currency: 'EUR' });
  const jpy = await addAccount(t, auth.user.id, { name: 'Yen', currency: 'JPY' });
  const gbp = await addAccount(t, auth.user.id, { name: 'Pounds', currency: 'GBP' });
  return { token: auth.token, usd, eur, jpy, gbp };
}

const post = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/transfers', token, payload: { date: DAY, ...payload } });

async function count(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=1', token });
  return res.json<{ meta: { total: number } }>().meta.total;
}

async function rateOf(token: string, currency: string, day = DAY): Promise<Rate> {
  const res = await t.request({ method: 'GET', url: `/api/rates?currency=${currency}&start=${day}&end=${day}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Rate[] }>().data[0]!;
}

describe('transfers between two currencies', () => {
  it('both amounts: each leg in its currency, the implied rate stored and kept as the user rate of that day', async () => {
    const { token, usd, eur } = await setup();
    const tr = await createTransfer(t, token, {
      fromAccountId: usd,
      toAccountId: eur,
      amount: 100,
      toAmount: 92.5,
      date: DAY,
    });
    expect(tr).toMatchObject({ amount: 100, toAmount: 92.5, rate: '0.925' });
    expect(tr.outTransaction.amount).toBe(100);
    expect(tr.inTransaction.amount).toBe(92.5);
    // 1 EUR = 100 / 92.5 USD (the base), to 12 decimals, as the user's own rate of the day.
    expect(await rateOf(token, 'EUR')).toMatchObject({ source: 'user', rate: '1.081081081081' });
    const again = await t.request({ method: 'GET', url: `/api/transfers/${tr.id}`, token });
    expect(again.json<{ data: Transfer }>().data.rate).toBe('0.925');
  });

  it('one amount and a rate: the arriving amount is rounded half-even once to the currency’s digits', async () => {
    const { token, usd, eur, jpy } = await setup();
    const tr = await createTransfer(t, token, {
      fromAccountId: usd,
      toAccountId: eur,
      amount: 100,
      rate: '0.92345',
      date: DAY,
    });
    expect(tr).toMatchObject({ amount: 100, toAmount: 92.34, rate: '0.92345' });
    // JPY has no decimals: 10 USD × 151.25 = 1,512.5 → 1,512 (half to even).
    const yen = await createTransfer(t, token, {
      fromAccountId: usd,
      toAccountId: jpy,
      amount: 10,
      rate: 151.25,
      date: DAY,
    });
    expect(yen).toMatchObject({ toAmount: 1512, rate: '151.25' });
    expect(await rateOf(token, 'JPY')).toMatchObject({ source: 'user', rate: '0.006613756614' });
  });

  it('bad input: a 400 naming the field, nothing written', async () => {
    const { token, usd, eur, jpy, gbp } = await setup();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { fromAccountId: usd, toAccountId: eur, amount: 100, rate: 0 },
        'rate',
        'Rate must be a number more than zero, such as 1.0834',
      ],
      [
        { fromAccountId: usd, toAccountId: eur, amount: 100, rate: -0.9 },
        'rate',
        'Rate must be a number more than zero, such as 1.0834',
      ],
      [
        { fromAccountId: usd, toAccountId: eur, amount: 100, toAmount: 90, rate: 0.9 },
        'rate',
        TRANSFER_MSG.rateOrAmount,
      ],
      [{ fromAccountId: usd, toAccountId: eur, amount: 100 }, 'toAmount', TRANSFER_MSG.toAmountNeeded],
      [
        { fromAccountId: usd, toAccountId: jpy, amount: 10, toAmount: 1512.5 },
        'toAmount',
        minorUnitsMessage('Amount that arrives', 'JPY', 'decimals'),
      ],
      [
        { fromAccountId: jpy, toAccountId: usd, amount: 1500.5, toAmount: 10 },
        'amount',
        minorUnitsMessage('Amount', 'JPY', 'decimals'),
      ],
      // 100 USD → 1,000 EUR: 10 per dollar against 0.9 that day, 11 times away.
      [
        { fromAccountId: usd, toAccountId: eur, amount: 100, toAmount: 1000 },
        'toAmount',
        TRANSFER_MSG.absurdRate('USD', 'EUR', '10', '0.9'),
      ],
      [
        { fromAccountId: eur, toAccountId: usd, amount: 100, rate: '0.1' },
        'rate',
        TRANSFER_MSG.absurdRate('EUR', 'USD', '0.1', '1.1111'),
      ],
      // A rate that would make the arriving amount larger than any amount can be (1e19 cents).
      [
        { fromAccountId: usd, toAccountId: eur, amount: 1000000, rate: '100000000000' },
        'rate',
        TRANSFER_MSG.rateTooLarge,
      ],
      [{ fromAccountId: usd, toAccountId: usd, amount: 100, rate: '2' }, 'toAccountId', ''],
      [{ fromAccountId: usd, toAccountId: eur, amount: 0, toAmount: 1 }, 'amount', ''],
      [{ fromAccountId: usd, toAccountId: eur, amount: -5, toAmount: 1 }, 'amount', ''],
      [{ fromAccountId: usd, toAccountId: eur, amount: 5, toAmount: -1 }, 'toAmount', ''],
    ];
    for (const [payload, field, message] of cases) {
      if (!field) continue;
      const res = await post(token, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(400);
      const fields = res.json<{ fields: Record<string, string> }>().fields;
      expect(Object.keys(fields), res.body).toContain(field);
      if (message) expect(fields[field]).toBe(message);
    }
    expect(await count(token)).toBe(0);
    expect(await rateOf(token, 'EUR')).toMatchObject({ source: 'dataset' });
    // Within ten times, and on a day without any rate, the user's figures stand.
    await createTransfer(t, token, { fromAccountId: usd, toAccountId: eur, amount: 100, toAmount: 500, date: DAY });
    await createTransfer(t, token, { fromAccountId: usd, toAccountId: gbp, amount: 100, toAmount: 5000, date: DAY });
    expect(await count(token)).toBe(4);
  });

  it('a rate the user set is kept; the transfer’s own rate follows its edits and goes with it', async () => {
    const { token, usd, eur } = await setup();
    const own = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token,
      payload: { currency: 'EUR', day: DAY, rate: '1.1' },
    });
    expect(own.statusCode, own.body).toBe(200);
    await createTransfer(t, token, { fromAccountId: usd, toAccountId: eur, amount: 100, toAmount: 80, date: DAY });
    expect(await rateOf(token, 'EUR')).toMatchObject({ source: 'user', rate: '1.1' });

    const day2 = '2024-03-04';
    const tr = await createTransfer(t, token, {
      fromAccountId: eur,
      toAccountId: usd,
      amount: 50,
      toAmount: 55,
      date: day2,
    });
    expect(tr.rate).toBe('1.1');
    expect(await rateOf(token, 'EUR', day2)).toMatchObject({ source: 'user', rate: '1.1' });
    // PUT /transfers with new amounts: the stored rate and the user rate follow.
    const put = await t.request({
      method: 'PUT',
      url: `/api/transfers/${tr.id}`,
      token,
      payload: { fromAccountId: eur, toAccountId: usd, amount: 50, toAmount: 54, date: day2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: Transfer }>().data.rate).toBe('1.08');
    expect(await rateOf(token, 'EUR', day2)).toMatchObject({ source: 'user', rate: '1.08' });
    // Editing one leg: the other keeps its amount, the rate follows the pair.
    const leg = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tr.inTransaction.id}`,
      token,
      payload: { amount: 56, date: day2, description: null },
    });
    expect(leg.statusCode, leg.body).toBe(200);
    expect((await getTransaction(t, token, tr.outTransaction.id)).amount).toBe(50);
    const read = (await t.request({ method: 'GET', url: `/api/transfers/${tr.id}`, token })).json<{ data: Transfer }>()
      .data;
    expect(read).toMatchObject({ amount: 50, toAmount: 56, rate: '1.12' });
    expect(await rateOf(token, 'EUR', day2)).toMatchObject({ source: 'user', rate: '1.12' });
    // An absurd leg: 400 on the amount, nothing changed.
    const absurd = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tr.inTransaction.id}`,
      token,
      payload: { amount: 5600, date: day2, description: null },
    });
    expect(absurd.statusCode).toBe(400);
    expect(Object.keys(absurd.json<{ fields: Record<string, string> }>().fields)).toEqual(['amount']);
    expect((await getTransaction(t, token, tr.inTransaction.id)).amount).toBe(56);
    expect(await rateOf(token, 'EUR', day2)).toMatchObject({ rate: '1.12' });
    // Deleted: its rate goes with it; the day falls back to the shared history (none that day: missing).
    const del = await t.request({ method: 'DELETE', url: `/api/transfers/${tr.id}`, token });
    expect(del.statusCode).toBe(204);
    expect(await rateOf(token, 'EUR', day2)).toMatchObject({ source: 'dataset' });
  });

  it('an export carries the rate and a restore puts it back', async () => {
    const { token, usd, eur } = await setup();
    await createTransfer(t, token, { fromAccountId: usd, toAccountId: eur, amount: 100, toAmount: 92.5, date: DAY });
    const exported = await t.request({ method: 'GET', url: '/api/account/export', token });
    expect(exported.statusCode).toBe(200);
    const files = await readZip(exported.rawPayload);
    const doc = JSON.parse(files.get('ledgerly.json')!.toString('utf8')) as { transfers: { rate?: string | null }[] };
    expect(doc.transfers.map((tr) => Number(tr.rate))).toEqual([0.925]);
    const fresh = await registerUser(t, { timezone: 'UTC' });
    const restored = await t.request({
      method: 'POST',
      url: '/api/account/restore',
      token: fresh.token,
      ...multipart({}, [
        { field: 'file', filename: 'export.zip', contentType: 'application/zip', data: await makeZip(files) },
      ]),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const rows = await t.request({ method: 'GET', url: '/api/transactions?limit=5', token: fresh.token });
    const transferId = rows.json<{ data: { transferId: string }[] }>().data[0]!.transferId;
    const back = await t.request({ method: 'GET', url: `/api/transfers/${transferId}`, token: fresh.token });
    expect(back.json<{ data: Transfer }>().data).toMatchObject({ amount: 100, toAmount: 92.5, rate: '0.925' });
  });
});
