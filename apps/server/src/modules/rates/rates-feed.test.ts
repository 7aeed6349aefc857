import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Rate, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { ConfigError, loadConfig } from '../../config.js';
import { fetchRates } from './index.js';
import { FEED_MAX_BYTES } from './rates.feed.js';

const t = useTestApp();

/** A real HTTP server on loopback whose next answer each test sets. */
let answer: (res: import('node:http').ServerResponse) => void = (res) => res.end();
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates.json`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (body: unknown, status = 200) =>
  (res: import('node:http').ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

const feedRows = async () => {
  const result: unknown = await t.db.db.execute(
    sql`select currency, to_char(day, 'YYYY-MM-DD') as day, trim_scale(rate_vs_anchor)::text as rate from exchange_rates where source = 'feed' order by day, currency`,
  );
  return (result as { rows: { currency: string; day: string; rate: string }[] }).rows;
};

const day1 = addDays(todayIn('UTC'), -3);
const day2 = addDays(todayIn('UTC'), -2);

describe('the rates feed (RATES_URL)', () => {
  it('is off unless set, and must be an http(s) URL', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).rates.url).toBeUndefined();
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), RATES_URL: ' https://rates.example/daily ' }).rates.url).toBe(
      'https://rates.example/daily',
    );
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), RATES_URL: 'ftp://rates.example' })).toThrow(ConfigError);
  });

  it.each([
    ['an error status', json({ message: 'down' }, 503), /503/],
    ['a body over the cap', json(' '.repeat(FEED_MAX_BYTES + 1)), /larger than/],
    ['a body that is not JSON (cut short)', json('{"base":"USD","rates":{"2025-01-0'), /not JSON/],
    ['another base', json({ base: 'EUR', rates: {} }), /not \{base/],
    ['a rate that is not positive', json({ base: 'USD', rates: { [day1]: { EUR: 0.92, JPY: -1 } } }), /JPY/],
    ['a day that is not a date', json({ base: 'USD', rates: { [day1]: { EUR: 0.92 }, soon: { EUR: 0.9 } } }), /date/],
    ['a day in the future', json({ base: 'USD', rates: { [addDays(todayIn('UTC'), 3)]: { EUR: 0.92 } } }), /future/],
  ])('writes nothing for %s', async (_what, reply, reason) => {
    answer = reply;
    const result = await fetchRates(t.db.db, url, 5000);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
    expect(await feedRows()).toEqual([]);
  });

  it('gives up after its timeout when the server does not answer, writing nothing', async () => {
    answer = () => undefined; // never answers
    const result = await fetchRates(t.db.db, url, 300);
    expect(result).toEqual({ ok: false, reason: 'no answer within 300 ms' });
    expect(await feedRows()).toEqual([]);
  });

  it('writes a good answer as `feed` rows (unknown codes skipped) that GET /rates then uses', async () => {
    answer = json({
      base: 'USD',
      rates: { [day1]: { EUR: 0.96, JPY: 157.5, BTC: 0.00001, USD: 1 }, [day2]: { EUR: 0.95 } },
    });
    const result = await fetchRates(t.db.db, url, 5000);
    expect(result).toEqual({ ok: true, rows: 3, skippedCodes: ['BTC', 'USD'] });
    expect(await feedRows()).toEqual([
      { currency: 'EUR', day: day1, rate: '0.96' },
      { currency: 'JPY', day: day1, rate: '157.5' },
      { currency: 'EUR', day: day2, rate: '0.95' },
    ]);
    // A later figure for a day replaces the earlier one.
    answer = json({ base: 'USD', rates: { [day2]: { EUR: 0.94 } } });
    expect(await fetchRates(t.db.db, url, 5000)).toMatchObject({ ok: true, rows: 1 });

    const { token } = await registerUser(t);
    const res = await t.request({ method: 'GET', url: `/api/rates?currency=JPY&start=${day1}&end=${day1}`, token });
    expect(res.json<{ data: Rate[] }>().data).toEqual([
      { currency: 'JPY', day: day1, rate: '0.006349206349', source: 'feed' },
    ]);
    const eur = await t.request({ method: 'GET', url: `/api/rates?currency=EUR&start=${day2}&end=${day2}`, token });
    expect(eur.json<{ data: Rate[] }>().data[0]).toMatchObject({ rate: '1.063829787234', source: 'feed' });
  });
});
