import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_API_MSG, KIND_LABELS } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { assertNotLocked, lockUserLedger } from './ledger.writer.js';

/*
 * The ledger writes of the accounts API (DESIGN §10): an account's opening row, and moving an
 * account's rows into another before it is deleted. Part of the one writer (DESIGN §13).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Sets the account's opening row: `cents` (signed; undefined keeps the current amount) dated
 * `date`. Created when there is none, edited, or deleted when the balance becomes 0. It is
 * `cleared`, has no category, and is income for a positive balance, expense for a negative one
 * (a card owing 500 opens at −500). A reconciled opening row keeps its amount and date (409).
 */
export async function setOpening(
  db: Db,
  userId: string,
  accountId: string,
  change: { cents?: number | undefined; date: string },
): Promise<void> {
  await lockUserLedger(db, userId);
  const [current] = await db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.userId, userId), eq(transactions.accountId, accountId), eq(transactions.kind, 'opening')),
    )
    .limit(1)
    .for('update');
  const cents =
    change.cents ?? (current ? (current.type === 'income' ? current.amountCents : -current.amountCents) : 0);
  if (cents === 0) {
    if (!current) return;
    assertNotLocked(current, { amountCents: 0 });
    await db.delete(transactions).where(eq(transactions.id, current.id));
    return;
  }
  const values = {
    type: cents > 0 ? ('income' as const) : ('expense' as const),
    amountCents: Math.abs(cents),
    date: change.date,
  };
  if (current) {
    assertNotLocked(current, values);
    await db
      .update(transactions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(transactions.id, current.id));
    return;
  }
  await db.insert(transactions).values({
    ...values,
    userId,
    accountId,
    kind: 'opening',
    status: 'cleared',
    categoryId: null,
    description: KIND_LABELS.opening,
  });
}

/**
 * Moves every row of account `from` into `to` (deleting `from` with a target), in one statement;
 * answers how many moved. A transfer between the two would become a transfer from an account to
 * itself, so one is refused (409 naming how many) rather than silently unlinked into an income
 * and an expense that never happened. Reconciled rows become `cleared`: the reconciliations of
 * `from` go with it. The opening row of `from` becomes an adjustment when `to` has its own. Call inside the database transaction that deletes `from`.
 */
export async function moveAccountRows(db: Db, userId: string, from: string, to: string): Promise<number> {
  await lockUserLedger(db, userId);
  const linked = await db.execute(sql`
    select count(*)::int as n from transfers tr
      join ${transactions} o on o.id = tr.out_transaction_id
      join ${transactions} i on i.id = tr.in_transaction_id
    where tr.user_id = ${userId}
      and ((o.account_id = ${from} and i.account_id = ${to}) or (o.account_id = ${to} and i.account_id = ${from}))`);
  const n = Number(rowsOf<{ n: number | string }>(linked)[0]?.n ?? 0);
  if (n > 0) throw conflict(ACCOUNT_API_MSG.transfersBetween(n));
  // An account has one opening row: when the target has its own, the moved one becomes an
  // adjustment row named after the account it opened (same amount, date and status, so every
  // balance, as of any date, stays what it was).
  await db.execute(sql`
    update ${transactions} as t
    set kind = 'adjustment', updated_at = now(),
        description = left('Opening balance of ' || (select a.name from accounts a where a.id = ${from}), 255)
    where t.user_id = ${userId} and t.account_id = ${from} and t.kind = 'opening'
      and exists (select 1 from ${transactions} o where o.user_id = ${userId} and o.account_id = ${to} and o.kind = 'opening')`);
  const moved = await db.execute(sql`
    with moved as (
      update ${transactions}
      set account_id = ${to},
          status = case when status = 'reconciled' then 'cleared' else status end,
          updated_at = now()
      where user_id = ${userId} and account_id = ${from}
      returning 1
    )
    select count(*)::int as n from moved`);
  return Number(rowsOf<{ n: number | string }>(moved)[0]?.n ?? 0);
}
