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

export type ReconciliationState = 'open' | 'done' | 'broken';

/** A reconciliation of an account against a statement (GET /accounts/{id}/reconciliations). */
export interface Reconciliation {
  id: string;
  accountId?: string;
  statementDate: string;
  statementBalance: number;
  state: ReconciliationState;
  /** Statement balance minus the cleared balance as of the statement date (0 when it matches). */
  difference: number | null;
  adjustmentTransactionId?: string | null;
  finishedAt: string | null;
}

/** The answer of POST /accounts/{id}/reconciliations: the cleared balance as of the statement date. */
export interface ReconciliationStart {
  id: string;
  cleared: number;
  difference: number;
}

/** Two rows of two accounts that look like one transfer (GET /transfers/suggestions). */
export interface TransferSuggestion {
  outTransactionId: string;
  inTransactionId: string;
  outTransaction: Transaction;
  inTransaction: Transaction;
  score: number;
}
