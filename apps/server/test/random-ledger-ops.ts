import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Account, ImportBatch, Reconciliation, Transaction, Transfer } from '@ledgerly/shared';
import { addDays } from '@ledgerly/shared';
import { rowWrites } from './ledger-invariants.js';
import type { RandomLedger, Row } from './random-ledger.js';

/*
 * The operations of the random-write test, each over HTTP with the answer it must get foreseen
 * from the state before it (see random-ledger.ts). Weights are relative frequencies.
 */

export interface Op {
  name: string;
  weight: number;
  run(l: RandomLedger, i: number, other: { token: string; categoryId: string }): Promise<void>;
}

const money = (cents: number) => cents / 100;
const later = (date: string, days: number, today: string) => {
  const d = addDays(date, days);
  return d > today ? today : d;
};
const LOCKED = (row: Row, next: { cents?: number; date?: string; accountId?: string; type?: string }) =>
  row.status === 'reconciled' &&
  ((next.cents !== undefined && next.cents !== row.cents) ||
    (next.date !== undefined && next.date !== row.date) ||
    (next.accountId !== undefined && next.accountId !== row.accountId) ||
    (next.type !== undefined && next.type !== row.type));

/** A split row: regular, its categories on its lines (DESIGN §11). */
export const isSplit = (row: Row) => row.kind === 'regular' && row.categoryId === null;

/** A split row's lines as the API takes them back (unchanged). */
async function linesOf(l: RandomLedger, id: string) {
  const lines = await l.query<{
    categoryId: string;
    type: 'income' | 'expense';
    cents: number;
    note: string | null;
  }>(sql`
    select category_id as "categoryId", type, amount_cents::int as cents, note
    from transaction_lines where transaction_id = ${id} order by position`);
  return lines.map((x) => ({ categoryId: x.categoryId, type: x.type, amount: money(x.cents), note: x.note }));
}

/**
 * Two to four lines whose signed amounts add up to the row's (`signed`, income positive): random
 * parts, now and then one of the other type (a refund inside a purchase).
 */
function randomLines(l: RandomLedger, signed: number) {
  const lines: { categoryId: string; type: 'income' | 'expense'; amount: number; note?: string }[] = [];
  let left = signed;
  for (let k = 1 + l.int(3); k > 0; k -= 1) {
    const type = l.chance(0.2) ? (signed > 0 ? 'expense' : 'income') : signed > 0 ? 'income' : 'expense';
    const cents = 1 + l.int(Math.max(1, Math.abs(signed)));
    lines.push({
      categoryId: l.category(type),
      type,
      amount: money(cents),
      ...(l.chance(0.3) ? { note: 'part' } : {}),
    });
    left -= type === 'income' ? cents : -cents;
  }
  // The last line takes what is left (of whichever sign); never zero.
  if (left === 0) {
    const first = lines[0]!;
    const bump = first.type === 'income' ? 1 : -1;
    first.amount = money(Math.round(first.amount * 100) + 1);
    left -= bump;
  }
  const type = left > 0 ? 'income' : 'expense';
  lines.push({ categoryId: l.category(type), type, amount: money(Math.abs(left)) });
  return lines;
}

async function legsOf(l: RandomLedger, leg: Row): Promise<{ out: Row; in: Row } | null> {
  const out = leg.id === leg.outId ? leg : await l.row(leg.outId!);
  const inn = leg.id === leg.inId ? leg : await l.row(leg.inId!);
  return out && inn ? { out, in: inn } : null;
}

async function reconciliation(l: RandomLedger) {
  const id = l.pick(l.reconciliations);
  if (!id) return null;
  const [rec] = await l.query<{
    state: string;
    accountId: string;
    date: string;
    cents: string | number;
    closed: boolean;
  }>(sql`
    select r.state, r.account_id as "accountId", r.statement_date::text as date,
      r.statement_balance_cents as cents, a.closed_at is not null as closed
    from reconciliations r join accounts a on a.id = r.account_id where r.id = ${id}`);
  if (!rec) {
    // Discarded by a reopen, or deleted with its account.
    l.reconciliations.splice(l.reconciliations.indexOf(id), 1);
    return null;
  }
  return { id, ...rec, cents: Number(rec.cents) };
}

