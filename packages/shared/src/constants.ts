export const TRANSACTION_TYPES = ['expense', 'income'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const BUDGET_PERIODS = ['monthly', 'yearly'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  nameMax: 50,
  categoryNameMax: 50,
  descriptionMax: 255,
  receiptMaxBytes: 5 * 1024 * 1024,
  pageSizeDefault: 50,
  pageSizeMax: 500,
  /** A list with a description search counts at most this many matches (then `totalIsLowerBound`). */
  searchCountBound: 1000,
  upcomingDays: 30,
  recentLimit: 5,
  topCategoriesLimit: 5,
  trendMonths: 12,
} as const;

/** Budget thresholds in percent. */
export const BUDGET_WARNING_PCT = 70;
export const BUDGET_EXCEEDED_PCT = 100;
/** Banners vanish after this many milliseconds. */
export const BANNER_MS = 3000;
export const PIE_LABEL_MIN_PCT = 5;

export const RECEIPT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Machine codes of API errors (DESIGN.md §3). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_JSON',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'READ_ONLY',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'CATEGORY_IN_USE',
  'DUPLICATE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'DB_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'OVERLOADED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Most rows of a kind one user may have (docs/operations.md, "Limits"): generous for a person,
 * small enough that every list answering them whole stays bounded. Over the cap a create answers
 * 409 with LIMIT_MESSAGES' sentence and writes nothing.
 */
export const PER_USER_LIMITS = {
  categories: 200,
  /** Money accounts, open and closed (DESIGN §10). */
  accounts: 100,
  importRules: 500,
  importProfiles: 100,
  apiTokens: 50,
  /**
   * Imports waiting for review (previews, and failed imports that can be retried): each keeps
   * its uploaded file until it is committed, discarded or expires (IMPORT_LIMITS.previewHours).
   */
  openImports: 20,
  /** Sessions listed by GET /account/sessions: the most recently used. */
  sessionsListed: 100,
  /** Exchange rates of the user's own (PUT /rates): ten years of one currency, every day, and more. */
  userRates: 5000,
} as const;

export const LIMIT_MESSAGES = {
  categories: `You can have at most ${PER_USER_LIMITS.categories} categories. Delete one you no longer need first.`,
  accounts: `You can have at most ${PER_USER_LIMITS.accounts} accounts. Delete one you no longer need first.`,
  importRules: `You can have at most ${PER_USER_LIMITS.importRules} rules. Delete one you no longer need first.`,
  importProfiles: `You can have at most ${PER_USER_LIMITS.importProfiles} saved import settings. Delete one you no longer need first.`,
  apiTokens: `You can have at most ${PER_USER_LIMITS.apiTokens} API tokens. Revoke one you no longer need first.`,
  openImports: `You can have at most ${PER_USER_LIMITS.openImports} imports waiting for review. Import or discard one of them first.`,
  userRates: `You can have at most ${PER_USER_LIMITS.userRates} exchange rates of your own. Delete some you no longer need first.`,
} as const;
