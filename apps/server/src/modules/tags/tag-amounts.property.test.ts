import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Tag, type TagTotal, addDays, todayIn } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';
import { createCategory } from '../../../test/factories.js';
import { ledgerMismatches } from '../../../test/ledger-invariants.js';

/*
 * The tag links' copies of their row's date, type and counted amount (migration 0031) are kept by
 * triggers alone. Random writes over HTTP — new rows with tags, edits of amount, date, type and
 * category, splits (some with an income refund line inside an expense) and unsplits, deletes,
 * tags set on a row and bulk add/remove — must leave:
 *   - every link's copies equal to a derivation from its row (test/ledger-invariants.ts,
 *     "transaction_tags copies", with the rollups' own checks);
 *   - GET /analytics/tags equal to a recomputation from the rows and the lines of split rows
 *     (a split row counts with the signed sum of its lines, in its own type);
 *   - the list's `meta.total` for two tags (any, all, none) equal to a count of the rows.
 * The seed is random per run and printed on failure; replay with TAG_RANDOM_SEED (and
 * TAG_RANDOM_OPS, default 1,000 on each database), checked every 100 operations.
 */

const t = useTestApp();
const COUNT = Number(process.env.TAG_RANDOM_OPS) || 1000;
const SEED = Number(process.env.TAG_RANDOM_SEED) || randomInt(1, 2 ** 31);
const CHECK_EVERY = 100;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  id: string;
  type: 'expense' | 'income';
  cents: number;
  date: string;
}

