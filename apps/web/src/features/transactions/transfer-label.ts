import type { Transaction } from '@ledgerly/shared';

/**
 * What a transfer leg is called in lists (DESIGN §10): "Transfer to Savings" on the leg leaving
 * an account, "Transfer from Checking" on the one entering; null on any other row.
 */
export function transferLabel(
  t: Pick<Transaction, 'kind' | 'type' | 'transferAccountId'>,
  nameOf: (accountId: string) => string,
): string | null {
  if (t.kind !== 'transfer' || !t.transferAccountId) return null;
  const other = nameOf(t.transferAccountId);
  return t.type === 'expense' ? `Transfer to ${other}` : `Transfer from ${other}`;
}

/**
 * The colour of a row's amount: green money in, red money out, and neutral for rows that are
 * neither income nor expense (transfer legs, opening balances, adjustments).
 */
export function amountColor(t: Pick<Transaction, 'kind' | 'type'>): string {
  if (t.kind !== 'regular') return 'text-slate-700 dark:text-slate-300';
  return t.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
}
