import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { toSignedCents } from './money.js';
import { isCurrencyCode, UNKNOWN_CURRENCY_MESSAGE } from './currency-units.js';

/*
 * Money accounts (DESIGN §10): a place where money sits. "Your account" (sign-in, security) is
 * `security.ts`; everywhere in code "account" means one of these.
 */

/** The account every user starts with (registration, and the migration for existing users). */
export const DEFAULT_ACCOUNT_NAME = 'Main account';

export const ACCOUNT_KINDS = [
  'checking',
  'savings',
  'cash',
  'credit_card',
  'line_of_credit',
  'loan',
  'mortgage',
  'investment',
  'property',
  'vehicle',
  'other_asset',
  'other_liability',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export type AccountClass = 'asset' | 'liability';

export const LIABILITY_KINDS: readonly AccountKind[] = [
  'credit_card',
  'line_of_credit',
  'loan',
  'mortgage',
  'other_liability',
];
export const ON_BUDGET_KINDS: readonly AccountKind[] = ['checking', 'savings', 'cash', 'credit_card', 'line_of_credit'];

export const accountClassOf = (kind: AccountKind): AccountClass =>
  LIABILITY_KINDS.includes(kind) ? 'liability' : 'asset';

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  cash: 'Cash',
  credit_card: 'Credit card',
  line_of_credit: 'Line of credit',
  loan: 'Loan',
  mortgage: 'Mortgage',
  investment: 'Investment',
  property: 'Property',
  vehicle: 'Vehicle',
  other_asset: 'Other asset',
  other_liability: 'Other liability',
};

