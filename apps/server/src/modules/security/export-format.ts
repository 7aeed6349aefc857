import { z } from 'zod';
import {
  ACCOUNT_KINDS,
  CURRENCY_CODES,
  DEFAULT_ACCOUNT_NAME,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  TAG_LIMITS,
  MAX_AMOUNT_CENTS,
  RULE_SPLIT_LINES_MAX,
  SPLIT_LINES_MAX,
  importOptionsSchema,
  isCurrencyCode,
  isIsoDate,
  isTimeZone,
  toCents,
  toSignedCents,
} from '@ledgerly/shared';

/**
 * The `ledgerly.json` of an export. Version 4 is written: it adds money accounts, transfers,
 * rejected transfer pairs and reconciliations, and each transaction's account, kind and status
 * (DESIGN §10). Version 3 files (no accounts) restore into one default account. Version 2 files
 * (no rules, no import profiles) and version 1 files (amounts as numbers, no timestamps, no `skippedBefore`, receipts
 * as bare paths) are upgraded on reading.
 * Each entity is one section: its zod schema here is the one list of its fields — the writer
 * (`toEntry`) and the restore (`fromEntry`) both follow it; the rows are read and written by
 * the entity's own module (`<module>.portable.ts`); a CSV in `export.writer.ts`.
 */
export const FORMAT = 'ledgerly-export';
export const CURRENT_VERSION = 4;

const id = z.string().min(1).max(64);
/** A calendar date as the API takes it: YYYY-MM-DD from 1900 to 9999, a day the month has. */
const day = z.string().refine(isIsoDate, 'must be a date from 1900-01-01 to 9999-12-31 (YYYY-MM-DD)');
/** A moment with its offset, on a date the API could have written (from 1900). */
const instant = z.iso
  .datetime({ offset: true })
  .refine((v) => isIsoDate(v.slice(0, 10)), 'must be a time from the year 1900 on');
const type = z.enum(['expense', 'income']);
/** Amounts are decimal strings in major units ("1234.50"): exact, and the same in JSON and CSV. */
const amount = z
  .string()
  .refine((v) => /^\d{1,10}\.\d{2}$/.test(v) && toCents(v) !== null, 'must be an amount such as 12.34');
/** A signed amount (balances, differences): "-12.50", "0.00". */
const signedAmount = z.string().refine((v) => /^-?\d{1,10}\.\d{2}$/.test(v), 'must be an amount such as -12.34');
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'cannot contain NUL');

const settings = z.object({
  firstName: text(50).nullable(),
  lastName: text(50).nullable(),
  currency: z.enum(CURRENCY_CODES),
  timezone: z.string().refine(isTimeZone, 'must be a time zone'),
});

const category = z.object({
  id,
  name: text(50).min(1),
  type,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  icon: text(64).min(1),
  isDefault: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});

const receipt = z.object({
  file: z.string().regex(/^receipts\/[A-Za-z0-9_.-]{1,100}$/),
  mime: z.enum(['image/jpeg', 'image/png', 'image/webp']),
});

