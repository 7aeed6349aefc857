import type { Transaction } from '@ledgerly/shared';

/*
 * Answers of the accounts API (DESIGN §10) that the shared package does not describe yet; the
 * account itself, its balance check and the net-worth point are `@ledgerly/shared`'s.
 */

/** One row of an account's register: the transaction and the account's balance after it. */
export type RegisterRow = Transaction & { runningBalance: number };

export interface RegisterPage {
  data: RegisterRow[];
  meta: { nextCursor: string | null; total?: number };
}

/** A reconciliation as the server answers it (shared with the server). */
export type { Reconciliation } from '@ledgerly/shared';

/** Two rows of two accounts that look like one transfer (GET /transfers/suggestions). */
export interface TransferSuggestion {
  outTransactionId: string;
  inTransactionId: string;
  outTransaction: Transaction;
  inTransaction: Transaction;
  score: number;
}
