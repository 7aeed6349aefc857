import { z } from 'zod';
import { LIMITS } from './constants.js';
import { amountCentsSchema } from './transaction.js';
import { tagIdsInputSchema } from './tag.js';

/* ---------------------------------------------------------------------------------------------
 * Statement import options (DESIGN §7). What is omitted is detected from the file; the effective
 * options (detected or given) come back on the batch so the wizard can show and change them.
 * ------------------------------------------------------------------------------------------- */

export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** WHATWG encoding labels the importer offers; any label TextDecoder knows is accepted. */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-15',
] as const;

/** Date patterns are made of YYYY YY MM M DD D MMM and the file's own separators. */
const DATE_FORMAT_RE = /^(?=.*(?:YY|M|D))[YMD./\- ,']{2,20}$/;

const columnName = z.string().trim().min(1, 'Choose a column').max(200);

export const importCsvColumnsSchema = z.object({
  date: columnName.optional(),
  amount: columnName.optional(),
  debit: columnName.optional(),
  credit: columnName.optional(),
  direction: columnName.optional(),
  description: z.array(columnName).max(20).optional(),
  payee: columnName.optional(),
  /** A column of ISO 4217 codes: the statement's currency (DESIGN §12). */
  currency: columnName.optional(),
});
export type ImportCsvColumns = z.infer<typeof importCsvColumnsSchema>;

export const importCsvOptionsSchema = z.object({
  delimiter: z
    .string()
    .min(1, 'Choose a delimiter')
    .max(1, 'A delimiter is one character')
    .refine((d) => d !== '"' && d !== '\n' && d !== '\r', 'This character cannot be a delimiter')
    .optional(),
  headerRow: z.number().int('Header row is a whole number').min(0).max(1000).optional(),
  decimalSeparator: z.enum(['.', ','], { error: 'Decimal mark is "." or ","' }).optional(),
  columns: importCsvColumnsSchema.optional(),
});
export type ImportCsvOptions = z.infer<typeof importCsvOptionsSchema>;

export const importOptionsSchema = z.object({
  encoding: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((label) => {
      try {
        new TextDecoder(label);
        return true;
      } catch {
        return false;
      }
    }, 'Unknown text encoding')
    .optional(),
  invertSign: z.boolean().optional(),
  dateFormat: z
    .string()
    .trim()
    .regex(DATE_FORMAT_RE, 'Date format is a pattern such as DD.MM.YYYY, M/D/YY or DD-MMM-YYYY')
    .optional(),
  profileId: z.uuid('Choose a saved profile').optional(),
  /** True: detect everything anew, without the settings remembered from the last import of this file's shape. */
  fresh: z.boolean({ error: 'fresh must be true or false' }).optional(),
  csv: importCsvOptionsSchema.optional(),
  /** The account the statement goes into (DESIGN §10); with one account, that one. */
  accountId: z.uuid('Choose an account').optional(),
  /** For a file holding several accounts: the statement account (identity) whose rows to import. */
  statementAccount: z.string().trim().min(1).max(100).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Import batches, rows, rules and profiles (the API of DESIGN §7 around the parsing engine).

export const IMPORT_LIMITS = {
  /** Largest statement file accepted. */
  maxBytes: 20 * 1024 * 1024,
  /** Most postings one file may hold. */
  maxPostings: 200_000,
  /** Rows per page of GET /imports/{id}. */
  pageSizeDefault: 100,
  pageSizeMax: 1000,
  /** Batches with more rows than this commit in the background. */
  backgroundRows: 2000,
  /** Days either side of a posting in which an existing transaction of the same amount is a near match. */
  nearMatchDays: 3,
  /** A preview (or failed import) not changed for this long is discarded with its file. */
  previewHours: 24,
} as const;

export const IMPORT_BATCH_STATUS = ['preview', 'importing', 'committed', 'reverted', 'failed'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUS)[number];
export const IMPORT_ROW_STATUS = ['new', 'duplicate', 'possible-duplicate', 'error', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUS)[number];
export const SUGGESTED_BY = ['rule', 'history', 'file', 'fallback', 'user'] as const;
export type SuggestedBy = (typeof SUGGESTED_BY)[number];

export const IMPORT_MSG = {
  /** A statement in another currency than the chosen account's (DESIGN §12). */
  currencyMismatch: (statement: string, accountName: string, account: string) =>
    `This statement is in ${statement} but the account "${accountName}" is in ${account}: choose an account in ${statement}, or create one, before importing.`,
  /** A statement stating several currencies. */
  severalCurrencies: (codes: string[]) =>
    `This statement holds amounts in several currencies (${codes.join(', ')}); an account holds one. Split the file per currency.`,
  noFile: 'Choose a statement file to import',
  tooLarge: 'The file is larger than 20 MB. Split the statement into smaller files and import them one by one.',
  tooManyPostings: 'The file holds more than 200,000 postings. Split it into smaller files and import them one by one.',
  badOptions: 'The import settings are not valid',
  optionsNotJson: 'The import settings must be a JSON object',
  notPreview: 'This import is no longer a preview',
  notCommitted: 'Only a finished import can be undone',
  revertReconciled: 'This import has reconciled transactions: reopen the reconciliation before undoing the import',
  revertClosed: 'This import has transactions in a closed account: reopen the account before undoing the import',
  importing: 'This import is still running',
  interrupted: 'The import was interrupted (the server stopped) and nothing was imported. Try again.',
  futureDate: 'The date is after today',
  zeroAmount: 'The amount is zero',
  tooBig: 'The amount is too large',
  noDate: 'The date could not be read',
  noAmount: 'The amount could not be read',
  duplicate: 'Already imported',
  duplicateLedger: 'The same transaction is already in your ledger',
  possibleDuplicate: (date: string) => `A transaction of the same amount exists on ${date}`,
  noMatch: 'This row has no existing transaction to be the same as',
  notFileCategory: 'Only the file’s own category names can be created here',
  wrongCategory: 'Choose a category of the same type as the row',
} as const;

const uuid = (message: string) => z.uuid({ error: message });

/** Body of PUT /imports/{id}. */
export const importUpdateSchema = z.object({
  options: importOptionsSchema.optional(),
  rows: z
    .array(
      z.object({
        index: z.number({ error: 'Row index must be a whole number' }).int().min(0),
        categoryId: uuid('Unknown category').optional(),
        skip: z.boolean({ error: 'skip must be true or false' }).optional(),
        /** With categoryId: the same category for every row of this row's payee and type. */
        samePayee: z.boolean({ error: 'samePayee must be true or false' }).optional(),
        /**
         * "Same as …": true links a possible duplicate to the existing transaction it matches
         * (imported as nothing; the commit gives that transaction the row's bank identity), false
         * undoes the link.
         */
        sameAs: z.boolean({ error: 'sameAs must be true or false' }).optional(),
      }),
      { error: 'rows must be a list' },
    )
    .max(IMPORT_LIMITS.pageSizeMax * 10, 'Too many rows in one update')
    .optional(),
  /**
   * Creates these of the file's own category names (`fileCategories` of the batch) and gives
   * each to the rows that had no better match than "Uncategorized".
   */
  createCategories: z
    .array(
      z.object({
        name: z
          .string({ error: 'Enter the category name' })
          .trim()
          .min(1, 'Enter the category name')
          .max(50, 'The name must be at most 50 characters'),
        type: z.enum(['expense', 'income'], { error: 'Type must be expense or income' }),
      }),
      { error: 'createCategories must be a list' },
    )
    .max(50, 'Create at most 50 categories at once')
    .optional(),
});
export type ImportUpdate = z.infer<typeof importUpdateSchema>;

/** Query of GET /imports/{id}: one page of rows. */
export const importRowsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${IMPORT_LIMITS.pageSizeMax}` })
    .int(`Limit must be a whole number from 1 to ${IMPORT_LIMITS.pageSizeMax}`)
    .min(1, `Limit must be a whole number from 1 to ${IMPORT_LIMITS.pageSizeMax}`)
    .max(IMPORT_LIMITS.pageSizeMax, `Limit must be a whole number from 1 to ${IMPORT_LIMITS.pageSizeMax}`)
    .default(IMPORT_LIMITS.pageSizeDefault),
  /** The index of the first row of the page (answered as nextCursor). */
  cursor: z.coerce.number({ error: 'Invalid cursor' }).int('Invalid cursor').min(0, 'Invalid cursor').optional(),
  status: z.enum(IMPORT_ROW_STATUS, { error: 'Unknown row status' }).optional(),
});
export type ImportRowsQuery = z.infer<typeof importRowsQuerySchema>;

const count = z.number().int();

/**
 * Options as stored and answered: the import options' shape (documented as such), not checked
 * again on the way out, where a transform or refinement could not be encoded.
 */
const effectiveOptions = z
  .custom<ImportOptions>((v) => typeof v === 'object' && v !== null)
  .meta({ type: 'object', description: 'The import options in effect (see ImportOptions of the request bodies)' });

export const importSummarySchema = z.object({
  /** Every posting read from the file. */
  rows: count,
  /** Signed sum of the readable amounts. */
  total: z.number(),
  /** Sum of the positive amounts. */
  income: z.number(),
  /** Sum of the negative amounts, as a positive number. */
  expense: z.number(),
  incomeCount: count,
  expenseCount: count,
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
  new: count,
  duplicates: count,
  /** Rows flagged as possible duplicates, whatever was chosen for them (they start unticked). */
  possibleDuplicates: count,
  errors: count,
  /** Rows set aside (unticked), possible duplicates left unticked included; linked rows not. */
  skipped: count,
  /** Rows linked to an existing transaction with "Same as …". */
  linked: count,
  /** Rows the commit will import. */
  toImport: count,
  /** Transactions the commit created (0 until committed). */
  imported: count,
});
export type ImportSummary = z.output<typeof importSummarySchema>;

export const importRowSchema = z.object({
  index: count,
  date: z.string().nullable(),
  amount: z.number().nullable(),
  description: z.string(),
  payee: z.string().optional(),
  account: z.string().optional(),
  externalId: z.string().optional(),
  status: z.enum(IMPORT_ROW_STATUS),
  message: z.string().optional(),
  categoryId: z.string().nullable(),
  suggestedBy: z.enum(SUGGESTED_BY).optional(),
  /** The lines a rule split the row into (the commit writes it as a split row). */
  lines: z.array(z.object({ categoryId: z.string(), amount: z.number(), note: z.string().nullable() })).optional(),
  /** Why the rule's split did not apply (the row imports unsplit, with the rule's category). */
  splitMessage: z.string().optional(),
  /** Tags the rule adds at commit. */
  tagIds: z.array(z.string()).optional(),
  /** Whether the commit imports this row (a possible duplicate starts unticked). */
  include: z.boolean(),
  /** A possible duplicate's nearest existing transaction. */
  match: z
    .object({ id: z.string(), date: z.string(), description: z.string().nullable(), amount: z.number() })
    .optional(),
  /** True when linked to `match` with "Same as …". */
  linked: z.boolean().optional(),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_BATCH_STATUS),
  createdAt: z.string(),
  /** The effective options, detected or given. */
  options: effectiveOptions,
  needsReview: z.array(z.string()),
  summary: importSummarySchema,
  /** The CSV header row, when the file has one (to choose column roles from). */
  header: z.array(z.string()).optional(),
  /** Why the batch failed, when it did. */
  message: z.string().optional(),
  progress: z.object({ done: count, total: count }).optional(),
  /**
   * In a preview: the file's own category names (QIF `L` lines, a CSV category column) that
   * match none of the user's categories of the rows' type, with how many rows carry each.
   */
  fileCategories: z.array(z.object({ name: z.string(), type: z.enum(['expense', 'income']), rows: count })).optional(),
  rows: z.array(importRowSchema).optional(),
  meta: z.object({ nextCursor: count.nullable() }).optional(),
  /** The account the rows go into: chosen, the only one, or recognised from the file (null: choose one). */
  accountId: z.string().nullable().optional(),
  /** The account the file's own account identity was last imported into. */
  suggestedAccountId: z.string().nullable().optional(),
  /** The account identities the file names (OFX ACCTID, CAMT IBAN, a CSV account column), with their row counts. */
  statementAccounts: z.array(z.object({ id: z.string(), rows: count })).optional(),
  /**
   * The statement's currency (OFX CURDEF, CAMT Ccy, a CSV currency column) against the account's:
   * `statement` null when the file states none (then nothing is checked); `matches` false with a
   * sentence and the user's open accounts in the statement's currency when they differ.
   */
  currency: z
    .object({
      statement: z.string().nullable(),
      account: z.string().nullable(),
      matches: z.boolean(),
      message: z.string().nullable(),
      accounts: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .optional(),
  /** The file's closing balance against the account's balance on that date (after commit). */
  balanceCheck: z
    .object({ date: z.string(), statementBalance: z.number(), ledgerBalance: z.number(), matches: z.boolean() })
    .nullable()
    .optional(),
  /** Transfer matching after the commit: pairs linked, and possible transfers left to review. */
  transfers: z.object({ linked: count, suggested: count }).optional(),
});
export type ImportBatch = z.output<typeof importBatchSchema>;

export const RULE_SPLIT_MSG = {
  line: 'Each split line needs a category and either an amount or a percentage',
  both: 'A split line takes either an amount or a percentage, not both',
  percent: 'A percentage must be more than 0 and at most 100, with at most two decimals',
  percentSum: (sum: number) => `The percentages must add up to 100 (they add up to ${sum})`,
  needPercent: 'A split needs at least one line with a percentage, which takes what is left',
  tooFew: 'A split needs at least two lines',
  tooMany: 'A rule can split into at most 20 lines',
  noteMax: 'A line note must be at most 255 characters',
  /** The row's amount does not cover the fixed lines (or leaves a percentage line nothing). */
  cannot: (fixedCents: number) =>
    `Not split: the amount is too small for the rule's split (its fixed lines come to ${(fixedCents / 100).toFixed(2)})`,
  categoryGone: "Not split: a category of the rule's split no longer exists",
} as const;

export const RULE_SPLIT_LINES_MAX = 20;

const percentSchema = z
  .number({ error: RULE_SPLIT_MSG.percent })
  .gt(0, RULE_SPLIT_MSG.percent)
  .max(100, RULE_SPLIT_MSG.percent)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, RULE_SPLIT_MSG.percent);

export const ruleSplitLineInputSchema = z
  .object(
    {
      categoryId: uuid('Please select a category for each line'),
      amount: amountCentsSchema.optional(),
      percent: percentSchema.optional(),
      note: z
        .string({ error: RULE_SPLIT_MSG.noteMax })
        .trim()
        .max(LIMITS.descriptionMax, RULE_SPLIT_MSG.noteMax)
        .nullish()
        .transform((v) => (v ? v : null)),
    },
    { error: RULE_SPLIT_MSG.line },
  )
  .superRefine((l, ctx) => {
    if (l.amount === undefined && l.percent === undefined)
      ctx.addIssue({ code: 'custom', message: RULE_SPLIT_MSG.line });
    if (l.amount !== undefined && l.percent !== undefined)
      ctx.addIssue({ code: 'custom', message: RULE_SPLIT_MSG.both });
  });
export type RuleSplitLineInput = z.output<typeof ruleSplitLineInputSchema>;

/** A rule's `split`: each line checked on its own ("Line 2: …"), then the lines together. */
export const ruleSplitSchema = z
  .array(z.unknown(), { error: 'split must be a list of lines' })
  .max(RULE_SPLIT_LINES_MAX, RULE_SPLIT_MSG.tooMany)
  .transform((items, ctx) => {
    const lines: RuleSplitLineInput[] = [];
    items.forEach((item, i) => {
      const result = ruleSplitLineInputSchema.safeParse(item);
      if (result.success) lines.push(result.data);
      else
        ctx.addIssue({
          code: 'custom',
          message: `Line ${i + 1}: ${result.error.issues[0]?.message ?? RULE_SPLIT_MSG.line}`,
        });
    });
    if (lines.length !== items.length || !items.length) return lines;
    if (lines.length < 2) ctx.addIssue({ code: 'custom', message: RULE_SPLIT_MSG.tooFew });
    const percents = lines.filter((l) => l.percent !== undefined);
    if (!percents.length) ctx.addIssue({ code: 'custom', message: RULE_SPLIT_MSG.needPercent });
    else {
      const basis = percents.reduce((s, l) => s + Math.round((l.percent ?? 0) * 100), 0);
      if (basis !== 10000) ctx.addIssue({ code: 'custom', message: RULE_SPLIT_MSG.percentSum(basis / 100) });
    }
    return lines;
  });

/** One stored line of a rule's split: a fixed amount in cents, or a percentage in basis points. */
export interface RuleSplitLine {
  categoryId: string;
  amountCents: number | null;
  basisPoints: number | null;
  note: string | null;
}

/**
 * A row of `amountCents` (positive) divided by a rule's split: the fixed lines take their
 * amounts, the percentage lines share the rest in exact cents by largest remainder (each takes
 * its floor, the cents left go one each to the largest fractions, a tie to the later line, so the
 * last line takes the rounding rest) — the lines always add up to the row. Null when the row is
 * too small (every line must get at least one cent): the row stays unsplit.
 */
export function divideBySplit(
  amountCents: number,
  split: readonly RuleSplitLine[],
): { categoryId: string; amountCents: number; note: string | null }[] | null {
  const fixed = split.reduce((s, l) => s + (l.amountCents ?? 0), 0);
  const rest = amountCents - fixed;
  if (rest <= 0) return null;
  const shares = split.map((l) => {
    if (l.basisPoints === null) return { cents: l.amountCents ?? 0, frac: -1 };
    const exact = rest * l.basisPoints;
    return { cents: Math.floor(exact / 10000), frac: exact % 10000 };
  });
  let left = amountCents - shares.reduce((s, x) => s + x.cents, 0);
  const order = shares
    .map((x, i) => ({ share: x, i, frac: x.frac }))
    .filter((x) => x.frac >= 0)
    .sort((a, b) => b.frac - a.frac || b.i - a.i);
  // Without a percentage line nothing takes the rest (the schema never lets such a split in).
  if (!order.length && left !== 0) return null;
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) {
    const next = order[k];
    if (next) next.share.cents += 1;
  }
  if (shares.some((x) => x.cents <= 0)) return null;
  return split.map((l, i) => ({ categoryId: l.categoryId, amountCents: shares[i]?.cents ?? 0, note: l.note }));
}