export const TRANSACTION_KINDS = ['regular', 'transfer', 'opening', 'adjustment'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_STATUSES = ['pending', 'uncleared', 'cleared', 'reconciled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const ACCOUNT_MSG = {
  nameRequired: 'Please enter an account name',
  nameMax: 'Account name must be 64 characters or less',
  nameTaken: 'You already have an account with this name',
  kind: 'Please choose what kind of account this is',
  lastOpen: 'You need at least one open account: this is your last one',
  isDefault: 'This is your default account: make another account the default first',
  defaultMoved: 'Another account was made the default at the same moment: try again',
  hasRows: 'This account has transactions: choose an account to move them to',
  currencyLocked:
    'This account has transactions: its currency cannot change (open an account in the other currency instead)',
  moveToSelf: 'Move the transactions to a different account',
  closed: 'This account is closed: reopen it to add or change its transactions',
  sameAccount: 'A transfer needs two different accounts',
  reconciledLocked:
    'This transaction is reconciled: reopen the reconciliation to change its amount, date, account or type',
  editOpening:
    'This is the account’s opening balance: change it with the opening balance and date in the account’s settings',
  editAdjustment:
    'A balance adjustment cannot be edited: delete it (reopen its reconciliation first) and finish the reconciliation again',
  linkedMeanwhile: 'This transaction was just linked into a transfer: reload it and edit it again',
  futureStatement: 'The statement date cannot be later than today',
  notDone: (difference: string) =>
    `The cleared balance differs from the statement by ${difference}: tick the missing transactions, or finish with an adjustment`,
  transferCategory: 'A transfer has no category unless it leaves the budget',
  alreadyLinked: 'One of these transactions is already part of a transfer',
  sameDirection: 'A transfer needs one transaction leaving an account and one entering another',
  differentAmounts: 'The two transactions have different amounts',
  notTransfer: 'This transaction is not a transfer',
  openingDate: 'Opening date must be a date (YYYY-MM-DD)',
  day: 'Day must be a whole number from 1 to 31',
  mask: 'Last digits must be 4 digits',
  color: 'Colour must be a hex colour like #22c55e',
} as const;

const money = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const cents = toSignedCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const dayOfMonth = z
  .number({ error: ACCOUNT_MSG.day })
  .int(ACCOUNT_MSG.day)
  .min(1, ACCOUNT_MSG.day)
  .max(31, ACCOUNT_MSG.day)
  .nullable();

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Fields of an account; `POST /accounts` needs name and kind, `PUT` takes any subset. */
const accountFields = {
  name: z
    .string({ error: ACCOUNT_MSG.nameRequired })
    .trim()
    .min(1, ACCOUNT_MSG.nameRequired)
    .max(64, ACCOUNT_MSG.nameMax),
  kind: z.enum(ACCOUNT_KINDS, { error: ACCOUNT_MSG.kind }),
  // Any ISO 4217 code, current or withdrawn (DESIGN §12); the settings list of 25 is the spec's.
  currency: z.string({ error: UNKNOWN_CURRENCY_MESSAGE }).refine(isCurrencyCode, UNKNOWN_CURRENCY_MESSAGE),
  onBudget: z.boolean({ error: 'onBudget must be true or false' }),
  inNetWorth: z.boolean({ error: 'inNetWorth must be true or false' }),
  isDefault: z.literal(true, { error: 'isDefault can only be set to true (make another account the default)' }),
  creditLimit: money('Credit limit must be an amount').nullable(),
  statementDay: dayOfMonth,
  dueDay: dayOfMonth,
  institution: optionalText(64, 'Institution'),
  mask: z
    .string({ error: ACCOUNT_MSG.mask })
    .regex(/^\d{4}$/, ACCOUNT_MSG.mask)
    .nullable(),
  iban: optionalText(34, 'IBAN'),
  icon: optionalText(32, 'Icon'),
  color: z
    .string({ error: ACCOUNT_MSG.color })
    .regex(/^#[0-9a-fA-F]{6}$/, ACCOUNT_MSG.color)
    .nullable(),
  sortOrder: z.number({ error: 'sortOrder must be a whole number' }).int().min(0).max(100000),
  openingBalance: money('Opening balance must be an amount'),
  openingDate: z.string({ error: ACCOUNT_MSG.openingDate }).refine(isIsoDate, ACCOUNT_MSG.openingDate),
};

export const accountCreateSchema = z.object({
  ...accountFields,
  currency: accountFields.currency.optional(),
  onBudget: accountFields.onBudget.optional(),
  inNetWorth: accountFields.inNetWorth.optional(),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  creditLimit: accountFields.creditLimit.optional(),
  statementDay: accountFields.statementDay.optional(),
  dueDay: accountFields.dueDay.optional(),
  institution: accountFields.institution,
  mask: accountFields.mask.optional(),
  iban: accountFields.iban,
  icon: accountFields.icon,
  color: accountFields.color.optional(),
  sortOrder: accountFields.sortOrder.optional(),
  openingBalance: accountFields.openingBalance.optional(),
  openingDate: accountFields.openingDate.optional(),
});
export type AccountCreate = z.output<typeof accountCreateSchema>;

export const accountUpdateSchema = z
  .object(accountFields)
  .partial()
  .extend({ closed: z.boolean({ error: 'closed must be true or false' }).optional() });
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

export const balanceCheckSchema = z.object({
  date: z.string(),
  statementBalance: z.number(),
  ledgerBalance: z.number(),
  matches: z.boolean(),
});
export type BalanceCheck = z.output<typeof balanceCheckSchema>;

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  class: z.enum(['asset', 'liability']),
  currency: z.string(),
  onBudget: z.boolean(),
  inNetWorth: z.boolean(),
  isDefault: z.boolean(),
  creditLimit: z.number().nullable(),
  statementDay: z.number().nullable(),
  dueDay: z.number().nullable(),
  institution: z.string().nullable(),
  mask: z.string().nullable(),
  iban: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  sortOrder: z.number(),
  openingDate: z.string().nullable(),
  closedAt: z.string().nullable(),
  balance: z.number(),
  clearedBalance: z.number(),
  balanceInBase: z.number(),
  owed: z.number().optional(),
  availableCredit: z.number().nullable().optional(),
  statementBalance: z.number().nullable().optional(),
  balanceCheck: balanceCheckSchema.nullable(),
  brokenReconciliation: z.object({ id: z.string(), statementDate: z.string(), difference: z.number() }).nullable(),
});
export type Account = z.output<typeof accountSchema>;

export const accountBalanceSchema = z.object({ balance: z.number(), clearedBalance: z.number(), date: z.string() });

export const netWorthPointSchema = z.object({
  month: z.string(),
  assets: z.number(),
  liabilities: z.number(),
  netWorth: z.number(),
});
export type NetWorthPoint = z.output<typeof netWorthPointSchema>;

/** What a row without a category shows where a category would be (lists, CSV, PDF). */
export const KIND_LABELS: Record<TransactionKind, string> = {
  regular: 'Uncategorized',
  transfer: 'Transfer',
  opening: 'Opening balance',
  adjustment: 'Balance adjustment',
};

/** What a split row shows where a category would be: "Split (3)". */
export const splitLabel = (lines: number) => `Split (${lines})`;

/** A category-like label for a row without a category (its icon, colour and name on screen). */
export function shownCategory(t: {
  category: { id: string; name: string; color: string; icon: string } | null;
  kind?: TransactionKind;
  lines?: readonly unknown[];
}): { id: string; name: string; color: string; icon: string } {
  if (t.category) return t.category;
  // A split row (DESIGN §11): its categories are on its lines.
  if (t.lines?.length) return { id: '', name: splitLabel(t.lines.length), color: '#6366f1', icon: '✂️' };
  const kind = t.kind ?? 'transfer';
  const icon = kind === 'transfer' ? '🔁' : kind === 'opening' ? '🏦' : '⚖️';
  return { id: '', name: KIND_LABELS[kind], color: '#64748b', icon };
}
