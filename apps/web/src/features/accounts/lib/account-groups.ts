import {
  ACCOUNT_KIND_LABELS,
  ON_BUDGET_KINDS,
  accountClassOf,
  type Account,
  type AccountClass,
  type AccountKind,
  type Transaction,
} from '@ledgerly/shared';

/** The order of the kinds within each class on the Accounts tab. */
export const KIND_ORDER: Record<AccountClass, readonly AccountKind[]> = {
  asset: ['checking', 'savings', 'cash', 'investment', 'property', 'vehicle', 'other_asset'],
  liability: ['credit_card', 'line_of_credit', 'loan', 'mortgage', 'other_liability'],
};

export const CLASS_LABELS: Record<AccountClass, string> = { asset: 'Assets', liability: 'Liabilities' };

/** Kinds with a credit limit; cards also have a statement day and a due day. */
export const CREDIT_KINDS: readonly AccountKind[] = ['credit_card', 'line_of_credit'];

export interface AccountGroups {
  asset: Account[];
  liability: Account[];
  closed: Account[];
}

const rank = (a: Account) => KIND_ORDER[a.class].indexOf(a.kind);

/** Open accounts by class (kinds in KIND_ORDER, then the user's order, then name); closed ones apart. */
export function groupAccounts(accounts: readonly Account[]): AccountGroups {
  const sorted = [...accounts].sort(
    (a, b) => rank(a) - rank(b) || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name),
  );
  return {
    asset: sorted.filter((a) => !a.closedAt && a.class === 'asset'),
    liability: sorted.filter((a) => !a.closedAt && a.class === 'liability'),
    closed: sorted.filter((a) => a.closedAt),
  };
}

const cents = (n: number) => Math.round(n * 100);

export interface NetWorthTotals {
  assets: number;
  /** Positive while money is owed. */
  liabilities: number;
  netWorth: number;
}

/**
 * Totals of the accounts in net worth, by class (never by the sign of a balance, DESIGN §10):
 * an overdraft lowers the assets, a card in credit lowers the liabilities. In the base currency.
 */
export function netWorthTotals(accounts: readonly Account[]): NetWorthTotals {
  let assets = 0;
  let liabilities = 0;
  for (const a of accounts) {
    if (!a.inNetWorth) continue;
    if (a.class === 'asset') assets += cents(a.balanceInBase);
    else liabilities -= cents(a.balanceInBase);
  }
  return {
    assets: assets / 100 || 0,
    liabilities: liabilities / 100 || 0,
    netWorth: (assets - liabilities) / 100 || 0,
  };
}

/**
 * A class's total as its heading shows it, in the base currency: the assets' balances, or the
 * amount the liabilities owe (positive while owed). Every account listed counts, in net worth or not.
 */
export function classTotal(accounts: readonly Account[], cls: AccountClass): number {
  const sum = accounts.reduce((total, a) => total + cents(a.balanceInBase), 0);
  return (cls === 'asset' ? sum : -sum) / 100 || 0;
}

/** What a liability owes (positive while owed): the server's `owed`, else minus the balance. */
export const owedOf = (a: Pick<Account, 'owed' | 'balance'>) => a.owed ?? (a.balance === 0 ? 0 : -a.balance);

/** The form's toggles when a kind is picked: on budget for everyday kinds, always in net worth. */
export const kindDefaults = (kind: AccountKind) => ({ onBudget: ON_BUDGET_KINDS.includes(kind), inNetWorth: true });

export const kindLabel = (kind: AccountKind) => ACCOUNT_KIND_LABELS[kind];

export const isLiabilityKind = (kind: AccountKind) => accountClassOf(kind) === 'liability';

/** "Visa · ••1234", "Chase", "••1234" or nothing. */
export function institutionLine(a: Pick<Account, 'institution' | 'mask'>): string {
  return [a.institution, a.mask ? `••${a.mask}` : null].filter(Boolean).join(' · ');
}

/**
 * The accounts' figures appear beyond the Accounts tab (the dashboard's net-worth card) only once
 * they say something: two accounts, or one that is a liability.
 */
export const showsAccountFigures = (accounts: readonly Account[]) =>
  accounts.length >= 2 || accounts.some((a) => a.class === 'liability');

/** What a transfer leg is called: "Transfer to Savings" / "Transfer from Checking". */
export function transferTitle(
  t: Pick<Transaction, 'type' | 'transferAccountId'>,
  accountName: (id: string) => string | undefined,
): string {
  const other = t.transferAccountId ? accountName(t.transferAccountId) : undefined;
  const direction = t.type === 'expense' ? 'to' : 'from';
  return other ? `Transfer ${direction} ${other}` : 'Transfer';
}