/** A money account; its balance is the sum of its transactions (the opening row included). */
const account = z.object({
  id,
  name: text(64).min(1),
  kind: z.enum(ACCOUNT_KINDS),
  // Any ISO 4217 code of the registry, as the accounts API takes (DESIGN §12).
  currency: z.string().refine(isCurrencyCode, 'must be an ISO 4217 currency code'),
  onBudget: z.boolean(),
  inNetWorth: z.boolean(),
  isDefault: z.boolean(),
  creditLimit: amount.nullable(),
  statementDay: z.number().int().min(1).max(31).nullable(),
  dueDay: z.number().int().min(1).max(31).nullable(),
  institution: text(64).nullable(),
  mask: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  iban: text(34).nullable(),
  icon: text(32).nullable(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
  sortOrder: z.number().int().min(0).max(100000),
  openingDate: day.nullable(),
  importIds: z.array(text(200)).max(50),
  closedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});

/** One line of a split row (DESIGN §11): its category (an id of the file's), amount, type, note. */
const line = z.object({
  categoryId: id,
  amount,
  type,
  note: text(255).nullable(),
});

const transaction = z.object({
  id,
  /**
   * Null on a split row (it has `lines`), a transfer leg (unless it leaves the budget), an
   * opening or an adjustment row.
   */
  categoryId: id.nullable(),
  accountId: id,
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  type,
  amount,
  description: text(255).nullable(),
  date: day,
  recurringId: id.nullable(),
  occurrenceDate: day.nullable(),
  receipt: receipt.nullable(),
  /** The row's tags (ids of the file's `tags`); absent in files written before tags: none. */
  tagIds: z.array(id).max(TAG_LIMITS.perTransaction).default([]),
  /** A split row's lines in order; empty on any other row and absent in files written before splits. */
  lines: z.array(line).max(SPLIT_LINES_MAX).default([]),
  createdAt: instant,
  updatedAt: instant,
});

/** A tag (docs/tags.md): names unique per user ignoring case. */
const tag = z.object({
  id,
  name: text(TAG_LIMITS.nameMax).min(1),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  archivedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});

const budget = z.object({
  id,
  categoryId: id,
  period: z.enum(['monthly', 'yearly']),
  amount,
  /** Absent in files written before rollover existed: off. */
  rollover: z.boolean().default(false),
  createdAt: instant,
  updatedAt: instant,
});

const recurring = z.object({
  id,
  /** Null on a recurring transfer (it has toAccountId). */
  categoryId: id.nullable(),
  accountId: id,
  toAccountId: id.nullable(),
  type,
  amount,
  description: text(255).min(1),
  frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  startDate: day,
  endDate: day.nullable(),
  nextDate: day.nullable(),
  lastGenerated: day.nullable(),
  /** Absent in files written before it existed: the item then shows lastGenerated. */
  lastBooked: day.nullable().optional(),
  skippedBefore: day.nullable(),
  /** Occurrences the user skipped (absent in files written before skipping existed: none). */
  skippedDates: z.array(day).max(1000).default([]),
  isActive: z.boolean(),
  /** A split item's lines in order (then `categoryId` is null); absent in files written before: none. */
  lines: z.array(line).max(SPLIT_LINES_MAX).default([]),
  /** The tags its generated rows get (ids of the file's `tags`); absent in files written before: none. */
  tagIds: z.array(id).max(TAG_LIMITS.perTransaction).default([]),
  createdAt: instant,
  updatedAt: instant,
});

/** A categorisation rule of the import: a posting whose text contains `contains` gets the category. */
const rule = z.object({
  id,
  contains: text(100).min(1),
  categoryId: id,
  /**
   * The rule's split (docs/imports.md): each line a category of the rule's type with a fixed
   * `amount` or a `percent` of what is left. Absent in files written before: no split.
   */
  split: z
    .array(
      z.object({
        categoryId: id,
        amount: amount.nullable(),
        percent: z.number().nullable(),
        note: text(255).nullable(),
      }),
    )
    .max(RULE_SPLIT_LINES_MAX)
    .nullable()
    .default(null),
  /** Tags the rule adds (ids of the file's `tags`); absent in files written before: none. */
  tagIds: z.array(id).max(TAG_LIMITS.perTransaction).default([]),
  createdAt: instant,
  updatedAt: instant,
});

/** A saved CSV mapping, recognised by its header row (its key is worked out again on restore). */
const importProfile = z.object({
  id,
  name: text(50).min(1),
  header: z.array(text(200)).min(1).max(200),
  options: importOptionsSchema,
  createdAt: instant,
  updatedAt: instant,
});

/** Two transactions that are one movement of money between two accounts. */
const transfer = z.object({
  id,
  outTransactionId: id,
  inTransactionId: id,
  outPreviousCategoryId: id.nullable(),
  inPreviousCategoryId: id.nullable(),
  matched: z.boolean(),
  /** Between two currencies (DESIGN §12): destination units per source unit; absent in older files. */
  rate: z
    .string()
    .regex(/^\d{1,18}(\.\d{1,12})?$/, 'a rate is a decimal number')
    .refine((r) => Number(r) > 0, 'a rate is more than zero')
    .nullable()
    .optional(),
  createdAt: instant,
});

/** A pair the user said is not a transfer. */
const transferRejection = z.object({ outTransactionId: id, inTransactionId: id, createdAt: instant });

const reconciliation = z.object({
  id,
  accountId: id,
  statementDate: day,
  statementBalance: signedAmount,
  state: z.enum(['open', 'done', 'broken']),
  difference: signedAmount,
  adjustmentTransactionId: id.nullable(),
  finishedAt: instant.nullable(),
  createdAt: instant,
});

/** The schema of each section's entries: the one list of fields for export and restore. */
export const entrySchemas = {
  account,
  category,
  transaction,
  budget,
  recurring,
  rule,
  importProfile,
  transfer,
  transferRejection,
  reconciliation,
  tag,
};

export const documentSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(CURRENT_VERSION),
  exportedAt: instant,
  settings,
  accounts: z.array(account).min(1),
  categories: z.array(category),
  transactions: z.array(transaction),
  budgets: z.array(budget),
  recurring: z.array(recurring),
  rules: z.array(rule),
  importProfiles: z.array(importProfile),
  transfers: z.array(transfer),
  transferRejections: z.array(transferRejection),
  reconciliations: z.array(reconciliation),
  /** Absent in files written before tags: none. At most the per-user cap (500). */
  tags: z.array(tag).max(TAG_LIMITS.perUser).default([]),
});
export type ExportDocument = z.infer<typeof documentSchema>;
export type ExportTransaction = z.infer<typeof transaction>;
export type ExportAccount = z.infer<typeof account>;
export type ExportReconciliation = z.infer<typeof reconciliation>;
export type ExportTag = z.infer<typeof tag>;
export type ExportLine = z.infer<typeof line>;

