import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Category, type Transaction, todayIn } from '@ledgerly/shared';
import { type TestApp, registerUser, useTestApp } from '../../test/build-test-app.js';
import { createBudget, createCategory } from '../../test/factories.js';
import { createRecurring } from '../../test/recurring-helpers.js';
import { TEST_PG_URL } from '../../test/test-db.js';
import { CACHED_ROUTES } from './read-cache.js';

const METRICS = 'metrics-token-0123456789abcdef';
const t = useTestApp({ METRICS_TOKEN: METRICS, READ_CACHE_SECONDS: '60' });

async function hits(app: TestApp): Promise<{ hit: number; miss: number; active: number }> {
  const body = (await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } }))
    .body;
  const read = (re: RegExp) => Number(re.exec(body)?.[1] ?? NaN);
  return {
    hit: read(/^ledgerly_read_cache_requests_total\{result="hit"\} (\d+)$/m),
    miss: read(/^ledgerly_read_cache_requests_total\{result="miss"\} (\d+)$/m),
    active: read(/^ledgerly_read_cache_active (\d+)$/m),
  };
}

/** Waits (up to 5 s) until the cache receives change notifications. */
async function untilActive(app: TestApp): Promise<void> {
  await expect.poll(async () => (await hits(app)).active, { timeout: 5_000, interval: 50 }).toBe(1);
}

/** A user with a category, a transaction today, a monthly budget and a monthly recurring item. */
async function account(app: TestApp) {
  const auth = await registerUser(app, { timezone: 'Europe/Berlin' });
  const token = auth.token;
  const category: Category = await createCategory(app, token, { name: 'Groceries' });
  const today = todayIn('Europe/Berlin');
  const tx = (
    await app.request({
      method: 'POST',
      url: '/api/transactions',
      token,
      payload: { type: 'expense', amount: 12.5, categoryId: category.id, date: today, description: 'Bread' },
    })
  ).json<{ data: Transaction }>().data;
  await createBudget(app, token, { categoryId: category.id, amount: 100, period: 'monthly' });
  await createRecurring(app, token, {
    categoryId: category.id,
    amount: 9.99,
    description: 'Streaming',
    startDate: `${today.slice(0, 8)}28`,
  });
  return { auth, token, category, tx, today };
}

