import { sql } from 'drizzle-orm';
import type { AccountKind, TransactionKind, TransactionStatus } from '@ledgerly/shared';
import {
  bigint,
  boolean,
  check,
  date,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money in integer cents. */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    timezone: text('timezone').notNull().default('UTC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** As the browser sent it at sign-in; shown parsed in the sessions list. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /** Updated at most once a minute (see plugins/auth-cache.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    type: text('type').$type<'expense' | 'income'>().notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    icon: text('icon').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('categories_type_check', sql`${t.type} in ('expense', 'income')`),
    uniqueIndex('categories_user_type_name_key').on(t.userId, t.type, sql`lower(${t.name})`),
    // Target of the composite foreign keys that pin a row to its owner's category of the right type.
    unique('categories_user_id_type_key').on(t.userId, t.id, t.type),
  ],
);

const ACCOUNT_KIND_LIST = sql.raw(
  "'checking', 'savings', 'cash', 'credit_card', 'line_of_credit', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'other_asset', 'other_liability'",
);

/** A place where money sits (DESIGN §10). Every user has at least one open one and exactly one default. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    kind: text('kind').$type<AccountKind>().notNull(),
    /** Follows from the kind: cards, lines of credit, loans, mortgages and other liabilities owe. */
    class: text('class')
      .$type<'asset' | 'liability'>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when kind in ('credit_card', 'line_of_credit', 'loan', 'mortgage', 'other_liability') then 'liability' else 'asset' end`,
      ),
    currency: varchar('currency', { length: 3 }).notNull(),
    onBudget: boolean('on_budget').notNull(),
    inNetWorth: boolean('in_net_worth').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    statementDay: integer('statement_day'),
    dueDay: integer('due_day'),
    institution: varchar('institution', { length: 64 }),
    mask: varchar('mask', { length: 4 }),
    iban: varchar('iban', { length: 34 }),
    icon: varchar('icon', { length: 32 }),
    color: varchar('color', { length: 7 }),
    sortOrder: integer('sort_order').notNull().default(0),
    openingDate: date('opening_date', { mode: 'string' }),
    /** Account identities of statement files (OFX ACCTID, CAMT IBAN, a CSV account column) imported into it. */
    importIds: text('import_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The closing balance the last imported statement stated, and its date (a balance check). */
    checkDate: date('check_date', { mode: 'string' }),
    checkBalanceCents: bigint('check_balance_cents', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('accounts_kind_check', sql`${t.kind} in (${ACCOUNT_KIND_LIST})`),
    check(
      'accounts_days_check',
      sql`coalesce(${t.statementDay}, 1) between 1 and 31 and coalesce(${t.dueDay}, 1) between 1 and 31`,
    ),
    uniqueIndex('accounts_user_name_key').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('accounts_user_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    // Target of the composite foreign keys that pin a row to its owner's account.
    unique('accounts_user_id_key').on(t.userId, t.id),
  ],
);

export const recurringTransactions = pgTable(
  'recurring_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only on a recurring transfer (it has `toAccountId`). */
    categoryId: uuid('category_id'),
    type: text('type').$type<'expense' | 'income'>().notNull(),
    amountCents: cents('amount_cents'),
    description: varchar('description', { length: 255 }).notNull(),
    accountId: uuid('account_id').notNull(),
    /** Set on a recurring transfer: each occurrence moves the amount from `accountId` to here. */
    toAccountId: uuid('to_account_id'),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly' | 'yearly'>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** First occurrence not generated yet; null once the series has ended. */
    nextDate: date('next_date', { mode: 'string' }),
    /** The last generated occurrence: where the schedule stands (never generated again). */
    lastGenerated: date('last_generated', { mode: 'string' }),
    /**
     * The date the last generated transaction was booked: the occurrence's own date, or the day
     * of an early "Generate" of a future occurrence. The card's "Last generated" shows this.
     */
    lastBooked: date('last_booked', { mode: 'string' }),
    /**
     * Set when a paused item is resumed: occurrences before this date fell due while it was
     * paused and stay skipped, whatever later edits do to the schedule.
     */
    skippedBefore: date('skipped_before', { mode: 'string' }),
    /**
     * Occurrences the user chose to skip (YYYY-MM-DD, ascending): never generated. Kept while
     * they come after lastGenerated; older ones are pruned when the schedule advances.
     */
    skippedDates: text('skipped_dates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * A split item's lines (then no category), copied onto each generated row
     * (docs/recurring.md): [{categoryId, type, amountCents, note}], adding up to the item.
     */
    lines:
      jsonb('lines').$type<
        { categoryId: string; type: 'expense' | 'income'; amountCents: number; note: string | null }[]
      >(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('recurring_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('recurring_type_check', sql`${t.type} in ('expense', 'income')`),
    check('recurring_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'monthly', 'yearly')`),
    check('recurring_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    foreignKey({
      name: 'recurring_category_fk',
      columns: [t.userId, t.categoryId, t.type],
      foreignColumns: [categories.userId, categories.id, categories.type],
    }).onDelete('restrict'),
    foreignKey({
      name: 'recurring_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    foreignKey({
      name: 'recurring_to_account_fk',
      columns: [t.userId, t.toAccountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    check(
      'recurring_transfer_check',
      sql`(${t.toAccountId} is null) = (${t.categoryId} is not null or ${t.lines} is not null) and (${t.categoryId} is null or ${t.lines} is null) and ${t.toAccountId} is distinct from ${t.accountId}`,
    ),
    index('recurring_user_idx').on(t.userId, t.createdAt),
    index('recurring_due_idx')
      .on(t.nextDate)
      .where(sql`${t.isActive} and ${t.nextDate} is not null`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const IMPORT_BATCH_STATUSES = ['preview', 'importing', 'committed', 'reverted', 'failed'] as const;
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'possible-duplicate', 'error'] as const;

/** One uploaded statement file: its preview, then its commit and perhaps its undo (DESIGN §7). */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<'csv' | 'ofx' | 'qif' | 'camt'>().notNull(),
    status: text('status').$type<(typeof IMPORT_BATCH_STATUSES)[number]>().notNull().default('preview'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    needsReview: jsonb('needs_review').$type<string[]>().notNull().default([]),
    /** A CSV file's header row, to choose column roles from. */
    header: jsonb('header').$type<string[]>(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    /** The uploaded bytes, kept while in preview so new options can re-read them; cleared on commit. */
    fileData: bytea('file_data'),
    /** The account the statement goes into; null until chosen (a user with several accounts picks it). */
    accountId: uuid('account_id'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('import_batches_user_id_key').on(t.userId, t.id),
    check(
      'import_batches_status_check',
      sql`${t.status} in ('preview', 'importing', 'committed', 'reverted', 'failed')`,
    ),
    check('import_batches_format_check', sql`${t.format} in ('csv', 'ofx', 'qif', 'camt')`),
    index('import_batches_user_created_idx').on(t.userId, t.createdAt),
    foreignKey({
      name: 'import_batches_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
  ],
);

/** The postings read from a batch's file, exactly as previewed; the commit imports these. */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: uuid('batch_id').notNull(),
    idx: integer('idx').notNull(),
    userId: uuid('user_id').notNull(),
    date: date('date', { mode: 'string' }),
    /** Signed: positive is money in. Null when the file's amount could not be read. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    description: text('description').notNull().default(''),
    payee: text('payee'),
    account: text('account'),
    externalId: text('external_id'),
    /** Bank id or fingerprint (with occurrence number); unique per user once imported. */
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<(typeof IMPORT_ROW_STATUSES)[number]>().notNull(),
    skipped: boolean('skipped').notNull().default(false),
    message: text('message'),
    categoryId: uuid('category_id'),
    suggestedBy: text('suggested_by').$type<'rule' | 'history' | 'file' | 'fallback' | 'user'>(),
    /** A possible duplicate's nearest existing transaction (same amount and type, within the near-match days). */
    matchId: uuid('match_id'),
    /** Set by "Same as …": the commit gives this existing transaction the row's dedupe key instead of importing it. */
    linkedId: uuid('linked_id'),
    /** The file's own category name for the posting (QIF `L`, a CSV category column), trimmed. */
    fileCategory: text('file_category'),
    /** Lines a rule split the row into ([{categoryId, type, amountCents, note}]); null: not split. */
    lines:
      jsonb('lines').$type<
        { categoryId: string; type: 'expense' | 'income'; amountCents: number; note: string | null }[]
      >(),
    /** Why the rule's split did not apply to this row. */
    splitMessage: text('split_message'),
    /** Tags the matching rule adds at commit. */
    tagIds: uuid('tag_ids').array(),
    /** The id the commit gives the row's transaction (set for rows with lines or tags, to attach them). */
    transactionId: uuid('transaction_id'),
  },
  (t) => [
    primaryKey({ name: 'import_rows_pkey', columns: [t.batchId, t.idx] }),
    check('import_rows_status_check', sql`${t.status} in ('new', 'duplicate', 'possible-duplicate', 'error')`),
    foreignKey({
      name: 'import_rows_batch_fk',
      columns: [t.userId, t.batchId],
      foreignColumns: [importBatches.userId, importBatches.id],
    }).onDelete('cascade'),
  ],
);

/** Bank ids and fingerprints already imported, so the same posting never imports twice. */
export const importKeys = pgTable(
  'import_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    batchId: uuid('batch_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'import_keys_pkey', columns: [t.userId, t.key] }),
    foreignKey({
      name: 'import_keys_batch_fk',
      columns: [t.userId, t.batchId],
      foreignColumns: [importBatches.userId, importBatches.id],
    }).onDelete('cascade'),
    index('import_keys_batch_idx').on(t.batchId),
  ],
);

/** Categorisation rules: a posting whose text contains `contains` gets `categoryId`. */
export const importRules = pgTable(
  'import_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contains: varchar('contains', { length: 100 }).notNull(),
    categoryId: uuid('category_id').notNull(),
    /** The rule's split ([{categoryId, amountCents | basisPoints, note}]), null when it does not split. */
    split:
      jsonb('split').$type<
        { categoryId: string; amountCents: number | null; basisPoints: number | null; note: string | null }[]
      >(),
    /** The order rules are tried in (lowest first); ties by creation. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'import_rules_category_fk', columns: [t.categoryId], foreignColumns: [categories.id] }).onDelete(
      'cascade',
    ),
    index('import_rules_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Saved CSV mappings, recognised by the file's header row. */
export const importProfiles = pgTable(
  'import_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    /** The header row normalised (trimmed, lower case, joined by a unit separator). */
    headerKey: text('header_key').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('import_profiles_user_header_idx').on(t.userId, t.headerKey)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Required on regular rows; null on transfer legs (unless one leaves the budget), opening and adjustment rows. */
    categoryId: uuid('category_id'),
    /** The direction for the account: income = money in, expense = money out. */
    type: text('type').$type<'expense' | 'income'>().notNull(),
    amountCents: cents('amount_cents'),
    description: varchar('description', { length: 255 }),
    date: date('date', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    kind: text('kind').$type<TransactionKind>().notNull().default('regular'),
    status: text('status').$type<TransactionStatus>().notNull().default('uncleared'),
    /** Id of the encrypted receipt files under DATA_DIR/receipts; null without a receipt. */
    receiptKey: uuid('receipt_key'),
    receiptMime: text('receipt_mime'),
    recurringId: uuid('recurring_id').references(() => recurringTransactions.id, { onDelete: 'set null' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    /** The statement import that created it (reverting the import removes it); null otherwise. */
    importBatchId: uuid('import_batch_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transactions_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('transactions_type_check', sql`${t.type} in ('expense', 'income')`),
    check('transactions_kind_check', sql`${t.kind} in ('regular', 'transfer', 'opening', 'adjustment')`),
    check('transactions_status_check', sql`${t.status} in ('pending', 'uncleared', 'cleared', 'reconciled')`),
    // A regular row has a category, or none when it is split into lines (DESIGN §11): the
    // deferred trigger transaction_lines_verify (migration 0027) holds the second half.
    check(
      'transactions_category_check',
      sql`case ${t.kind} when 'regular' then true when 'transfer' then true else ${t.categoryId} is null end`,
    ),
    foreignKey({
      name: 'transactions_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    foreignKey({
      name: 'transactions_category_fk',
      columns: [t.userId, t.categoryId, t.type],
      foreignColumns: [categories.userId, categories.id, categories.type],
    }).onDelete('restrict'),
    // Target of the composite foreign keys that pin a row's tags to its owner (transaction_tags).
    // The id first (migration 0033): led by the user, it was the narrowest index of a user's rows,
    // and a planner that believes a new user has one row chose it for lookups by user and amount
    // (transfer matching) and walked every row of the user per lookup.
    unique('transactions_id_user_key').on(t.id, t.userId),
    foreignKey({
      name: 'transactions_import_batch_fk',
      columns: [t.userId, t.importBatchId],
      foreignColumns: [importBatches.userId, importBatches.id],
    }),
    index('transactions_import_batch_idx')
      .on(t.importBatchId)
      .where(sql`${t.importBatchId} is not null`),
    // Exactly-once generation of recurring occurrences.
    uniqueIndex('transactions_recurring_occurrence_key').on(t.recurringId, t.occurrenceDate),
    // Newest-first paging and date-range filters.
    index('transactions_user_date_idx').on(t.userId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    index('transactions_user_type_date_idx').on(t.userId, t.type, t.date),
    index('transactions_user_category_date_idx').on(t.userId, t.categoryId, t.date),
    // Rows that are neither income nor expense (transfers, opening and adjustment rows): counted
    // beside the rollups, which keep only rows with a category.
    index('transactions_user_uncategorized_idx')
      .on(t.userId, t.date)
      .where(sql`${t.categoryId} is null`),
    // An account's register (newest first, keyset) and its balance by day.
    index('transactions_account_date_idx').on(t.accountId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    // Amount search ("14.50" finds $14.50): an equality or a one-dollar range on the amount; and
    // transfer matching's candidates, an amount within a few days of a date (the date in the
    // index: only the rows in the window are fetched, not every row of that amount).
    index('transactions_user_amount_date_idx').on(t.userId, t.amountCents, t.date),
    // Description search (`ilike '%text%'`); needs the pg_trgm extension, which migration 0007
    // creates (drizzle-kit does not manage extensions).
    index('transactions_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // Target of the split lines' foreign key: a line carries its row's account and date, kept
    // equal by ON UPDATE CASCADE, so the lines' rollup triggers need no join (docs/splits.md).
    unique('transactions_line_key').on(t.id, t.userId, t.accountId, t.date),
  ],
);

/**
 * The lines of a split transaction (DESIGN §11): two or more, each a category, an amount, a type
 * and a note; their signed amounts add up to the row's (a deferred constraint trigger of
 * migration 0027 checks it at commit). `accountId` and `date` are the row's, copied by the
 * foreign key's ON UPDATE CASCADE: the rollups count each line in its category on its row's day.
 */
export const transactionLines = pgTable(
  'transaction_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The line's place in its row (0, 1, …): answers keep the order the user gave. */
    position: integer('position').notNull(),
    categoryId: uuid('category_id').notNull(),
    type: text('type').$type<'expense' | 'income'>().notNull(),
    amountCents: cents('amount_cents'),
    note: varchar('note', { length: 255 }),
  },
  (t) => [
    check('transaction_lines_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('transaction_lines_type_check', sql`${t.type} in ('expense', 'income')`),
    foreignKey({
      name: 'transaction_lines_transaction_fk',
      columns: [t.transactionId, t.userId, t.accountId, t.date],
      foreignColumns: [transactions.id, transactions.userId, transactions.accountId, transactions.date],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'transaction_lines_category_fk',
      columns: [t.userId, t.categoryId, t.type],
      foreignColumns: [categories.userId, categories.id, categories.type],
    }).onDelete('restrict'),
    uniqueIndex('transaction_lines_position_key').on(t.transactionId, t.position),
    // A category's lines (its usage, a move to another category, the list's category filter).
    index('transaction_lines_user_category_date_idx').on(t.userId, t.categoryId, t.date),
    index('transaction_lines_user_date_idx').on(t.userId, t.date),
  ],
);

/**
 * Sums and counts of a user's transactions per day and per month, by type and category, written
 * only by the triggers of migration 0003 in the same database transaction as every change to
 * `transactions` (docs/performance.md). Never written by code; read by analytics, budgets and the
 * list's counts through db/totals.ts. A row exists only while its count is above zero.
 */
const totalsColumns = () => ({
  userId: uuid('user_id').notNull(),
  type: text('type').$type<'expense' | 'income'>().notNull(),
  categoryId: uuid('category_id').notNull(),
  accountId: uuid('account_id').notNull(),
  totalCents: cents('total_cents'),
  count: bigint('tx_count', { mode: 'number' }).notNull(),
});

export const dailyTotals = pgTable(
  'transaction_daily_totals',
  { ...totalsColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ name: 'transaction_daily_totals_pk', columns: [t.userId, t.day, t.type, t.categoryId, t.accountId] }),
  ],
);

/** `month` is the first day of the month. */
export const monthlyTotals = pgTable(
  'transaction_monthly_totals',
  { ...totalsColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [
    primaryKey({
      name: 'transaction_monthly_totals_pk',
      columns: [t.userId, t.month, t.type, t.categoryId, t.accountId],
    }),
  ],
);

/**
 * Per account and day: the signed sum of its rows (money in positive), of its cleared and
 * reconciled rows, and how many rows. Written only by the triggers of migration 0015 in the same
 * database transaction as every change to `transactions`; a balance as of a date is the sum of
 * the days up to it, so it costs days, not transactions.
 */
export const accountDailyBalances = pgTable(
  'account_daily_balances',
  {
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    deltaCents: cents('delta_cents'),
    clearedDeltaCents: cents('cleared_delta_cents'),
    count: bigint('tx_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'account_daily_balances_pk', columns: [t.accountId, t.day] })],
);

/**
 * The same per account and month (`month` is the month's first day), kept by the same trigger
 * function (migration 0020): net worth, the accounts' current balances and the register's row
 * count read months × accounts instead of days × accounts.
 */
export const accountMonthlyBalances = pgTable(
  'account_monthly_balances',
  {
    accountId: uuid('account_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    deltaCents: cents('delta_cents'),
    clearedDeltaCents: cents('cleared_delta_cents'),
    count: bigint('tx_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'account_monthly_balances_pk', columns: [t.accountId, t.month] })],
);

/** Two rows that are one movement of money: `out` leaves one account, `in` enters another. */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outTransactionId: uuid('out_transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    inTransactionId: uuid('in_transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The legs' categories before they were linked, given back if the link is undone. */
    outPreviousCategoryId: uuid('out_previous_category_id'),
    inPreviousCategoryId: uuid('in_previous_category_id'),
    /** Set when transfer matching linked the pair (rather than the form or the user). */
    matched: boolean('matched').notNull().default(false),
    /**
     * Between two currencies (DESIGN §12): units of the in leg's currency per one unit of the out
     * leg's, as the user gave it or as the two amounts imply it; null when they share a currency.
     */
    rate: numeric('rate', { precision: 30, scale: 12 }),
    createdAt: createdAt(),
  },
  (t) => [index('transfers_user_idx').on(t.userId), check('transfers_rate_check', sql`${t.rate} > 0`)],
);

/** A pair the user said is not a transfer: never suggested again. */
export const transferRejections = pgTable(
  'transfer_rejections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outTransactionId: uuid('out_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    inTransactionId: uuid('in_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'transfer_rejections_pk', columns: [t.outTransactionId, t.inTransactionId] }),
    index('transfer_rejections_in_idx').on(t.inTransactionId),
  ],
);

/** A statement checked against an account (DESIGN §10 "Reconciliation"). */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    statementBalanceCents: cents('statement_balance_cents'),
    state: text('state').$type<'open' | 'done' | 'broken'>().notNull().default('open'),
    /** Statement balance minus the cleared balance as of the statement date (0 when done). */
    differenceCents: cents('difference_cents').default(0),
    adjustmentTransactionId: uuid('adjustment_transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reconciliations_state_check', sql`${t.state} in ('open', 'done', 'broken')`),
    foreignKey({
      name: 'reconciliations_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }).onDelete('cascade'),
    index('reconciliations_account_idx').on(t.accountId, t.statementDate),
    // One open reconciliation per account: two starts at once restate one (ON CONFLICT).
    uniqueIndex('reconciliations_one_open_key')
      .on(t.accountId)
      .where(sql`${t.state} = 'open'`),
  ],
);

export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    /** Always 'expense': lets the composite key refuse budgets on income categories. */
    categoryType: text('category_type').notNull().default('expense'),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    amountCents: cents('amount_cents'),
    /** Carry over unspent amount: past periods' leftovers add to the current one (docs/budgets.md). */
    rollover: boolean('rollover').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('budgets_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('budgets_period_check', sql`${t.period} in ('monthly', 'yearly')`),
    check('budgets_category_type_check', sql`${t.categoryType} = 'expense'`),
    foreignKey({
      name: 'budgets_category_fk',
      columns: [t.userId, t.categoryId, t.categoryType],
      foreignColumns: [categories.userId, categories.id, categories.type],
    }).onDelete('cascade'),
    uniqueIndex('budgets_user_category_period_key').on(t.userId, t.categoryId, t.period),
  ],
);

/**
 * A budget's spending crossed 70 % or 100 % in a period (docs/budgets.md, "Alerts"): raised once
 * per budget, period and threshold (the unique index), then read and perhaps dismissed.
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    budgetId: uuid('budget_id').notNull(),
    /** First day of the month or year the crossing happened in. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    threshold: integer('threshold').$type<70 | 100>().notNull(),
    /** Spending of the period on the day it crossed, and the amount it was measured against. */
    spentCents: cents('spent_cents'),
    budgetCents: cents('budget_cents'),
    /** The day the period's spending reached the threshold. */
    crossedOn: date('crossed_on', { mode: 'string' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('budget_alerts_threshold_check', sql`${t.threshold} in (70, 100)`),
    foreignKey({ name: 'budget_alerts_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
    foreignKey({ name: 'budget_alerts_budget_fk', columns: [t.budgetId], foreignColumns: [budgets.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('budget_alerts_once_key').on(t.userId, t.budgetId, t.periodStart, t.threshold),
    index('budget_alerts_budget_idx').on(t.budgetId),
  ],
);

/** A user's TOTP secret (encrypted with the app secret); enabled once a first code was verified. */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step whose code was accepted: a code is never accepted twice. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** The second step of a sign-in with two-factor on: single use, a few attempts, minutes long. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId)],
);

/**
 * "Forgot password?" links (docs/security.md, "Password reset"): stored by the SHA-256 of their
 * token, never the token; single use (used_at), and refused after expires_at.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId), index('password_resets_expires_at_idx').on(t.expiresAt)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'write')`),
    index('api_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Sign-in rate-limit counters (fixed windows), shared by every instance on the database. Keys
 * are SHA-256 hashes of `kind:value` (an address, an email and address, an email), so no email
 * or address is kept here in clear. Expired windows are deleted by a periodic job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * A user's tags (DESIGN §11, docs/tags.md): names unique per user ignoring case; an archived tag
 * keeps its transactions but is no longer offered in the form.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tags_user_name_key').on(t.userId, sql`lower(${t.name})`),
    check('tags_color_check', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
    // Target of the composite foreign keys that pin a tag link to its owner's tags.
    unique('tags_user_id_key').on(t.userId, t.id),
  ],
);

/**
 * A transaction's tags: at most 10 per transaction (TAG_LIMITS.perTransaction; migration 0025's
 * trigger refuses an 11th). Both foreign keys carry the user, so a row can only carry its
 * owner's tags; deleting the tag or the transaction removes the link.
 */
export const transactionTags = pgTable(
  'transaction_tags',
  {
    transactionId: uuid('transaction_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    userId: uuid('user_id').notNull(),
    /**
     * Copies of the row's date and type, and the amount it counts with in per-tag totals (null
     * when it counts in none: a transfer leg, an opening or adjustment row). Written only by the
     * triggers of migration 0031 (`transaction_tags_fill`, `transactions_tags_refill`), never by
     * code: spending by tag reads one index range of these instead of joining the rows
     * (docs/tags.md).
     */
    date: date('date', { mode: 'string' }),
    type: text('type').$type<'expense' | 'income'>(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'transaction_tags_pk', columns: [t.transactionId, t.tagId] }),
    foreignKey({
      name: 'transaction_tags_transaction_fk',
      columns: [t.userId, t.transactionId],
      foreignColumns: [transactions.userId, transactions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'transaction_tags_tag_fk',
      columns: [t.userId, t.tagId],
      foreignColumns: [tags.userId, tags.id],
    }).onDelete('cascade'),
    // A tag's transactions (tag filters, usage counts, spending by tag).
    index('transaction_tags_tag_idx').on(t.tagId, t.transactionId),
    // Spending by tag over a period: an index-only range per user and type (docs/tags.md).
    index('transaction_tags_user_type_date_idx').on(t.userId, t.type, t.date, t.tagId, t.amountCents),
  ],
);

/** A recurring item's tags: the rows it generates copy them. */
export const recurringTags = pgTable(
  'recurring_tags',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringTransactions.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'recurring_tags_pk', columns: [t.recurringId, t.tagId] }),
    foreignKey({
      name: 'recurring_tags_tag_fk',
      columns: [t.userId, t.tagId],
      foreignColumns: [tags.userId, tags.id],
    }).onDelete('cascade'),
    index('recurring_tags_tag_idx').on(t.tagId),
  ],
);

/** Tags an import rule adds to the rows it categorises. */
export const importRuleTags = pgTable(
  'import_rule_tags',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => importRules.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'import_rule_tags_pk', columns: [t.ruleId, t.tagId] }),
    foreignKey({
      name: 'import_rule_tags_tag_fk',
      columns: [t.userId, t.tagId],
      foreignColumns: [tags.userId, tags.id],
    }).onDelete('cascade'),
    index('import_rule_tags_tag_idx').on(t.tagId),
  ],
);

/**
 * Daily exchange rates shared by every user, read-only to them (DESIGN §12, docs/currencies.md):
 * units of `currency` per one unit of the anchor (USD), so a cross rate is rate(B) / rate(C).
 * `dataset`: seeded from the bundled history at start-up; `feed`: fetched from RATES_URL.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: varchar('currency', { length: 3 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rateVsAnchor: numeric('rate_vs_anchor', { precision: 30, scale: 12 }).notNull(),
    source: text('source').$type<'dataset' | 'feed'>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'exchange_rates_pk', columns: [t.currency, t.day] }),
    check('exchange_rates_rate_check', sql`${t.rateVsAnchor} > 0`),
    check('exchange_rates_source_check', sql`${t.source} in ('dataset', 'feed')`),
  ],
);

/** Which bundled rate data set is in `exchange_rates` (seeding is done once per data set). */
export const exchangeRateSeeds = pgTable('exchange_rate_seeds', {
  dataset: text('dataset').primaryKey(),
  rows: integer('rows').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's own rates (private; they win over the shared ones): 1 unit of `currency` = `rate`
 * units of `base`, the user's base currency when entered, on `day`.
 */
export const userRates = pgTable(
  'user_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    base: varchar('base', { length: 3 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    /**
     * Set when the rate is the one a cross-currency transfer implies (DESIGN §12): it follows that
     * transfer's edits and goes with it; a rate the user enters (PUT /rates) clears it.
     */
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_rates_transfer_idx').on(t.transferId),
    unique('user_rates_user_currency_base_day_key').on(t.userId, t.currency, t.base, t.day),
    check('user_rates_rate_check', sql`${t.rate} > 0`),
    check('user_rates_currencies_check', sql`${t.currency} <> ${t.base}`),
  ],
);