/** Version 3: no accounts, transfers or reconciliations; every transaction and item regular, in one pot. */
const v3Transaction = transaction
  .omit({ categoryId: true, accountId: true, kind: true, status: true, lines: true })
  .extend({
    categoryId: id,
  });
const v3Recurring = recurring.omit({ categoryId: true, accountId: true, toAccountId: true }).extend({ categoryId: id });
const v3Schema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(3),
  exportedAt: instant,
  settings,
  categories: z.array(category),
  transactions: z.array(v3Transaction),
  budgets: z.array(budget),
  recurring: z.array(v3Recurring),
  rules: z.array(rule),
  importProfiles: z.array(importProfile),
});
type ExportDocumentV3 = z.infer<typeof v3Schema>;

/** Version 2: version 3 without rules and import profiles. */
const v2Schema = v3Schema.omit({ version: true, rules: true, importProfiles: true }).extend({
  version: z.literal(2),
});
type ExportDocumentV2 = z.infer<typeof v2Schema>;

/** Version 2 → 3: no rules and no import profiles were exported. */
const upgradeV2 = (doc: ExportDocumentV2): ExportDocumentV3 => ({
  ...doc,
  version: 3,
  rules: [],
  importProfiles: [],
});

/** The one account a version 3 (or older) file restores into: the default "Main account". */
const V3_ACCOUNT_ID = 'main-account';

/**
 * Version 3 → 4: everything goes into one default account in the user's currency (checking, on
 * budget); transactions are regular and not yet cleared; no transfers or reconciliations.
 */