/** What the fixed lines of a split come to. */
export const splitFixedCents = (split: readonly RuleSplitLine[]): number =>
  split.reduce((s, l) => s + (l.amountCents ?? 0), 0);

export const ruleInputSchema = z.object({
  contains: z
    .string({ error: 'Enter the text to look for' })
    .trim()
    .min(1, 'Enter the text to look for')
    .max(100, 'The text must be at most 100 characters'),
  categoryId: uuid('Please select a category'),
  /**
   * Divides a matching row into lines (docs/imports.md "Rules that split"): fixed amounts first,
   * then percentages of what is left (they add up to 100). Absent, null or [] on an update: no split.
   */
  split: ruleSplitSchema
    .nullish()
    .transform((v) => (v?.length ? v : null))
    .optional(),
  /** Tags the commit adds to the rows the rule matches (at most 10); absent on an update: none. */
  tagIds: tagIdsInputSchema.optional(),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;

export const ruleSplitLineOutSchema = z.object({
  categoryId: z.string(),
  /** A fixed amount (positive), or null when the line takes a percentage. */
  amount: z.number().nullable(),
  percent: z.number().nullable(),
  note: z.string().nullable(),
});

export const importRuleSchema = z.object({
  id: z.string(),
  contains: z.string(),
  categoryId: z.string(),
  split: z.array(ruleSplitLineOutSchema).nullable(),
  tagIds: z.array(z.string()),
  /** Rules are tried in this order (lowest first); the first that matches a row gives its category. */
  position: z.number().int(),
  createdAt: z.string(),
});
export type ImportRule = z.output<typeof importRuleSchema>;

/** Body of PUT /rules/order: every rule id of the user, in the order they are to be tried. */
export const ruleOrderSchema = z.object({
  ids: z
    .array(uuid('Unknown rule'), { error: 'ids must be a list of rule ids' })
    .min(1, 'ids must list the rules')
    .max(1000, 'Too many rules'),
});
export type RuleOrder = z.infer<typeof ruleOrderSchema>;

/** What a rule would change in the past (POST /rules/preview) — how many rows, the newest of them. */
export const ruleMatchesSchema = z.object({
  total: z.number().int(),
  rows: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      description: z.string().nullable(),
      amount: z.number(),
      type: z.enum(['expense', 'income']),
      category: z.object({ id: z.string(), name: z.string(), icon: z.string(), color: z.string() }),
    }),
  ),
});
export type RuleMatches = z.output<typeof ruleMatchesSchema>;

export const RULE_MSG = {
  orderMismatch: 'List every one of your rules exactly once',
} as const;

export const profileInputSchema = z.object({
  name: z
    .string({ error: 'Enter a name for the profile' })
    .trim()
    .min(1, 'Enter a name for the profile')
    .max(50, 'The name must be at most 50 characters'),
  /** The header row the profile is recognised by (the file's own column names). */
  header: z.array(z.string().max(200)).min(1, 'A profile needs the header row').max(200),
  options: importOptionsSchema,
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const importProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  header: z.array(z.string()),
  options: effectiveOptions,
  createdAt: z.string(),
});
export type ImportProfile = z.output<typeof importProfileSchema>;

/** The key a header row is recognised by: trimmed, lower-cased cells joined by a unit separator. */
export const headerKey = (header: readonly string[]) => header.map((h) => h.trim().toLowerCase()).join('\u001f');

/**
 * The key a file without a header row (OFX, QFX, QIF, CAMT) is recognised by: its format and the
 * statement's account id, or the format alone when the file names no account. Starts with a
 * record separator, which no header key does, so the two never meet.
 */
export const accountKey = (format: string, account: string | null | undefined) =>
  `\u001e${format}\u001f${(account ?? '').trim().toLowerCase()}`;
