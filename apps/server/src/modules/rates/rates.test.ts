import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIMIT_MESSAGES,
  PER_USER_LIMITS,
  RATE_MSG,
  type Rate,
  UNKNOWN_CURRENCY_MESSAGE,
  addDays,
  todayIn,
} from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { readDataset } from './rates.dataset.js';
import { seedExchangeRates } from './index.js';

const t = useTestApp();
const dataset = readDataset();

/** The bundled figure (units per USD) of a currency on a day, straight from the file. */
function bundled(code: string, day: string): string | undefined {
  for (const b of dataset.batches(50_000)) {
    for (let i = 0; i < b.days.length; i++) if (b.currencies[i] === code && b.days[i] === day) return b.rates[i];
  }
  return undefined;
}

/** a / b rounded half up to 12 decimals, trailing zeros trimmed: exact, with BigInt. */
function divide(a: string, b: string): string {
  const scaled = (x: string) => {
    const [w = '0', f = ''] = x.split('.');
    return { n: BigInt(w + f), s: f.length };
  };
  const x = scaled(a);
  const y = scaled(b);
  // a/b = (x.n / 10^x.s) / (y.n / 10^y.s); times 10^13 for one guard digit.
  const num = x.n * 10n ** BigInt(13 + y.s);
  const den = y.n * 10n ** BigInt(x.s);
  const q = (num / den + 5n) / 10n;
  const text = q.toString().padStart(13, '0');
  const out = `${text.slice(0, -12)}.${text.slice(-12)}`.replace(/\.?0+$/, '');
  return out;
}

async function rates(token: string, currency: string, start: string, end: string): Promise<Rate[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/rates?currency=${currency}&start=${start}&end=${end}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Rate[] }>().data;
}