describe('read cache', () => {
  it('answers a repeated read from memory with the same bytes and headers, in every encoding', async () => {
    await untilActive(t);
    const { token } = await account(t);
    const url = '/api/analytics/dashboard?period=month';
    let attempt = 0;
    for (const [encoding, decode] of [
      ['br', (b: Buffer) => brotliDecompressSync(b).toString()],
      ['gzip', (b: Buffer) => gunzipSync(b).toString()],
      ['identity', (b: Buffer) => b.toString()],
    ] as const) {
      // Each attempt reads a URL not seen before (a trailing `&` changes the key, not the answer),
      // so the first read computes the answer and the second should be kept. A write's own
      // notification can still arrive in between on PostgreSQL and start the user afresh: then
      // the attempt is repeated.
      let first = await t.request({ method: 'GET', url, token });
      let second = first;
      await expect
        .poll(
          async () => {
            attempt += 1;
            const fresh = `${url}${'&'.repeat(attempt)}`;
            const before = await hits(t);
            first = await t.request({ method: 'GET', url: fresh, token, headers: { 'accept-encoding': encoding } });
            second = await t.request({ method: 'GET', url: fresh, token, headers: { 'accept-encoding': encoding } });
            const after = await hits(t);
            return [after.miss - before.miss, after.hit - before.hit];
          },
          { timeout: 5_000, interval: 20 },
        )
        .toEqual([1, 1]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const { date: _d1, ...headers1 } = first.headers;
      const { date: _d2, ...headers2 } = second.headers;
      expect(headers2).toEqual(headers1);
      expect(second.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(second.rawPayload)).toBe(decode(first.rawPayload));
      expect(JSON.parse(decode(second.rawPayload)).data.summary.totalExpense).toBe(12.5);
    }
  });

  it('never answers one user with another user’s kept answer', async () => {
    await untilActive(t);
    const a = await account(t);
    const b = await account(t);
    for (const url of ['/api/categories', '/api/transactions?limit=50', '/api/analytics/dashboard?period=all']) {
      const mine = await t.request({ method: 'GET', url, token: a.token });
      const again = await t.request({ method: 'GET', url, token: a.token });
      const theirs = await t.request({ method: 'GET', url, token: b.token });
      expect(again.body).toBe(mine.body);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).not.toBe(mine.body);
    }
    const other = await t.request({ method: 'GET', url: `/api/transactions/${a.tx.id}`, token: b.token });
    expect(other.statusCode).toBe(404);
  });

  it('shows a write made over HTTP on the very next read of every cached route', async () => {
    await untilActive(t);
    const { token, category, tx } = await account(t);
    const urls = [
      '/api/analytics/summary',
      '/api/analytics/category-breakdown?type=expense',
      '/api/analytics/top-categories',
      '/api/analytics/monthly-trends?months=12',
      '/api/analytics/daily-trends',
      '/api/analytics/daily-pattern?type=expense',
      '/api/analytics/recent-transactions',
      '/api/analytics/dashboard?period=month',
      '/api/budgets/status?period=monthly',
      '/api/transactions?limit=50',
      '/api/transactions/summary',
      `/api/transactions/${tx.id}`,
    ];
    const read = async () =>
      Promise.all(urls.map(async (url) => (await t.request({ method: 'GET', url, token })).body));
    const before = await read();
    expect(await read()).toEqual(before);
    const changed = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token,
      payload: { type: 'expense', amount: 40, categoryId: category.id, date: tx.date, description: 'Bread and milk' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await read();
    urls.forEach((url, i) => expect(after[i], url).not.toBe(before[i]));
  });

  it('shows a change made outside the app (plain SQL) on every cached route', async () => {
    await untilActive(t);
    const { auth, token, category, tx } = await account(t);
    const userId = auth.user.id;
    const cases: { urls: string[]; change: () => Promise<unknown> }[] = [
      {
        urls: [...CACHED_ROUTES]
          .filter((r) => r.startsWith('/api/analytics/') || r.startsWith('/api/transactions'))
          .map((r) => (r === '/api/transactions/:id' ? `/api/transactions/${tx.id}` : r))
          .concat('/api/budgets/status?period=monthly', '/api/analytics/category-breakdown?type=expense'),
        change: () =>
          t.db.db.execute(
            sql`update transactions set amount_cents = 7700, description = 'Changed in SQL' where id = ${tx.id}`,
          ),
      },
      {
        urls: ['/api/categories'],
        change: () => t.db.db.execute(sql`update categories set name = 'Food' where id = ${category.id}`),
      },
      {
        urls: ['/api/recurring', '/api/recurring/upcoming?days=30'],
        change: () =>
          t.db.db.execute(sql`update recurring_transactions set description = 'Music' where user_id = ${userId}`),
      },
      {
        urls: ['/api/settings'],
        change: () => t.db.db.execute(sql`update users set currency = 'EUR' where id = ${userId}`),
      },
    ];
    const covered = new Set(cases.flatMap((c) => c.urls.map((u) => u.split('?')[0]!.replace(tx.id, ':id'))));
    expect([...CACHED_ROUTES].filter((r) => !covered.has(r))).toEqual([]);

    for (const { urls, change } of cases) {
      const before = new Map<string, string>();
      for (const url of urls) {
        await t.request({ method: 'GET', url, token });
        before.set(url, (await t.request({ method: 'GET', url, token })).body);
      }
      await change();
      // The notification reaches the cache when the change commits (PGlite: at once; PostgreSQL:
      // over the listening connection, milliseconds later).
      for (const url of urls) {
        await expect
          .poll(async () => (await t.request({ method: 'GET', url, token })).body, { timeout: 5_000, interval: 20 })
          .not.toBe(before.get(url));
      }
    }
  });
});

// Only PostgreSQL has a listening connection to lose (PGlite is in this process).
if (TEST_PG_URL)
  describe('read cache on PostgreSQL', () => {
    it('keeps nothing while its listening connection is lost, and starts again once it is back', async () => {
      await untilActive(t);
      const { token, tx } = await account(t);
      const url = `/api/transactions/${tx.id}`;
      await t.request({ method: 'GET', url, token });
      const found = await t.db.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'ledgerly-listen'`,
      );
      const listener = found as { rows: { pid: number }[] };
      expect(listener.rows.length).toBe(1);
      await t.db.db.execute(sql`select pg_terminate_backend(${listener.rows[0]!.pid})`);
      // Changes made while nobody listens are never announced to this instance...
      await t.db.db.execute(sql`update transactions set description = 'While nobody listened' where id = ${tx.id}`);
      // ...yet they show, because a cache that lost its notifications drops what it kept.
      await expect
        .poll(
          async () => (await t.request({ method: 'GET', url, token })).json<{ data: Transaction }>().data.description,
          {
            timeout: 10_000,
            interval: 50,
          },
        )
        .toBe('While nobody listened');
      await untilActive(t);
      const before = await hits(t);
      await t.request({ method: 'GET', url, token });
      await t.request({ method: 'GET', url, token });
      expect((await hits(t)).hit).toBeGreaterThan(before.hit);
    });
  });

describe('read cache turned off', () => {
  const off = useTestApp({ METRICS_TOKEN: METRICS, READ_CACHE_SECONDS: '0' });
  // On PGlite, where every other test file runs with the cache on (build-test-app.ts).
  it('keeps nothing with READ_CACHE_SECONDS=0', async () => {
    const { token } = await account(off);
    await off.request({ method: 'GET', url: '/api/categories', token });
    await off.request({ method: 'GET', url: '/api/categories', token });
    const stats = await hits(off);
    expect(stats.hit).toBe(0);
    expect(stats.active).toBe(0);
  });
});
