import type { Account, Category, Transaction } from '@ledgerly/shared';

/** Test data for the transaction screens with accounts (DESIGN §10). */
export const FOOD: Category = {
  id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a01',
  name: 'Food',
  type: 'expense',
  color: '#ef4444',
  icon: '🍔',
  isDefault: true,
};
export const SALARY: Category = {
  ...FOOD,
  id: '7d1e6c44-3c55-4b0e-9a0e-2c5f7b6f0a02',
  name: 'Salary',
  type: 'income',
  icon: '💼',
};

export function account(id: string, name: string, extra: Partial<Account> = {}): Account {
  return {
    id,
    name,
    kind: 'checking',
    class: 'asset',
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
    openingDate: null,
    closedAt: null,
    balance: 0,
    clearedBalance: 0,
    balanceInBase: 0,
    balanceCheck: null,
    brokenReconciliation: null,
    ...extra,
  };
}

export const CHECKING = account('00000000-0000-4000-8000-0000000acc01', 'Checking', { isDefault: true });
export const SAVINGS = account('00000000-0000-4000-8000-0000000acc02', 'Savings', { kind: 'savings' });
export const LOAN = account('00000000-0000-4000-8000-0000000acc03', 'Car loan', {
  kind: 'loan',
  class: 'liability',
  onBudget: false,
});

let n = 0;
export function row(extra: Partial<Transaction> = {}): Transaction {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tags: [],
    categoryId: FOOD.id,
    category: { id: FOOD.id, name: FOOD.name, color: FOOD.color, icon: FOOD.icon },
    lines: [],
    accountId: CHECKING.id,
    kind: 'regular',
    status: 'uncleared',
    transferId: null,
    transferAccountId: null,
    amount: 4.5,
    type: 'expense',
    description: `Coffee ${n}`,
    date: '2026-11-01',
    receiptUrl: null,
    receiptThumbUrl: null,
    recurringId: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...extra,
  };
}

/** The leg leaving Checking of a transfer of 200.00 into Savings. */
export const transferOut = (extra: Partial<Transaction> = {}) =>
  row({
    kind: 'transfer',
    categoryId: null,
    category: null,
    transferId: '00000000-0000-4000-8000-00000000f001',
    transferAccountId: SAVINGS.id,
    amount: 200,
    description: null,
    ...extra,
  });