export const upgradeV3 = (doc: ExportDocumentV3): ExportDocument => ({
  ...doc,
  version: CURRENT_VERSION,
  accounts: [
    {
      id: V3_ACCOUNT_ID,
      name: DEFAULT_ACCOUNT_NAME,
      kind: 'checking',
      currency: doc.settings.currency,
      onBudget: true,
      inNetWorth: true,
      isDefault: true,
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
      importIds: [],
      closedAt: null,
      createdAt: doc.exportedAt,
      updatedAt: doc.exportedAt,
    },
  ],
  transactions: doc.transactions.map((t) => ({
    ...t,
    accountId: V3_ACCOUNT_ID,
    kind: 'regular' as const,
    status: 'uncleared' as const,
    tagIds: [],
    lines: [],
  })),
  recurring: doc.recurring.map((r) => ({ ...r, accountId: V3_ACCOUNT_ID, toAccountId: null })),
  transfers: [],
  transferRejections: [],
  reconciliations: [],
  tags: [],
});

type Stamped = { createdAt: string; updatedAt: string };
/** A section entry as the values a table takes: no id (a new one is made), cents, Dates. */
export type Restored<T> = {
  [K in keyof T as K extends 'id' ? never : K extends 'amount' ? 'amountCents' : K]: K extends 'amount'
    ? number
    : K extends keyof Stamped
      ? Date
      : T[K];
};

/**
 * A table row as an entry of its section, field by field as the section's schema lists them:
 * `amount` from the row's cents as the format's decimal string, Dates as ISO instants.
 */
export function toEntry<S extends z.ZodObject>(schema: S, row: object): z.output<S> {
  const source = row as Record<string, unknown>;
  const entry: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = key === 'amount' ? formatAmount(source.amountCents as number) : source[key];
    entry[key] = value instanceof Date ? value.toISOString() : value;
  }
  return entry as z.output<S>;
}

/** The inverse of `toEntry` for restoring: every field but the id, amounts in cents, times as Dates. */
export function fromEntry<T extends { id: string } & Stamped>(entry: T): Restored<T> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'id') continue;
    if (key === 'amount') values.amountCents = parseAmount(value);
    else if (key === 'createdAt' || key === 'updatedAt') values[key] = new Date(value);
    else values[key] = value;
  }
  return values as Restored<T>;
}

/** Version 1, as written by the first export: kept so its files still restore. */
const v1Amount = z.number().refine((v) => toCents(v) !== null, 'must be an amount such as 12.34');
const v1Schema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  exportedAt: instant,
  settings,
  categories: z.array(category.omit({ createdAt: true, updatedAt: true })),
  transactions: z.array(
    v3Transaction.omit({ createdAt: true, updatedAt: true, amount: true, receipt: true }).extend({
      amount: v1Amount,
      receipt: z
        .string()
        .regex(/^receipts\/[A-Za-z0-9_.-]{1,100}$/)
        .nullable(),
    }),
  ),
  budgets: z.array(budget.omit({ createdAt: true, updatedAt: true, amount: true }).extend({ amount: v1Amount })),
  recurring: z.array(
    v3Recurring
      .omit({ createdAt: true, updatedAt: true, amount: true, skippedBefore: true })
      .extend({ amount: v1Amount }),
  ),
});
export type ExportDocumentV1 = z.infer<typeof v1Schema>;

const MIME_BY_EXTENSION: Record<string, 'image/jpeg' | 'image/png' | 'image/webp'> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Cents as the decimal string of the format. */
export const formatAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
export const parseAmount = (value: string) => toCents(value)!;
/** A signed amount of the format ("-12.50", "0.00") in cents. */
export const parseSignedAmount = (value: string) => toSignedCents(value)!;
/** Signed cents as the format's decimal string. */
export const formatSignedAmount = (cents: number) => (cents < 0 ? `-${formatAmount(-cents)}` : formatAmount(cents));

/**
 * Version 1 → 2: amounts become decimal strings, timestamps are the export's time (v1 had
 * none), `skippedBefore` is unknown (null: nothing was skipped), receipts name their type.
 */