describe('tag links under random writes over HTTP', () => {
  it(`keep their copies and spending by tag equal to a recomputation after ${COUNT} operations`, async () => {
    const { token, user } = await registerUser(t);
    const today = todayIn(user.timezone);
    const rand = generator(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const cats = {
      expense: [] as string[],
      income: [] as string[],
    };
    for (const [k, type] of (['expense', 'expense', 'expense', 'income', 'income'] as const).entries()) {
      cats[type].push((await createCategory(t, token, { name: `Category p${k}`, type })).id);
    }
    const tags: Tag[] = [];
    for (const name of ['Wedding', 'Work', 'Trip', 'Home']) {
      const res = await t.request({ method: 'POST', url: '/api/tags', token, payload: { name } });
      tags.push(res.json<{ data: Tag }>().data);
    }
    const rows: Row[] = [];
    const log: string[] = [];
    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
      log.push(`${method} ${url} ${JSON.stringify(payload ?? {})} → ${res.statusCode}`);
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const money = (cents: number) => cents / 100;
    const someTags = () => tags.filter(() => rand() < 0.35).map((g) => g.id);
    const date = () => addDays(today, -Math.floor(rand() * 400));
    const body = (r: Row) => ({ type: r.type, amount: money(r.cents), date: r.date });
    /** Two or three lines adding up to the row; an expense row may hold an income refund line. */
    const lines = (r: Row) => {
      const part = 1 + Math.floor(rand() * (r.cents - 2));
      const refund = r.type === 'expense' && rand() < 0.4 ? 1 + Math.floor(rand() * 500) : 0;
      const out = [
        { categoryId: pick(cats[r.type]), type: r.type, amount: money(r.cents - part + refund) },
        { categoryId: pick(cats[r.type]), type: r.type, amount: money(part) },
      ];
      if (refund) out.push({ categoryId: pick(cats.income), type: 'income', amount: money(refund) });
      return out;
    };

    const ops: [number, (i: number) => Promise<void>][] = [
      [
        4,
        async () => {
          const type = rand() < 0.7 ? 'expense' : 'income';
          const r: Row = { id: '', type, cents: 300 + Math.floor(rand() * 50_000), date: date() };
          const res = await send('POST', '/transactions', {
            ...body(r),
            categoryId: pick(cats[type]),
            tagIds: someTags(),
          });
          rows.push({ ...r, id: res.json<{ data: { id: string } }>().data.id });
        },
      ],
      [
        3,
        async () => {
          const r = rows.length && pick(rows);
          if (!r) return;
          if (rand() < 0.3) r.type = r.type === 'expense' ? 'income' : 'expense';
          if (rand() < 0.6) r.cents = 300 + Math.floor(rand() * 50_000);
          if (rand() < 0.4) r.date = date();
          await send('PUT', `/transactions/${r.id}`, { ...body(r), categoryId: pick(cats[r.type]), lines: [] });
        },
      ],
      [
        3,
        async () => {
          const r = rows.length && pick(rows);
          if (!r) return;
          if (rand() < 0.3) r.date = date();
          await send('PUT', `/transactions/${r.id}`, { ...body(r), lines: lines(r) });
        },
      ],
      [
        2,
        async () => {
          const r = rows.length && pick(rows);
          if (r) await send('PUT', `/transactions/${r.id}`, { ...body(r), lines: lines(r), tagIds: someTags() });
        },
      ],
      [
        1,
        async () => {
          const k = rows.length ? Math.floor(rand() * rows.length) : -1;
          if (k < 0) return;
          await send('DELETE', `/transactions/${rows[k]!.id}`);
          rows.splice(k, 1);
        },
      ],
      [
        2,
        async () => {
          if (!rows.length) return;
          const ids = rows.filter(() => rand() < 0.2).map((r) => r.id);
          if (!ids.length) return;
          const action = rand() < 0.6 ? 'addTag' : 'removeTag';
          await send('POST', '/transactions/bulk', { action, tagId: pick(tags).id, ids });
        },
      ],
    ];
    const weights = ops.reduce((s, [w]) => s + w, 0);

    const check = async () => {
      expect(await ledgerMismatches(t.db.db)).toEqual([]);
      for (const type of ['expense', 'income'] as const) {
        const res = await t.request({ method: 'GET', url: `/api/analytics/tags?type=${type}`, token });
        expect(res.statusCode, res.body).toBe(200);
        const got = res
          .json<{ data: TagTotal[] }>()
          .data.map((g) => [g.tagId, Math.round(g.total * 100), g.count])
          .sort();
        // From the rows and the lines, not from the links' copies.
        const truth = rowsOf<{ tag: string; total: string | number; n: string | number }>(
          await t.db.db.execute(sql`
            select tt.tag_id as tag,
              sum(case when x.category_id is not null then x.amount_cents else (
                select sum(case when l.type = x.type then l.amount_cents else -l.amount_cents end)
                from transaction_lines l where l.transaction_id = x.id) end) as total,
              count(*) as n
            from transaction_tags tt join transactions x on x.id = tt.transaction_id
            where x.user_id = ${user.id} and x.type = ${type} and x.kind = 'regular'
            group by 1`),
        )
          .map((r) => [r.tag, Number(r.total), Number(r.n)])
          .sort();
        expect(got, `${type}, seed ${SEED}`).toEqual(truth);
      }
      const [a, b] = [tags[0]!.id, tags[1]!.id];
      for (const mode of ['any', 'all', 'none'] as const) {
        const res = await t.request({
          method: 'GET',
          url: `/api/transactions?limit=1&tagIds=${a},${b}&tagMode=${mode}`,
          token,
        });
        const [truth] = rowsOf<{ n: string | number }>(
          await t.db.db.execute(sql`
            select count(*) as n from transactions x where x.user_id = ${user.id} and
              (select count(*) from transaction_tags tt where tt.transaction_id = x.id and tt.tag_id in (${a}, ${b}))
              ${mode === 'any' ? sql`> 0` : mode === 'all' ? sql`= 2` : sql`= 0`}`),
        );
        expect(res.json<{ meta: { total: number } }>().meta.total, `${mode}, seed ${SEED}`).toBe(Number(truth!.n));
      }
    };

    let i = 0;
    try {
      for (; i < COUNT; i += 1) {
        let r = rand() * weights;
        const op = ops.find(([w]) => (r -= w) < 0) ?? ops[0]!;
        await op[1](i);
        if ((i + 1) % CHECK_EVERY === 0) await check();
      }
      await check();
    } catch (error) {
      throw new Error(
        `after operation ${i} (TAG_RANDOM_SEED=${SEED}): ${(error as Error).message}\n${log.slice(-5).join('\n')}`,
        { cause: error },
      );
    }
  }, 1_800_000);
});
