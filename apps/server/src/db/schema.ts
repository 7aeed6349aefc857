import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  foreignKey,
  index,
  pgTable,
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

export const recurringTransactions = pgTable(
  'recurring_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    type: text('type').$type<'expense' | 'income'>().notNull(),
    amountCents: cents('amount_cents'),
    description: varchar('description', { length: 255 }).notNull(),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly' | 'yearly'>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** First occurrence not generated yet; null once the series has ended. */
    nextDate: date('next_date', { mode: 'string' }),
    lastGenerated: date('last_generated', { mode: 'string' }),
    /**
     * Set when a paused item is resumed: occurrences before this date fell due while it was
     * paused and stay skipped, whatever later edits do to the schedule.
     */
    skippedBefore: date('skipped_before', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
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
    index('recurring_user_idx').on(t.userId, t.createdAt),
    index('recurring_due_idx')
      .on(t.nextDate)
      .where(sql`${t.isActive} and ${t.nextDate} is not null`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    type: text('type').$type<'expense' | 'income'>().notNull(),
    amountCents: cents('amount_cents'),
    description: varchar('description', { length: 255 }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Id of the encrypted receipt files under DATA_DIR/receipts; null without a receipt. */
    receiptKey: uuid('receipt_key'),
    receiptMime: text('receipt_mime'),
    recurringId: uuid('recurring_id').references(() => recurringTransactions.id, { onDelete: 'set null' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transactions_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
    check('transactions_type_check', sql`${t.type} in ('expense', 'income')`),
    foreignKey({
      name: 'transactions_category_fk',
      columns: [t.userId, t.categoryId, t.type],
      foreignColumns: [categories.userId, categories.id, categories.type],
    }).onDelete('restrict'),
    // Exactly-once generation of recurring occurrences.
    uniqueIndex('transactions_recurring_occurrence_key').on(t.recurringId, t.occurrenceDate),
    // Newest-first paging and date-range filters.
    index('transactions_user_date_idx').on(t.userId, t.date.desc(), t.createdAt.desc(), t.id.desc()),
    index('transactions_user_type_date_idx').on(t.userId, t.type, t.date),
    index('transactions_user_category_date_idx').on(t.userId, t.categoryId, t.date),
    // Covers the analytics aggregates (sums per period, type and category) with index-only scans.
    index('transactions_user_date_totals_idx').on(t.userId, t.date, t.type, t.categoryId, t.amountCents),
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
