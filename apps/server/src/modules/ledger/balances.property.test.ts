import { describe, expect, it } from 'vitest';
import { type Account, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createAccount, createCategory } from '../../../test/factories.js';
import { AppError } from '../../errors.js';
import { transfers } from '../../db/schema.js';
import { ledgerWriter } from './index.js';

/*
 * The per-account daily balances (kept by the triggers of migration 0015) must equal a full
 * recomputation from the transactions after any mix of writes: single rows over HTTP and through
 * the writer, edits of amount, date, type, status and account, deletes (a transfer's two legs
 * together), bulk inserts, opening balances, reconcile-like status changes, closing accounts and
 * deleting an account with its rows moved to another. A seeded PRNG makes every run the same;
 * ~2,000 operations on PGlite, 10,000 on PostgreSQL (DATABASE_URL).
 */

const t = useTestApp();
const OPS = process.env.DATABASE_URL ? 10_000 : 2_000;
const SEED = 20_26_02;

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('account_daily_balances under random writes', () => {
  it(
    `equals a full recomputation after ${OPS} random operations`,
    async () => {
      const rand = mulberry32(SEED);
      const int = (n: number) => Math.floor(rand() * n);
      const pickOf = <T>(xs: T[]): T | undefined => (xs.length ? xs[int(xs.length)] : undefined);
      const { token, user } = await registerUser(t);
      const today = todayIn(user.timezone);
      const expense = [
        await createCategory(t, token, { type: 'expense' }),
        await createCategory(t, token, { type: 'expense' }),
      ];
      const income = [await createCategory(t, token, { type: 'income' })];
      const list = async () =>
        (await t.request({ method: 'GET', url: '/api/accounts', token })).json<{ data: Account[] }>().data;
      let accountIds = (await list()).map((a) => a.id);
      for (const kind of ['savings', 'credit_card', 'investment'])
        accountIds.push((await createAccount(t, token, { kind })).id);
      const ids: string[] = [];
      const date = () => addDays(today, -int(400));
      const cents = () => 1 + int(200_000);
      const category = (type: 'income' | 'expense') => (type === 'income' ? income[0]! : pickOf(expense)!).id;
      const STATUSES = ['pending', 'uncleared', 'cleared', 'reconciled'] as const;
      let refused = 0;

      const check = async () => {
        const diff = await t.db.db.execute(`
          with truth as (
            select account_id, date as day,
              sum(case when type = 'income' then amount_cents else -amount_cents end) as delta,
              sum(case when status in ('cleared', 'reconciled') then case when type = 'income' then amount_cents else -amount_cents end else 0 end) as cleared,
              count(*) as n
            from transactions where user_id = '${user.id}' group by 1, 2
          ),
          stored as (
            select b.* from account_daily_balances b join accounts a on a.id = b.account_id where a.user_id = '${user.id}'
          )
          select coalesce(truth.account_id, stored.account_id) as account_id, coalesce(truth.day, stored.day) as day
          from truth full join stored on stored.account_id = truth.account_id and stored.day = truth.day
          where truth.account_id is null or stored.account_id is null
            or truth.delta <> stored.delta_cents or truth.cleared <> stored.cleared_delta_cents or truth.n <> stored.tx_count
          limit 5`);
        expect(rowsOf(diff)).toEqual([]);
        const sums = rowsOf<{ account_id: string; balance: string | number }>(
          await t.db.db.execute(`
            select account_id, sum(case when type = 'income' then amount_cents else -amount_cents end) as balance
            from transactions where user_id = '${user.id}' group by 1`),
        );
        const truth = new Map(sums.map((s) => [s.account_id, Number(s.balance) / 100]));
        for (const a of await list()) expect(a.balance, a.name).toBeCloseTo(truth.get(a.id) ?? 0, 2);
      };

      const attempt = async (op: () => Promise<unknown>) => {
        try {
          await op();
        } catch (error) {
          // Refusals (a reconciled row's lock, a closed account) are part of the mix.
          if (error instanceof AppError && error.status === 409) refused += 1;
          else throw error;
        }
      };

      for (let i = 0; i < OPS; i += 1) {
        const r = rand();
        const accountId = pickOf(accountIds)!;
        const type = rand() < 0.3 ? ('income' as const) : ('expense' as const);
        if (r < 0.05) {
          // Over HTTP, as the form does.
          const res = await t.request({
            method: 'POST',
            url: '/api/transactions',
            token,
            payload: { categoryId: category(type), type, amount: cents() / 100, date: date(), accountId },
          });
          if (res.statusCode === 201) ids.push(res.json<{ data: { id: string } }>().data.id);
          else expect(res.statusCode, res.body).toBe(409);
        } else if (r < 0.3) {
          await attempt(async () => {
            const row = await ledgerWriter.insertTransaction(t.db.db, user.id, {
              accountId,
              categoryId: category(type),
              type,
              amountCents: cents(),
              description: `op ${i}`,
              date: date(),
              receiptKey: null,
              receiptMime: null,
              status: pickOf([...STATUSES])!,
            });
            ids.push(row.id);
          });
        } else if (r < 0.55) {
          const id = pickOf(ids);
          if (!id) continue;
          const what = int(5);
          const nextType = rand() < 0.3 ? ('income' as const) : ('expense' as const);
          await attempt(() =>
            ledgerWriter.updateTransaction(
              t.db.db,
              user.id,
              id,
              what === 0
                ? { amountCents: cents() }
                : what === 1
                  ? { date: date() }
                  : what === 2
                    ? { type: nextType, categoryId: category(nextType) }
                    : what === 3
                      ? { status: pickOf([...STATUSES])! }
                      : { accountId },
            ),
          );
        } else if (r < 0.65) {
          const id = pickOf(ids);
          if (id) await attempt(() => ledgerWriter.deleteTransaction(t.db.db, user.id, id));
        } else if (r < 0.72) {
          const rows = Array.from({ length: 1 + int(20) }, () => {
            const ty = rand() < 0.3 ? ('income' as const) : ('expense' as const);
            return {
              userId: user.id,
              accountId: pickOf(accountIds)!,
              categoryId: category(ty),
              type: ty,
              amountCents: cents(),
              date: date(),
              status: pickOf([...STATUSES])!,
            };
          });
          await attempt(() => ledgerWriter.insertRows(t.db.db, rows));
        } else if (r < 0.8) {
          // A transfer: two legs and their link (a delete of either leg takes both).
          const to = pickOf(accountIds.filter((a) => a !== accountId));
          if (!to) continue;
          await attempt(async () => {
            const base = {
              description: 'transfer',
              receiptKey: null,
              receiptMime: null,
              amountCents: cents(),
              date: date(),
            };
            const out = await ledgerWriter.insertTransaction(t.db.db, user.id, {
              ...base,
              kind: 'transfer',
              type: 'expense',
              categoryId: null,
              accountId,
            });
            const into = await ledgerWriter.insertTransaction(t.db.db, user.id, {
              ...base,
              kind: 'transfer',
              type: 'income',
              categoryId: null,
              accountId: to,
            });
            await t.db.db
              .insert(transfers)
              .values({ userId: user.id, outTransactionId: out.id, inTransactionId: into.id });
            ids.push(out.id, into.id);
          });
        } else if (r < 0.9) {
          // Reconcile-like: many rows of an account cleared or reconciled at once.
          const batch = Array.from({ length: 1 + int(10) }, () => pickOf(ids)).filter((x): x is string => !!x);
          const status = rand() < 0.5 ? 'reconciled' : 'cleared';
          for (const id of batch) await attempt(() => ledgerWriter.updateTransaction(t.db.db, user.id, id, { status }));
        } else if (r < 0.95) {
          const res = await t.request({
            method: 'PUT',
            url: `/api/accounts/${accountId}`,
            token,
            payload: { openingBalance: (int(400_000) - 200_000) / 100, openingDate: date() },
          });
          expect([200, 409], res.body).toContain(res.statusCode);
        } else if (r < 0.98) {
          const res = await t.request({
            method: 'PUT',
            url: `/api/accounts/${accountId}`,
            token,
            payload: { closed: rand() < 0.4 },
          });
          expect([200, 409], res.body).toContain(res.statusCode);
        } else {
          // Delete an account with its rows moved to another open one, then make a fresh account.
          const all = await list();
          const victim = pickOf(all.filter((a) => !a.isDefault));
          const target = pickOf(all.filter((a) => a.id !== victim?.id && !a.closedAt));
          if (!victim || !target) continue;
          const res = await t.request({
            method: 'DELETE',
            url: `/api/accounts/${victim.id}?moveTo=${target.id}`,
            token,
          });
          expect([200, 204, 409], res.body).toContain(res.statusCode);
          if (res.statusCode !== 409) {
            accountIds = accountIds.filter((a) => a !== victim.id);
            accountIds.push((await createAccount(t, token, { kind: pickOf(['cash', 'loan', 'checking'])! })).id);
          }
        }
        if ((i + 1) % 500 === 0) await check();
      }
      await check();
      // The mix exercised the refusals too, and left real data behind.
      expect(refused).toBeGreaterThan(0);
      const [count] = rowsOf<{ n: number }>(
        await t.db.db.execute(`select count(*)::int as n from transactions where user_id = '${user.id}'`),
      );
      expect(count!.n).toBeGreaterThan(OPS / 10);
    },
    process.env.DATABASE_URL ? 600_000 : 180_000,
  );
});