export function upgradeV1(doc: ExportDocumentV1): ExportDocumentV2 {
  const at = doc.exportedAt;
  const stamp = { createdAt: at, updatedAt: at };
  const money = (v: number) => formatAmount(toCents(v)!);
  return {
    format: FORMAT,
    version: 2,
    exportedAt: at,
    settings: doc.settings,
    categories: doc.categories.map((c) => ({ ...c, ...stamp })),
    transactions: doc.transactions.map((t) => {
      const ext = t.receipt?.split('.').pop()?.toLowerCase() ?? '';
      const mime = MIME_BY_EXTENSION[ext] ?? 'image/jpeg';
      return { ...t, ...stamp, amount: money(t.amount), receipt: t.receipt ? { file: t.receipt, mime } : null };
    }),
    budgets: doc.budgets.map((b) => ({ ...b, ...stamp, amount: money(b.amount) })),
    recurring: doc.recurring.map((r) => ({ ...r, ...stamp, amount: money(r.amount), skippedBefore: null })),
  };
}

export class DocumentError extends Error {}

/** Where an issue is, as `.field[2].sub` (empty for the value itself). */
export const issuePath = (issue: z.core.$ZodIssue) =>
  issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');

const describe = (issue: z.core.$ZodIssue) => `${issuePath(issue).replace(/^\./, '')}: ${issue.message}`;

/**
 * The document of any known version, checked against the format and upgraded; throws
 * DocumentError saying what is wrong. A restore also holds it to the API's rules and checks its
 * references (restore.rules.ts).
 */
export function readDocument(raw: unknown): ExportDocument {
  const head = z.object({ format: z.literal(FORMAT), version: z.number().int() }).safeParse(raw);
  if (!head.success) throw new DocumentError('ledgerly.json is not a Ledgerly export');
  const { version } = head.data;
  if (version > CURRENT_VERSION) throw new DocumentError(`Export version ${version} is newer than this server reads`);
  let doc: ExportDocument;
  if (version === 1) {
    const parsed = v1Schema.safeParse(raw);
    if (!parsed.success) throw new DocumentError(describe(parsed.error.issues[0]!));
    doc = upgradeV3(upgradeV2(upgradeV1(parsed.data)));
  } else if (version === 2) {
    const parsed = v2Schema.safeParse(raw);
    if (!parsed.success) throw new DocumentError(describe(parsed.error.issues[0]!));
    doc = upgradeV3(upgradeV2(parsed.data));
  } else if (version === 3) {
    const parsed = v3Schema.safeParse(raw);
    if (!parsed.success) throw new DocumentError(describe(parsed.error.issues[0]!));
    doc = upgradeV3(parsed.data);
  } else {
    const parsed = documentSchema.safeParse(raw);
    if (!parsed.success) throw new DocumentError(describe(parsed.error.issues[0]!));
    doc = parsed.data;
  }
  return doc;
}