const setCurrency = (token: string, currency: string) =>
  t.request({ method: 'PUT', url: '/api/settings', token, payload: { currency } });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const userRateCount = async (userId: string) =>
  rowsOf<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from user_rates where user_id = ${userId}`),
  )[0]!.n;

beforeAll(async () => {
  const first = await seedExchangeRates(t.db.db, dataset);
  expect(first.rows).toBeGreaterThan(300_000);
}, 300_000);

describe('the bundled history', () => {
  it('is seeded once: a second seeding finds it and writes nothing', async () => {
    const again = await seedExchangeRates(t.db.db, dataset);
    expect(again).toEqual({ dataset: dataset.name, rows: 0 });
    const [row] = rowsOf<{ n: number; recorded: number }>(
      await t.db.db.execute(
        sql`select (select count(*)::int from exchange_rates where source = 'dataset') as n, (select rows from exchange_rate_seeds) as recorded`,
      ),
    );
    expect(row!.n).toBe(row!.recorded);
    expect(dataset.last).toBe('2025-01-03');
  });
});

describe('GET /rates', () => {
  it('answers every day into the base currency: the dataset’s day, the nearest earlier within 7 days, then missing', async () => {
    const { token } = await registerUser(t);
    const eurPerUsd = bundled('EUR', '2024-12-20')!;
    expect(eurPerUsd).toBeTruthy();
    // Friday 20 December 2024, the weekend after it, and a day more than 7 days past the data's end.
    const days = await rates(token, 'EUR', '2024-12-20', '2024-12-22');
    const usdPerEur = divide('1', eurPerUsd);
    expect(days).toEqual([
      { currency: 'EUR', day: '2024-12-20', rate: usdPerEur, source: 'dataset' },
      { currency: 'EUR', day: '2024-12-21', rate: usdPerEur, source: 'dataset' },
      { currency: 'EUR', day: '2024-12-22', rate: usdPerEur, source: 'dataset' },
    ]);
    const late = await rates(token, 'EUR', addDays(dataset.last, 7), addDays(dataset.last, 8));
    expect(late.map((d) => d.source)).toEqual([bundled('EUR', dataset.last) ? 'dataset' : 'missing', 'missing']);
    expect(late[1]!.rate).toBeNull();
  });

  it('crosses two currencies through the anchor, exactly, and answers 1 for the base itself', async () => {
    const { token } = await registerUser(t);
    expect((await setCurrency(token, 'EUR')).statusCode).toBe(200);
    const [jpy] = await rates(token, 'JPY', '2024-12-20', '2024-12-20');
    expect(jpy).toEqual({
      currency: 'JPY',
      day: '2024-12-20',
      rate: divide(bundled('EUR', '2024-12-20')!, bundled('JPY', '2024-12-20')!),
      source: 'dataset',
    });
    const [usd] = await rates(token, 'USD', '2024-12-20', '2024-12-20');
    expect(usd!.rate).toBe(divide(bundled('EUR', '2024-12-20')!, '1'));
    const same = await rates(token, 'EUR', '2024-12-20', '2024-12-21');
    expect(same.map((d) => [d.rate, d.source])).toEqual([
      ['1', 'same'],
      ['1', 'same'],
    ]);
  });

  it.each([
    ['currency=BTC&start=2024-01-01&end=2024-01-02', 'currency', UNKNOWN_CURRENCY_MESSAGE],
    ['start=2024-01-01&end=2024-01-02', 'currency', UNKNOWN_CURRENCY_MESSAGE],
    ['currency=EUR&start=2024-02-30&end=2024-03-02', 'start', RATE_MSG.start],
    ['currency=EUR&start=2024-01-01&end=soon', 'end', RATE_MSG.end],
    ['currency=EUR&start=2024-01-05&end=2024-01-01', 'end', RATE_MSG.order],
    ['currency=EUR&start=2023-01-01&end=2024-01-02', 'end', RATE_MSG.range],
  ])('refuses ?%s with a 400 naming %s', async (query, field, message) => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'GET', url: `/api/rates?${query}`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
  });

  it('needs a sign-in', async () => {
    const res = await t.request({ method: 'GET', url: '/api/rates?currency=EUR&start=2024-01-01&end=2024-01-01' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT and DELETE /rates', () => {
  it('a user’s own rate wins for that day only, stays private, is replaced in place and deleted', async () => {
    const ann = await registerUser(t);
    const bob = await registerUser(t);
    const put = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token: ann.token,
      payload: { currency: 'EUR', day: '2024-12-20', rate: '1.10000' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const mine = put.json<{ data: Rate }>().data;
    expect(mine).toMatchObject({ currency: 'EUR', day: '2024-12-20', rate: '1.1', source: 'user' });
    const days = await rates(ann.token, 'EUR', '2024-12-20', '2024-12-21');
    expect(days[0]).toEqual(mine);
    expect(days[1]!.source).toBe('dataset');
    expect((await rates(bob.token, 'EUR', '2024-12-20', '2024-12-20'))[0]!.source).toBe('dataset');

    // The same currency and day again: the same row, the new figure (a number is read exactly too).
    const again = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token: ann.token,
      payload: { currency: 'EUR', day: '2024-12-20', rate: 1.0834 },
    });
    expect(again.json<{ data: Rate }>().data).toEqual({ ...mine, rate: '1.0834' });
    expect(await userRateCount(ann.user.id)).toBe(1);

    // Bob cannot delete it (404, as if it did not exist); Ann can, once.
    const foreign = await t.request({ method: 'DELETE', url: `/api/rates/${mine.id}`, token: bob.token });
    expect(foreign.statusCode).toBe(404);
    expect(await userRateCount(ann.user.id)).toBe(1);
    const del = await t.request({ method: 'DELETE', url: `/api/rates/${mine.id}`, token: ann.token });
    expect(del.statusCode).toBe(204);
    expect((await rates(ann.token, 'EUR', '2024-12-20', '2024-12-20'))[0]!.source).toBe('dataset');
    const twice = await t.request({ method: 'DELETE', url: `/api/rates/${mine.id}`, token: ann.token });
    expect(twice.statusCode).toBe(404);
    const junk = await t.request({ method: 'DELETE', url: '/api/rates/not-an-id', token: ann.token });
    expect(junk.statusCode).toBe(404);
  });

  it('fills a day the history lacks, in the base currency of the moment', async () => {
    const { token } = await registerUser(t);
    const day = addDays(todayIn('UTC'), -1);
    expect((await rates(token, 'LTL', day, day))[0]!.source).toBe('missing');
    await t.request({ method: 'PUT', url: '/api/rates', token, payload: { currency: 'LTL', day, rate: '0.2896' } });
    expect((await rates(token, 'LTL', day, day))[0]).toMatchObject({ rate: '0.2896', source: 'user' });
    // Another base currency: that rate was in dollars, it does not apply to euros.
    await setCurrency(token, 'EUR');
    expect((await rates(token, 'LTL', day, day))[0]!.source).toBe('missing');
  });

  it.each([
    [{ currency: 'BTC', day: '2024-01-02', rate: 2 }, 'currency', UNKNOWN_CURRENCY_MESSAGE],
    [{ currency: 'USD', day: '2024-01-02', rate: 2 }, 'currency', RATE_MSG.sameAsBase],
    [{ day: '2024-01-02', rate: 2 }, 'currency', UNKNOWN_CURRENCY_MESSAGE],
    [{ currency: 'EUR', day: '2024-01-02', rate: 0 }, 'rate', RATE_MSG.rate],
    [{ currency: 'EUR', day: '2024-01-02', rate: '-1.5' }, 'rate', RATE_MSG.rate],
    [{ currency: 'EUR', day: '2024-01-02', rate: '1e3' }, 'rate', RATE_MSG.rate],
    [{ currency: 'EUR', day: '2024-01-02', rate: 'abc' }, 'rate', RATE_MSG.rate],
    [{ currency: 'EUR', day: '2024-01-02' }, 'rate', RATE_MSG.rate],
    [{ currency: 'EUR', day: '2024-01-02', rate: '0.0000000000001' }, 'rate', RATE_MSG.rateDecimals],
    [{ currency: 'EUR', day: '2024-01-02', rate: '1'.repeat(19) }, 'rate', RATE_MSG.rateTooLarge],
    [{ currency: 'EUR', day: '2024-02-30', rate: 1 }, 'day', RATE_MSG.day],
    [{ currency: 'EUR', day: 'tomorrow', rate: 1 }, 'day', RATE_MSG.day],
    [{ currency: 'EUR', day: addDays(todayIn('Pacific/Kiritimati'), 1), rate: 1 }, 'day', RATE_MSG.future],
  ])('refuses %j with a 400 naming %s, nothing written', async (payload, field, message) => {
    const { token, user } = await registerUser(t);
    const res = await t.request({ method: 'PUT', url: '/api/rates', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    expect(await userRateCount(user.id)).toBe(0);
  });

  it(`keeps at most ${PER_USER_LIMITS.userRates} rates per user; changing one of them is still fine`, async () => {
    const { token, user } = await registerUser(t);
    await t.db.db.execute(sql`
      insert into user_rates (user_id, currency, base, day, rate)
      select ${user.id}, 'EUR', 'USD', d::date, 1.1
      from generate_series('2000-01-01'::date, '2000-01-01'::date + ${PER_USER_LIMITS.userRates - 2}::int, interval '1 day') as g(d)`);
    expect(await userRateCount(user.id)).toBe(PER_USER_LIMITS.userRates - 1);
    const last = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token,
      payload: { currency: 'GBP', day: '2024-01-02', rate: 1.27 },
    });
    expect(last.statusCode).toBe(200);
    const over = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token,
      payload: { currency: 'GBP', day: '2024-01-03', rate: 1.27 },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(LIMIT_MESSAGES.userRates);
    const change = await t.request({
      method: 'PUT',
      url: '/api/rates',
      token,
      payload: { currency: 'GBP', day: '2024-01-02', rate: 1.28 },
    });
    expect(change.statusCode).toBe(200);
    expect(await userRateCount(user.id)).toBe(PER_USER_LIMITS.userRates);
  });
});
