import { accountClassOf, type Account, type AccountKind, type Transaction } from '@ledgerly/shared';
import type { RegisterRow } from './types';

/** An account as GET /accounts answers it (component tests only). */
export function makeAccount(over: Partial<Account> & { id: string; name: string; kind?: AccountKind }): Account {
  const kind = over.kind ?? 'checking';
  const balance = over.balance ?? 0;
  return {
    class: accountClassOf(kind),
    currency: 'USD',
    onBudget: true,
    inNetWorth: true,
    isDefault: false,
    creditLimit: null,
    statementDay: null,
    dueDay: null,
    institution: null,
    mask: null,
    iban: null,
    icon: null,
    color: null,
    sortOrder: 0,
    openingDate: '2026-01-01',
    closedAt: null,
    clearedBalance: balance,
    balanceInBase: balance,
    balanceCheck: null,
    brokenReconciliation: null,
    ...over,
    kind,
    balance,
  };
}

/** A transaction as the API answers it (component tests only). */
export function makeTransaction(over: Partial<Transaction> & { id: string }): Transaction {
  return {
    tags: [],
    categoryId: 'c1',
    category: { id: 'c1', name: 'Groceries', color: '#22c55e', icon: '🛒' },
    lines: [],
    accountId: 'a1',
    kind: 'regular',
    status: 'uncleared',
    transferId: null,
    transferAccountId: null,
    amount: 10,
    type: 'expense',
    description: null,
    date: '2026-03-01',
    receiptUrl: null,
    receiptThumbUrl: null,
    recurringId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

export const makeRow = (over: Partial<RegisterRow> & { id: string; runningBalance: number }): RegisterRow => ({
  ...makeTransaction(over),
  runningBalance: over.runningBalance,
});
