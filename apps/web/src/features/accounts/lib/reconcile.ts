import type { Transaction, TransactionStatus } from '@ledgerly/shared';

/** Cleared for the balance: ticked by the user, or locked by a finished reconciliation. */
export const isCleared = (status: TransactionStatus) => status === 'cleared' || status === 'reconciled';

/** What a row does to its account's balance, in cents: money in adds, money out takes away. */
export const signedCents = (t: Pick<Transaction, 'amount' | 'type'>) =>
  (t.type === 'income' ? 1 : -1) * Math.round(t.amount * 100);

export interface ReconcileFigures {
  /** The cleared balance as of the statement date, with the ticks made so far. */
  cleared: number;
  /** Statement balance minus cleared balance: what is still unexplained (0 = matches). */
  difference: number;
}

/**
 * The live figures of a reconciliation: the server's cleared balance when it started, moved by
 * every row whose tick differs now from what it was then.
 */
export function reconcileFigures({
  statementBalance,
  clearedAtStart,
  rows,
  ticked,
}: {
  statementBalance: number;
  clearedAtStart: number;
  /** The rows up to the statement date, as they were when the reconciliation started. */
  rows: readonly Pick<Transaction, 'id' | 'amount' | 'type' | 'status'>[];
  /** The rows' ticks now, by id (a row absent from it keeps its starting state). */
  ticked: ReadonlyMap<string, boolean>;
}): ReconcileFigures {
  let cleared = Math.round(clearedAtStart * 100);
  for (const row of rows) {
    const was = isCleared(row.status);
    const now = ticked.get(row.id) ?? was;
    if (now !== was) cleared += now ? signedCents(row) : -signedCents(row);
  }
  const difference = Math.round(statementBalance * 100) - cleared;
  return { cleared: cleared / 100, difference: difference / 100 };
}

/**
 * The balance as the statement states it, from what the user typed: a card's statement says what
 * is owed (a positive amount), which is a negative balance in our signs (DESIGN §10).
 */
export const statementBalanceFromInput = (amount: number, liability: boolean) =>
  liability ? (amount === 0 ? 0 : -amount) : amount;