/** Ids unique per section, every reference pointing at a row of the file with the right type. */
export function checkReferences(doc: ExportDocument): void {
  const sections: Record<string, readonly { id: string }[]> = {
    accounts: doc.accounts,
    transfers: doc.transfers,
    reconciliations: doc.reconciliations,
    tags: doc.tags,
    categories: doc.categories,
    transactions: doc.transactions,
    budgets: doc.budgets,
    recurring: doc.recurring,
    rules: doc.rules,
    importProfiles: doc.importProfiles,
  };
  for (const [name, rows] of Object.entries(sections)) {
    if (new Set(rows.map((r) => r.id)).size !== rows.length) {
      throw new DocumentError(`${name}: the same id appears twice`);
    }
  }
  const categoryType = new Map(doc.categories.map((c) => [c.id, c.type]));
  const names = new Set<string>();
  doc.categories.forEach((c) => {
    const key = `${c.type}|${c.name.toLowerCase()}`;
    if (names.has(key)) throw new DocumentError(`categories: "${c.name}" appears twice`);
    names.add(key);
  });
  const needCategory = (where: string, categoryId: string, wanted: 'expense' | 'income') => {
    const found = categoryType.get(categoryId);
    if (!found) throw new DocumentError(`${where}.categoryId: no such category in the file`);
    if (found !== wanted) throw new DocumentError(`${where}.categoryId: the category is for ${found}`);
  };
  const accountIds = new Set(doc.accounts.map((a) => a.id));
  const accountNames = new Set<string>();
  doc.accounts.forEach((a) => {
    const key = a.name.toLowerCase();
    if (accountNames.has(key)) throw new DocumentError(`accounts: "${a.name}" appears twice`);
    accountNames.add(key);
  });
  if (doc.accounts.filter((a) => a.isDefault).length !== 1) {
    throw new DocumentError('accounts: exactly one account must be the default');
  }
  if (!doc.accounts.some((a) => !a.closedAt)) throw new DocumentError('accounts: at least one must be open');
  const needAccount = (where: string, accountId: string) => {
    if (!accountIds.has(accountId)) throw new DocumentError(`${where}: no such account in the file`);
  };
  const recurringIds = new Set(doc.recurring.map((r) => r.id));
  const occurrences = new Set<string>();
  const files = new Set<string>();
  doc.transactions.forEach((t, i) => {
    needAccount(`transactions[${i}].accountId`, t.accountId);
    if (t.lines.length && (t.kind !== 'regular' || t.categoryId !== null)) {
      throw new DocumentError(`transactions[${i}].lines: only a regular row without a category is split`);
    }
    t.lines.forEach((l, j) => needCategory(`transactions[${i}].lines[${j}]`, l.categoryId, l.type));
    if (t.categoryId !== null) needCategory(`transactions[${i}]`, t.categoryId, t.type);
    else if (t.kind === 'regular' && !t.lines.length) {
      throw new DocumentError(`transactions[${i}].categoryId: a regular row needs one (or lines)`);
    }
    if (t.categoryId !== null && (t.kind === 'opening' || t.kind === 'adjustment')) {
      throw new DocumentError(`transactions[${i}].categoryId: an ${t.kind} row has none`);
    }
    if (t.recurringId !== null) {
      if (!recurringIds.has(t.recurringId)) throw new DocumentError(`transactions[${i}].recurringId: no such item`);
      const key = `${t.recurringId}|${t.occurrenceDate ?? ''}`;
      if (t.occurrenceDate && occurrences.has(key)) {
        throw new DocumentError(`transactions[${i}]: the same occurrence appears twice`);
      }
      occurrences.add(key);
    }
    if (t.receipt) {
      if (files.has(t.receipt.file)) throw new DocumentError(`transactions[${i}].receipt: file used twice`);
      files.add(t.receipt.file);
    }
  });
  const budgetKeys = new Set<string>();
  doc.budgets.forEach((b, i) => {
    needCategory(`budgets[${i}]`, b.categoryId, 'expense');
    const key = `${b.categoryId}|${b.period}`;
    if (budgetKeys.has(key)) throw new DocumentError(`budgets[${i}]: a second ${b.period} budget for one category`);
    budgetKeys.add(key);
  });
  doc.recurring.forEach((r, i) => {
    needAccount(`recurring[${i}].accountId`, r.accountId);
    if (r.toAccountId !== null) {
      needAccount(`recurring[${i}].toAccountId`, r.toAccountId);
      if (r.toAccountId === r.accountId) throw new DocumentError(`recurring[${i}].toAccountId: the same account`);
      if (r.categoryId !== null) throw new DocumentError(`recurring[${i}].categoryId: a transfer has none`);
      if (r.lines.length) throw new DocumentError(`recurring[${i}].lines: a transfer cannot be split`);
      if (r.tagIds.length) throw new DocumentError(`recurring[${i}].tagIds: a transfer has none`);
    } else if (r.lines.length) {
      if (r.categoryId !== null) throw new DocumentError(`recurring[${i}].lines: a split item has no category`);
      r.lines.forEach((l, j) => needCategory(`recurring[${i}].lines[${j}]`, l.categoryId, l.type));
    } else if (r.categoryId === null) {
      throw new DocumentError(`recurring[${i}].categoryId: no category`);
    } else needCategory(`recurring[${i}]`, r.categoryId, r.type);
    r.tagIds.forEach((g, j) => {
      if (!doc.tags.some((x) => x.id === g))
        throw new DocumentError(`recurring[${i}].tagIds[${j}]: no such tag in the file`);
    });
    if (r.endDate && r.endDate < r.startDate) throw new DocumentError(`recurring[${i}].endDate: before the start date`);
  });
  doc.rules.forEach((r, i) => {
    if (!categoryType.has(r.categoryId))
      throw new DocumentError(`rules[${i}].categoryId: no such category in the file`);
    const ruleType = categoryType.get(r.categoryId)!;
    (r.split ?? []).forEach((l, j) => needCategory(`rules[${i}].split[${j}]`, l.categoryId, ruleType));
    r.tagIds.forEach((g, j) => {
      if (!doc.tags.some((x) => x.id === g))
        throw new DocumentError(`rules[${i}].tagIds[${j}]: no such tag in the file`);
    });
  });
  const txById = new Map(doc.transactions.map((t) => [t.id, t]));
  const legs = new Set<string>();
  doc.transfers.forEach((tr, i) => {
    const out = txById.get(tr.outTransactionId);
    const into = txById.get(tr.inTransactionId);
    if (!out || !into) throw new DocumentError(`transfers[${i}]: no such transaction in the file`);
    if (out.kind !== 'transfer' || into.kind !== 'transfer' || out.type !== 'expense' || into.type !== 'income') {
      throw new DocumentError(`transfers[${i}]: its rows are not the two legs of a transfer`);
    }
    if (out.accountId === into.accountId) throw new DocumentError(`transfers[${i}]: both legs in one account`);
    for (const leg of [tr.outTransactionId, tr.inTransactionId]) {
      if (legs.has(leg)) throw new DocumentError(`transfers[${i}]: a transaction in two transfers`);
      legs.add(leg);
    }
  });
  doc.transactions.forEach((t, i) => {
    if (t.kind === 'transfer' && !legs.has(t.id))
      throw new DocumentError(`transactions[${i}]: a transfer leg without its transfer`);
  });
  doc.transferRejections.forEach((r, i) => {
    if (!txById.has(r.outTransactionId) || !txById.has(r.inTransactionId)) {
      throw new DocumentError(`transferRejections[${i}]: no such transaction in the file`);
    }
  });
  doc.reconciliations.forEach((r, i) => {
    needAccount(`reconciliations[${i}].accountId`, r.accountId);
    if (r.adjustmentTransactionId !== null && txById.get(r.adjustmentTransactionId)?.kind !== 'adjustment') {
      throw new DocumentError(`reconciliations[${i}].adjustmentTransactionId: no such adjustment in the file`);
    }
  });
  const tagNames = new Set<string>();
  doc.tags.forEach((g, i) => {
    const key = g.name.trim().toLowerCase();
    if (tagNames.has(key)) throw new DocumentError(`tags[${i}].name: two tags named "${g.name}"`);
    tagNames.add(key);
  });
  const tagIds = new Set(doc.tags.map((g) => g.id));
  doc.transactions.forEach((t, i) => {
    if (new Set(t.tagIds).size !== t.tagIds.length)
      throw new DocumentError(`transactions[${i}].tagIds: a tag named twice`);
    for (const tagId of t.tagIds) {
      if (!tagIds.has(tagId)) throw new DocumentError(`transactions[${i}].tagIds: no such tag in the file`);
    }
  });
  const within = (v: string) => parseAmount(v) <= MAX_AMOUNT_CENTS;
  const lines = doc.transactions.flatMap((t) => t.lines);
  if (![...doc.transactions, ...lines, ...doc.budgets, ...doc.recurring].every((x) => within(x.amount))) {
    throw new DocumentError('An amount is too large');
  }
}