/** A new account of a random kind, three times in five with an opening balance. */
export async function createAccount(l: RandomLedger, i: number): Promise<void> {
  const kind = l.pick(['checking', 'savings', 'cash', 'credit_card', 'investment', 'loan'] as const)!;
  const opening = l.chance(0.6) ? { openingBalance: money(l.cents() - 100_000), openingDate: l.date() } : {};
  const res = await l.send('POST', '/accounts', [201], { name: `Account ${i}`, kind, ...opening });
  const id = res.json<{ data: Account }>().data.id;
  await l.refreshAccounts();
  await l.learnNew(sql`t.account_id = ${id}`);
}

export const OPS: Op[] = [
  {
    // Split a regular row into lines (or split it again with new lines), now and then moving it
    // to another day or account at the same time (its lines follow), or unsplit it.
    name: 'split',
    weight: 3,
    async run(l) {
      const row = await l.pickRow((r) => r.kind === 'regular');
      if (!row) return;
      const url = `/transactions/${row.id}`;
      const base = { type: row.type, amount: money(row.cents), date: row.date };
      if (isSplit(row) && l.chance(0.35)) {
        const body = { ...base, categoryId: l.category(row.type), lines: l.chance(0.5) ? [] : undefined };
        await l.send('PUT', url, row.closed ? [409] : [200], body);
        return;
      }
      const move = row.status !== 'reconciled' && l.chance(0.25);
      const next = move ? (l.chance(0.5) ? { date: l.date() } : { accountId: l.account()!.id }) : {};
      const refused = row.closed || ('accountId' in next && !!l.accountOf(next.accountId!)?.closed);
      const lines = randomLines(l, row.type === 'income' ? row.cents : -row.cents);
      await l.send('PUT', url, refused ? [409] : [200], { ...base, ...next, lines });
    },
  },
  {
    name: 'insert',
    weight: 14,
    async run(l, i) {
      const account = l.chance(0.05) ? l.account(false)! : l.account()!;
      const type = l.type();
      const body = {
        categoryId: l.category(type),
        type,
        amount: money(l.cents()),
        date: l.date(),
        accountId: account.id,
        description: `op ${i}`,
      };
      const res = await l.send('POST', '/transactions', account.closed ? [409] : [201], body);
      if (res.statusCode === 201) l.learn(res.json<{ data: Transaction }>().data.id);
    },
  },
  {
    // Amount, date, type, description, or the account (moving a row between accounts).
    name: 'edit',
    weight: 10,
    async run(l) {
      const special = l.chance(0.04);
      const row = await l.pickRow((r) =>
        special ? r.kind === 'opening' || r.kind === 'adjustment' : r.kind === 'regular',
      );
      if (!row) return;
      const what = l.int(5);
      const type = what === 2 ? (row.type === 'income' ? 'expense' : 'income') : row.type;
      const next = {
        cents: what === 0 ? l.cents() : row.cents,
        date: what === 1 ? l.date() : row.date,
        accountId: what === 3 ? l.account(false)!.id : row.accountId,
        type,
      };
      const body = {
        categoryId: row.categoryId && type === row.type && what !== 4 ? row.categoryId : l.category(type),
        type,
        amount: money(next.cents),
        date: next.date,
        description: `edited ${what}`,
        ...(what === 3 ? { accountId: next.accountId } : {}),
      };
      const refused = special || row.closed || !!l.accountOf(next.accountId)?.closed || LOCKED(row, next);
      await l.send('PUT', `/transactions/${row.id}`, refused ? [409] : [200], body);
    },
  },
  {
    // Ticking and unticking rows, as the reconcile panel does.
    name: 'status',
    weight: 9,
    async run(l) {
      const row = await l.pickRow();
      if (!row) return;
      const status = l.chance(0.65) ? 'cleared' : 'uncleared';
      const refused = row.status === 'reconciled' || row.closed;
      await l.send('PUT', `/transactions/${row.id}/status`, refused ? [409] : [200], { status });
    },
  },
  {
    name: 'delete',
    weight: 4,
    async run(l) {
      const row = await l.pickRow();
      if (!row) return;
      const legs = row.transferId ? await legsOf(l, row) : null;
      const rows = legs ? [legs.out, legs.in] : [row];
      const refused = rows.some((r) => r.status === 'reconciled' || r.closed);
      await l.send('DELETE', `/transactions/${row.id}`, refused ? [409] : [204]);
    },
  },
  {
    name: 'bulk edit',
    weight: 2,
    async run(l) {
      const ids = [...new Set(Array.from({ length: 1 + l.int(6) }, () => l.pick(l.pool)).filter((x) => !!x))];
      if (!ids.length) return;
      const action = l.pick(['cleared', 'delete', 'category'] as const)!;
      const categoryId = action === 'category' ? l.category(l.type()) : undefined;
      await l.send('POST', '/transactions/bulk', [200], { ids, action, ...(categoryId ? { categoryId } : {}) });
    },
  },
  {
    name: 'transfer',
    weight: 6,
    async run(l, i) {
      const from = l.chance(0.05) ? l.account(false)! : l.account()!;
      const to = l.chance(0.04) ? from : l.pick(l.accounts.filter((a) => a.id !== from.id));
      if (!to) return;
      const categoryId = l.chance(0.15) ? l.category('expense') : undefined;
      const body = {
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: money(l.cents()),
        date: l.date(),
        description: `transfer ${i}`,
        ...(categoryId ? { categoryId } : {}),
      };
      const allowed =
        from.id === to.id
          ? [400]
          : from.closed || to.closed
            ? [409]
            : categoryId && !(from.onBudget && !to.onBudget)
              ? [400]
              : [201];
      const res = await l.send('POST', '/transfers', allowed, body);
      if (res.statusCode === 201) {
        const transfer = res.json<{ data: Transfer }>().data;
        l.learn(transfer.outTransaction.id, transfer.inTransaction.id);
      }
    },
  },
  {
    // PUT /transfers/{id}: accounts, amount and date of both legs.
    name: 'transfer edit',
    weight: 3,
    async run(l) {
      const leg = await l.pickRow((r) => r.kind === 'transfer');
      const legs = leg && (await legsOf(l, leg));
      if (!leg || !legs) return;
      const keep = l.chance(0.5);
      const from = keep ? legs.out.accountId : l.account(false)!.id;
      const to = keep ? legs.in.accountId : l.chance(0.05) ? from : l.account(false)!.id;
      const cents = l.chance(0.5) ? l.cents() : legs.out.cents;
      const date = l.chance(0.5) ? l.date() : legs.out.date;
      const body = { fromAccountId: from, toAccountId: to, amount: money(cents), date, description: 'edited' };
      const closed = (id: string) => !!l.accountOf(id)?.closed;
      const allowed =
        legs.out.closed || legs.in.closed
          ? [409]
          : from === to
            ? [400]
            : closed(from) || closed(to)
              ? [409]
              : LOCKED(legs.out, { cents, date, accountId: from }) || LOCKED(legs.in, { cents, date, accountId: to })
                ? [409]
                : [200];
      await l.send('PUT', `/transfers/${leg.transferId}`, allowed, body);
    },
  },
  {
    // PUT /transactions/{id} on either leg: amount and date of both, this leg's account.
    name: 'transfer leg edit',
    weight: 3,
    async run(l) {
      const leg = await l.pickRow((r) => r.kind === 'transfer');
      const legs = leg && (await legsOf(l, leg));
      if (!leg || !legs) return;
      const cents = l.chance(0.5) ? l.cents() : leg.cents;
      const date = l.chance(0.3) ? l.date() : leg.date;
      const accountId = l.chance(0.3) ? l.account(false)!.id : undefined;
      const body = { amount: money(cents), date, description: 'leg edited', ...(accountId ? { accountId } : {}) };
      const edited = leg.id === legs.out.id ? 'out' : 'in';
      const from = edited === 'out' ? (accountId ?? leg.accountId) : legs.out.accountId;
      const to = edited === 'in' ? (accountId ?? leg.accountId) : legs.in.accountId;
      const other = edited === 'out' ? legs.in : legs.out;
      const closed = (id: string) => !!l.accountOf(id)?.closed;
      const allowed =
        legs.out.closed || legs.in.closed
          ? [409]
          : from === to
            ? [400]
            : closed(from) || closed(to)
              ? [409]
              : LOCKED(leg, { cents, date, accountId: accountId ?? leg.accountId }) || LOCKED(other, { cents, date })
                ? [409]
                : [200];
      await l.send('PUT', `/transactions/${leg.id}`, allowed, body);
    },
  },
  {
    // Both legs, or one kept as an expense / income of a category.
    name: 'transfer delete',
    weight: 3,
    async run(l) {
      const leg = await l.pickRow((r) => r.kind === 'transfer');
      const legs = leg && (await legsOf(l, leg));
      if (!leg || !legs) return;
      const keep = l.pick(['both', 'out', 'in'] as const)!;
      const closed = legs.out.closed || legs.in.closed;
      if (keep === 'both') {
        const locked = legs.out.status === 'reconciled' || legs.in.status === 'reconciled';
        await l.send('DELETE', `/transfers/${leg.transferId}`, locked || closed ? [409] : [204]);
        return;
      }
      const gone = keep === 'out' ? legs.in : legs.out;
      const categoryId = l.category(keep === 'out' ? 'expense' : 'income');
      const allowed = gone.status === 'reconciled' || closed ? [409] : [204];
      await l.send('DELETE', `/transfers/${leg.transferId}?keep=${keep}&categoryId=${categoryId}`, allowed);
    },
  },
  {
    // Two rows of two accounts that are one transfer, linked now, by "mark as transfer", or left
    // for matching (on demand or after an import).
    name: 'link pair',
    weight: 4,
    async run(l, i) {
      const a = l.account();
      const b = l.pick(l.accounts.filter((x) => !x.closed && x.id !== a?.id));
      if (!a || !b) return;
      const cents = l.cents();
      const date = l.date();
      const legs: string[] = [];
      for (const [account, type, day] of [
        [a, 'expense', date],
        [b, 'income', later(date, l.int(4), l.today)],
      ] as const) {
        const body = {
          categoryId: l.category(type),
          type,
          amount: money(cents),
          date: day,
          accountId: account.id,
          description: `pair ${i}`,
        };
        const res = await l.send('POST', '/transactions', [201], body);
        legs.push(res.json<{ data: Transaction }>().data.id);
      }
      l.learn(...legs);
      const how = l.int(5);
      if (how < 2) {
        await l.send('POST', '/transfers/link', [201], { outTransactionId: legs[0], inTransactionId: legs[1] });
      } else if (how === 2) {
        await l.send('POST', '/transactions/bulk/mark-transfer', [200], { ids: legs });
      }
    },
  },
  {
    // Two rows picked at random: linked only when they fit, a 400 otherwise.
    name: 'link',
    weight: 1,
    async run(l) {
      const out = await l.pickRow((r) => r.type === 'expense');
      const inn = await l.pickRow((r) => r.type === 'income');
      if (!out || !inn) return;
      const fits =
        out.kind === 'regular' &&
        inn.kind === 'regular' &&
        !isSplit(out) &&
        !isSplit(inn) &&
        out.accountId !== inn.accountId &&
        out.cents === inn.cents;
      // A pair that fits but lies in a closed account is a 409.
      await l.send('POST', '/transfers/link', fits ? (out.closed || inn.closed ? [409] : [201]) : [400], {
        outTransactionId: out.id,
        inTransactionId: inn.id,
      });
    },
  },
  {
    name: 'match',
    weight: 1,
    async run(l) {
      await l.send('POST', '/transfers/match', [200]);
    },
  },
  {
    name: 'mark as transfer',
    weight: 1,
    async run(l) {
      const ids = new Set<string>();
      for (let k = 1 + l.int(4); k > 0; k -= 1) {
        const row = await l.pickRow();
        if (row) ids.add(row.id);
      }
      if (ids.size) await l.send('POST', '/transactions/bulk/mark-transfer', [200], { ids: [...ids] });
    },
  },
  {
    // A small statement (new rows, and rows mirroring another account's, which matching links)
    // uploaded into an account and committed.
    name: 'import',
    weight: 1,
    async run(l, i) {
      const account = l.chance(0.05) ? l.account(false)! : l.account()!;
      const rows: [string, number, string][] = [];
      for (let k = 0; k < 2 + l.int(10); k += 1) {
        const mirror = l.chance(0.3)
          ? await l.pickRow((r) => r.kind === 'regular' && r.accountId !== account.id)
          : null;
        rows.push(
          mirror
            ? [
                later(mirror.date, l.int(3), l.today),
                mirror.type === 'expense' ? mirror.cents : -mirror.cents,
                `Transfer ${i}.${k}`,
              ]
            : [l.date(), (l.chance(0.3) ? 1 : -1) * l.cents(), `imported ${i}.${k}`],
        );
      }
      const file = l.statement(rows, `stmt${i}`, { accountId: account.id });
      const res = await l.send('POST', '/imports', account.closed ? [409] : [201], file);
      if (res.statusCode !== 201) return;
      const id = res.json<{ data: ImportBatch }>().data.id;
      const done = await l.send('POST', `/imports/${id}/commit`, [200]);
      expect(done.json<{ data: ImportBatch }>().data.status).toBe('committed');
      l.batches.push(id);
      await l.learnNew(sql`t.import_batch_id = ${id}`);
    },
  },
  {
    // An undo is refused (409, nothing written) while one of the batch's rows is reconciled, or
    // one of them, or the other leg of a transfer one of them is in, lies in a closed account.
    name: 'undo import',
    weight: 1,
    async run(l) {
      const id = l.pick(l.batches);
      if (!id) return;
      const [held] = await l.query<{ held: boolean }>(sql`
        select exists (
          select 1 from transactions t
          join accounts a on a.id = t.account_id
          left join transfers tr on t.id in (tr.out_transaction_id, tr.in_transaction_id)
          left join transactions p on p.id in (tr.out_transaction_id, tr.in_transaction_id) and p.id <> t.id
          left join accounts pa on pa.id = p.account_id
          where t.import_batch_id = ${id}
            and (t.status = 'reconciled' or a.closed_at is not null or pa.closed_at is not null)
        ) as held`);
      await l.send('POST', `/imports/${id}/revert`, held?.held ? [409] : [200]);
    },
  },
  {
    // Starts (or restates) a reconciliation; mostly at the cleared balance, so it can finish.
    name: 'reconcile start',
    weight: 2.5,
    async run(l) {
      const account = l.chance(0.05) ? l.account(false)! : l.account()!;
      const date = l.date();
      const cleared = await l.clearedAsOf(account.id, date);
      const balance = l.chance(0.75) ? cleared : cleared + l.int(20_000) - 10_000;
      const res = await l.send('POST', `/accounts/${account.id}/reconciliations`, account.closed ? [409] : [201], {
        statementDate: date,
        statementBalance: money(balance),
      });
      if (res.statusCode !== 201) return;
      const rec = res.json<{ data: Reconciliation }>().data;
      expect(Math.round(rec.cleared * 100)).toBe(cleared);
      if (!l.reconciliations.includes(rec.id)) l.reconciliations.push(rec.id);
      if (!l.hotDates.includes(date)) l.hotDates.push(date);
    },
  },
  {
    name: 'reconcile finish',
    weight: 3,
    async run(l) {
      const rec = await reconciliation(l);
      if (!rec) return;
      const adjust = l.chance(0.4);
      const difference = rec.cents - (await l.clearedAsOf(rec.accountId, rec.date));
      const refused = rec.state !== 'open' || rec.closed || (difference !== 0 && !adjust);
      const res = await l.send('POST', `/reconciliations/${rec.id}/finish`, refused ? [409] : [200], { adjust });
      if (res.statusCode === 200) l.learn(res.json<{ data: Reconciliation }>().data.adjustmentTransactionId);
    },
  },
  {
    name: 'reconcile reopen',
    weight: 1.2,
    async run(l) {
      const rec = await reconciliation(l);
      if (!rec) return;
      const refused = rec.state === 'open' || rec.closed;
      await l.send('POST', `/reconciliations/${rec.id}/reopen`, refused ? [409] : [200]);
    },
  },
  {
    // A reconciled row's locked fields: every way of changing them is a 409 that writes nothing;
    // its description still changes.
    name: 'reconciled row',
    weight: 3,
    async run(l) {
      const row = await l.pickRow((r) => r.status === 'reconciled', 24);
      if (!row) return;
      const url = `/transactions/${row.id}`;
      const attempt = l.int(6);
      // An account that took another's rows has two opening rows; PUT /accounts edits either.
      const [openings] = await l.query<{ n: number }>(
        sql`select count(*)::int as n from transactions where account_id = ${row.accountId} and kind = 'opening'`,
      );
      if (attempt === 0 || (row.kind === 'opening' && openings!.n > 1)) {
        await l.send('DELETE', url, [409]);
      } else if (attempt === 1) {
        await l.send('PUT', `${url}/status`, [409], { status: 'uncleared' });
      } else if (row.kind === 'opening') {
        const cents = (row.type === 'income' ? row.cents : -row.cents) + 1 + l.int(1000);
        await l.send('PUT', `/accounts/${row.accountId}`, [409], {
          openingBalance: money(cents),
          openingDate: row.date,
        });
      } else if (row.kind === 'transfer') {
        const legs = (await legsOf(l, row))!;
        const cents = row.cents + 1 + l.int(1000);
        const body = { amount: money(cents), date: row.date, description: 'locked' };
        if (attempt % 2) await l.send('PUT', url, [409], body);
        else {
          await l.send('PUT', `/transfers/${row.transferId}`, [409], {
            ...body,
            fromAccountId: legs.out.accountId,
            toAccountId: legs.in.accountId,
          });
        }
      } else if (row.kind === 'regular' && isSplit(row)) {
        // A split row keeps its lines; its date and account lock on reconciliation like those of every other row.
        const other = l.pick(l.accounts.filter((a) => a.id !== row.accountId && !a.closed));
        const base = { lines: await linesOf(l, row.id), type: row.type, amount: money(row.cents), date: row.date };
        const change = [
          { date: row.date === l.today ? addDays(row.date, -1) : l.today },
          other ? { accountId: other.id } : { date: addDays(row.date, -1) },
          { description: 'still editable' },
        ][l.int(3)]!;
        const allowed = 'description' in change && !row.closed ? [200] : [409];
        await l.send('PUT', url, allowed, { ...base, ...change });
      } else if (row.kind === 'regular') {
        const other = l.pick(l.accounts.filter((a) => a.id !== row.accountId && !a.closed));
        const flip = row.type === 'income' ? 'expense' : 'income';
        const base = { categoryId: row.categoryId, type: row.type, amount: money(row.cents), date: row.date };
        const change = [
          { amount: money(row.cents + 1 + l.int(1000)) },
          { date: row.date === l.today ? addDays(row.date, -1) : l.today },
          { type: flip, categoryId: l.category(flip) },
          other ? { accountId: other.id } : { amount: money(row.cents + 1) },
          { description: 'still editable' },
        ][attempt - 2 + (l.chance(0.25) ? 1 : 0)]!;
        const allowed = 'description' in change && !row.closed ? [200] : [409];
        await l.send('PUT', url, allowed, { ...base, ...change });
      } else {
        const before = await rowWrites(l.t.db.db);
        const res = await l.send('POST', '/transactions/bulk', [200], { ids: [row.id], action: 'delete' });
        expect(res.json<{ data: { skipped: number } }>().data.skipped).toBe(1);
        expect(await rowWrites(l.t.db.db)).toBe(before);
      }
    },
  },
  {
    name: 'opening balance',
    weight: 2,
    async run(l) {
      const account = l.account(false)!;
      const openings = await l.query<{ id: string }>(
        sql`select id from transactions where account_id = ${account.id} and kind = 'opening'`,
      );
      const rows = await Promise.all(openings.map((o) => l.row(o.id)));
      const cents = l.chance(0.15) ? 0 : l.cents() - 100_000;
      const date = l.date();
      const next =
        cents === 0 ? { cents: 0 } : { cents: Math.abs(cents), date, type: cents > 0 ? 'income' : 'expense' };
      const locked = rows.map((row) => !!row && LOCKED(row, next));
      // An account that took another's rows (deleted into it) has two opening rows; the writer
      // edits one of them, either may be the reconciled one.
      const allowed =
        account.closed || (locked.length > 0 && locked.every(Boolean))
          ? [409]
          : locked.some(Boolean)
            ? [200, 409]
            : [200];
      await l.send('PUT', `/accounts/${account.id}`, allowed, { openingBalance: money(cents), openingDate: date });
      await l.learnNew(sql`t.account_id = ${account.id} and t.kind = 'opening'`);
    },
  },
  {
    name: 'close or reopen account',
    weight: 0.5,
    async run(l) {
      const closed = l.accounts.filter((a) => a.closed);
      const account = closed.length >= 2 ? l.pick(closed)! : l.account(false)!;
      if (account.closed) await l.send('POST', `/accounts/${account.id}/reopen`, [200]);
      else {
        const lastOpen = l.accounts.filter((a) => !a.closed).length === 1;
        await l.send('POST', `/accounts/${account.id}/close`, account.isDefault || lastOpen ? [409] : [200]);
      }
      await l.refreshAccounts();
    },
  },
  {
    // Deleting an account with its rows moved into another, then a new account.
    name: 'delete account',
    weight: 0.6,
    async run(l, i) {
      const victim = l.pick(l.accounts.filter((a) => !a.isDefault));
      if (!victim) return;
      // Accounts with a transfer to or from the victim: moving into one of them is refused.
      const linked = await l.query<{ id: string }>(sql`
        select distinct case when o.account_id = ${victim.id} then i.account_id else o.account_id end as id
        from transfers tr
          join transactions o on o.id = tr.out_transaction_id join transactions i on i.id = tr.in_transaction_id
        where o.account_id = ${victim.id} or i.account_id = ${victim.id}`);
      const refused = new Set(linked.map((r) => r.id));
      let targets = l.accounts.filter((a) => !a.closed && a.id !== victim.id);
      let free = targets.filter((a) => !refused.has(a.id));
      // A few hundred operations in, every account has a transfer with every other: no target is
      // free, and the delete was refused every time (whatever the seed). A new account is free.
      const fresh = !free.length && l.chance(0.8);
      if (fresh) {
        await createAccount(l, i);
        targets = l.accounts.filter((a) => !a.closed && a.id !== victim.id);
        free = targets.filter((a) => !refused.has(a.id));
      }
      const target = l.chance(0.8) && free.length ? l.pick(free) : l.pick(targets);
      if (!target) return;
      const res = await l.send(
        'DELETE',
        `/accounts/${victim.id}?moveTo=${target.id}`,
        refused.has(target.id) ? [409] : [200, 204],
      );
      if (res.statusCode === 409) return;
      await l.refreshAccounts();
      if (!fresh) await createAccount(l, i);
    },
  },
  {
    // Deleting a category with its rows moved into another of its type, then a new category.
    name: 'move category',
    weight: 0.2,
    async run(l, i) {
      const type = l.type();
      const from = l.category(type);
      const to = l.pick(l.categories[type].filter((c) => c !== from));
      if (!to) return;
      await l.send('DELETE', `/categories/${from}?moveTo=${to}`, [200, 204]);
      const list = l.categories[type];
      list.splice(list.indexOf(from), 1);
      const res = await l.send('POST', '/categories', [201], { name: `Category ${i}`, type });
      list.push(res.json<{ data: { id: string } }>().data.id);
    },
  },
  {
    // Another user naming this user's rows, transfers, reconciliations and imports: 404, nothing written.
    name: 'other user',
    weight: 0.5,
    async run(l, _i, other) {
      const row = await l.pickRow();
      if (!row) return;
      const body = { categoryId: other.categoryId, type: 'expense', amount: 1, date: row.date };
      await l.sendAs(other.token, 'PUT', `/transactions/${row.id}`, [404], body);
      await l.sendAs(other.token, 'PUT', `/transactions/${row.id}/status`, [404], { status: 'cleared' });
      await l.sendAs(other.token, 'DELETE', `/transactions/${row.id}`, [404]);
      if (row.transferId) await l.sendAs(other.token, 'DELETE', `/transfers/${row.transferId}`, [404]);
      await l.sendAs(other.token, 'PUT', `/accounts/${row.accountId}`, [404], { openingBalance: 5 });
      const rec = l.pick(l.reconciliations);
      if (rec) await l.sendAs(other.token, 'POST', `/reconciliations/${rec}/finish`, [404], { adjust: true });
      const batch = l.pick(l.batches);
      if (batch) await l.sendAs(other.token, 'POST', `/imports/${batch}/revert`, [404]);
    },
  },
];
